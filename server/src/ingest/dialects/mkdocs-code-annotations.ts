import type { Code, Nodes, Parent, Root } from 'mdast';
import { markChanged } from '../mdast-edits';

/** How a language writes comments: openers of comments that run to the line's end, and of closed ones. */
interface CommentSyntax {
  line: readonly string[];
  block: ReadonlyArray<readonly [string, string]>;
}

const hash: CommentSyntax = { line: ['#'], block: [] };
const slash: CommentSyntax = { line: ['//'], block: [['/*', '*/']] };
const markup: CommentSyntax = { line: [], block: [['<!--', '-->']] };
const syntaxes: ReadonlyArray<readonly [CommentSyntax, readonly string[]]> = [
  [hash, ['python', 'py', 'py3', 'python3', 'pycon', 'yaml', 'yml', 'toml', 'sh', 'bash', 'shell', 'zsh', 'fish', 'console', 'shell-session', 'sh-session', 'ruby', 'rb', 'r', 'perl', 'pl', 'dockerfile', 'docker', 'makefile', 'make', 'cmake', 'nix', 'elixir', 'ex', 'exs', 'powershell', 'ps1', 'pwsh', 'tcl', 'awk', 'conf', 'cfg', 'properties', 'hcl', 'terraform', 'tf', 'graphql', 'gql', 'julia', 'jl', 'nim', 'crystal', 'coffee', 'coffeescript', 'dotenv', 'env', 'caddyfile', 'nginx', 'apacheconf', 'requirements']],
  [slash, ['js', 'javascript', 'mjs', 'cjs', 'ts', 'typescript', 'jsx', 'tsx', 'java', 'c', 'h', 'cpp', 'c++', 'cc', 'hpp', 'cs', 'csharp', 'go', 'golang', 'rust', 'rs', 'swift', 'kotlin', 'kt', 'kts', 'scala', 'dart', 'groovy', 'gradle', 'json', 'json5', 'jsonc', 'zig', 'proto', 'protobuf', 'solidity', 'sol', 'objective-c', 'objc', 'scss', 'less', 'sass', 'typst']],
  [{ line: ['//', '#'], block: [['/*', '*/']] }, ['php']],
  [{ line: [], block: [['/*', '*/']] }, ['css']],
  [markup, ['xml', 'svg', 'xsl', 'md', 'markdown']],
  // HTML and components hold scripts and styles, whose comments Pygments reads too.
  [{ line: ['//'], block: [['<!--', '-->'], ['/*', '*/']] }, ['html', 'htm', 'xhtml', 'vue', 'svelte', 'astro', 'jinja', 'jinja2', 'j2', 'django', 'html+jinja']],
  [{ line: ['--'], block: [] }, ['sql', 'mysql', 'postgresql', 'postgres', 'pgsql', 'plpgsql', 'sqlite', 'lua', 'haskell', 'hs', 'elm', 'ada']],
  [{ line: ['%'], block: [] }, ['tex', 'latex', 'matlab', 'erlang', 'erl', 'prolog']],
  [{ line: [';', '#'], block: [] }, ['ini', 'dosini', 'lisp', 'clojure', 'clj', 'scheme', 'elisp', 'emacs-lisp', 'asm', 'nasm']],
];
const syntaxOfLanguage = new Map(syntaxes.flatMap(([syntax, languages]) => languages.map((language) => [language, syntax] as const)));
// Highlighted with a lexer this table does not name: the comment syntaxes most languages use.
const commonSyntax: CommentSyntax = { line: ['#', '//'], block: [['/*', '*/'], ['<!--', '-->']] };
// Pygments' plain-text lexers have no comments, so no annotations (Material finds markers in comment tokens only).
const plainLanguages = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'output', 'none']);

const marker = /\((\d+)\)(!)?/g;
const anyMarker = /\(\d+\)/;
const annotateClass = /(?:^|[\s{])\.annotate(?=[\s}]|$)/;

/**
 * Takes Material's code annotation markers out of code blocks, as the built page shows them: a
 * marker `(1)` in a comment is a bubble that opens the first item of the ordered list after the
 * block, no text. With `!` after it (`# (1)!`) the whole comment is stripped; without, the
 * comment's other characters stay (`- content.code.annotate # (1)` reads `- content.code.annotate #`).
 * The list after the block is kept as written (it is the annotations' text).
 *
 * As Material does (its code block component), a block carries annotations only when the
 * `content.code.annotate` feature is on (`everyBlock`) or the block has the `.annotate` class
 * (```` ``` yaml { .annotate } ````), and an ordered list follows it (empty paragraphs between
 * skipped); a marker is one only in a comment of the block's language (`#`, `//`, C block
 * comments, `<!-- -->`, `--`…) and only when the list has that many items. Code whose comments merely hold
 * `(1)` elsewhere stays as written.
 */
export function removeAnnotationMarkers(tree: Root, options: { everyBlock: boolean }): void {
  const visit = (parent: Parent) => {
    const children = parent.children as Nodes[];
    for (const [index, node] of children.entries()) {
      if (node.type === 'code') {
        if (!options.everyBlock && !annotateClass.test(`${node.lang ?? ''} ${node.meta ?? ''}`)) continue;
        const annotations = annotationCount(children, index);
        if (annotations > 0) removeMarkers(node, annotations);
      } else if ('children' in node) visit(node);
    }
  };
  visit(tree);
}

/** How many annotations the ordered list after `children[index]` holds (0 when none follows). */
function annotationCount(children: readonly Nodes[], index: number): number {
  for (let next = index + 1; next < children.length; next++) {
    const node = children[next] as Nodes;
    if (node.type === 'list') return node.ordered === true ? node.children.length : 0;
    const empty = node.type === 'paragraph' && node.children.every((child) => child.type === 'text' && child.value.trim() === '');
    if (!empty) return 0;
  }
  return 0;
}

/** Removes the markers numbered 1 to `annotations` from the comments of a code block. */
function removeMarkers(node: Code, annotations: number): void {
  const language = languageOf(node);
  if (plainLanguages.has(language)) return;
  const syntax = syntaxOfLanguage.get(language) ?? commonSyntax;
  let changed = false;
  const lines = node.value.split('\n').map((line) => {
    if (!anyMarker.test(line)) return line;
    const cleaned = cleanLine(line, syntax, annotations);
    if (cleaned !== line) changed = true;
    return cleaned;
  });
  if (!changed) return;
  node.value = lines.join('\n');
  markChanged(node);
}

/** The block's language: its fence's first word, or the first class of a superfences attribute list (```` ``` { .yaml .annotate } ````). */
function languageOf(node: Code): string {
  const lang = (node.lang ?? '').toLowerCase();
  if (!lang.startsWith('{')) return lang;
  const firstClass = /\.([\w+#-]+)/.exec(`${lang} ${node.meta ?? ''}`)?.[1]?.toLowerCase();
  return firstClass === undefined || firstClass === 'annotate' ? '' : firstClass;
}

/** One line with its annotation markers taken out of its comments, built in one pass. */
function cleanLine(line: string, syntax: CommentSyntax, annotations: number): string {
  const pieces: string[] = [];
  let copied = 0;
  for (const [start, end] of commentRanges(line, syntax)) {
    const comment = line.slice(start, end);
    const found = [...comment.matchAll(marker)].filter((match) => {
      const number = Number(match[1]);
      return number >= 1 && number <= annotations;
    });
    if (found.length === 0) continue;
    if (found.some((match) => match[2] === '!')) {
      // The whole comment goes, with the white space before it.
      pieces.push(line.slice(copied, start).trimEnd());
      copied = end;
      while (line[copied] === ' ' || line[copied] === '\t') copied++;
      if (copied < line.length) pieces.push(' ');
      continue;
    }
    // Each marker goes with one space before it (`# (1)` reads `#`).
    pieces.push(line.slice(copied, start));
    let inComment = 0;
    for (const match of found) {
      const before = comment.slice(inComment, match.index);
      pieces.push(before.endsWith(' ') ? before.slice(0, -1) : before);
      inComment = match.index + match[0].length;
    }
    pieces.push(comment.slice(inComment));
    copied = end;
  }
  if (pieces.length === 0) return line;
  pieces.push(line.slice(copied));
  return pieces.join('').trimEnd();
}

/**
 * Where a line's comments are, `[start, end)`: a comment opener outside quoted strings, running to
 * the line's end or to its closer. When a quote is left open (an apostrophe in prose, `it's`),
 * the opener nearest before the first marker is taken instead.
 */
function commentRanges(line: string, syntax: CommentSyntax): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const character = line[index] as string;
    if (quote !== undefined) {
      if (character === '\\') index++;
      else if (character === quote) quote = undefined;
      continue;
    }
    const range = commentAt(line, index, syntax);
    if (range !== undefined) {
      ranges.push(range);
      index = range[1] - 1;
    } else if (character === '"' || character === "'" || character === '`') quote = character;
  }
  if (quote === undefined || ranges.length > 0) return ranges;
  const firstMarker = line.search(anyMarker);
  for (let index = firstMarker - 1; index >= 0; index--) {
    const range = commentAt(line, index, syntax);
    if (range !== undefined) return [range];
  }
  return [];
}

/** The comment that starts at `index`, if one does. */
function commentAt(line: string, index: number, syntax: CommentSyntax): [number, number] | undefined {
  for (const [opener, closer] of syntax.block) {
    if (!line.startsWith(opener, index)) continue;
    const close = line.indexOf(closer, index + opener.length);
    return [index, close === -1 ? line.length : close + closer.length];
  }
  const previous = line[index - 1];
  for (const opener of syntax.line) {
    if (!line.startsWith(opener, index)) continue;
    // `https://…` is no comment; `#`, `--`, `%`, `;` start one only after white space (`color: #fff`, `i--`).
    if (opener === '//' ? previous === ':' : previous !== undefined && previous !== ' ' && previous !== '\t') continue;
    return [index, line.length];
  }
  return undefined;
}
