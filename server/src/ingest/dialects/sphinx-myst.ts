import type { Nodes, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { FenceTracker } from '../line-scanner';
import { parseMarkdown, plainText } from '../markdown-parser';
import { forgetPositions, rewriteTree } from '../mdast-edits';
import { flattenDefinitionLists } from './mkdocs-definition-lists';
import { readRstBlocks, type RstDirective } from './rst-blocks';
import { createSphinxPageReader, type RstPage, type SphinxPageReader, type SphinxSite } from './sphinx-rst';

// ```{name} argument``` and :::{name} argument (MyST's colon fence).
const directiveFence = /^\{([A-Za-z0-9][\w.:+-]*)\}$/;
const colonFence = /^(\s*)(:{3,})\{([A-Za-z0-9][\w.:+-]*)\}(.*)$/;
const colonClose = /^(\s*)(:{3,})\s*$/;
const labelLine = /^\(([^()\s][^()]*)\)=\s*$/;

/**
 * Reads one MyST Markdown page the way Sphinx with myst-parser renders it: Markdown, with
 * directives (```` ```{note} ````, `:::{tab}`) read by the same rules as reStructuredText's
 * (their content as MyST, `{eval-rst}` as reStructuredText), roles (`` {ref}`label` ``) as in
 * reStructuredText, `(label)=` targets, `%` comments and `+++` breaks left out.
 */
export function readMystPage(text: string, relativeFile: string, site: SphinxSite): RstPage & { text: string } {
  const reader = createSphinxPageReader('', relativeFile, site);
  const markdown = mystAsMarkdown(text);
  const tree: Root = { type: 'root', children: readMystBlocks(markdown, reader, relativeFile, site, 0) as Root['children'] };
  return { tree, text: markdown, dependencies: reader.dependencies };
}

// `markdown` is MyST already made CommonMark (see `mystAsMarkdown`). Below the page's own level
// (a directive's content, an included file), nodes have positions in another text than the page's.
function readMystBlocks(markdown: string, reader: SphinxPageReader, relativeFile: string, site: SphinxSite, depth: number): RootContent[] {
  const tree = parseMarkdown(markdown);
  // `Term` then `: Definition` lines (the `deflist` extension): the term in bold, then its definition.
  if (site.mystExtensions.has('deflist')) flattenDefinitionLists(tree, markdown);
  const readBlocks = (lines: string[]) => (depth > 20 ? [] : readMystBlocks(mystAsMarkdown(lines.join('\n')), reader, relativeFile, site, depth + 1));
  rewriteTree(tree, (node) => {
    if (node.type === 'paragraph' && node.children.length === 1 && node.children[0]?.type === 'text' && labelLine.test(node.children[0].value.trim())) return [];
    if (node.type !== 'code') return undefined;
    const name = directiveFence.exec(node.lang ?? '')?.[1]?.toLowerCase();
    if (name === undefined) return undefined;
    const directive = mystDirective(name, node.meta ?? '', node.value);
    if (name === 'eval-rst') return readRstBlocks(directive.body, reader.blockContext) as Nodes[];
    if (name === 'include') {
      const included = reader.includedText(directive);
      if (included === undefined) return [];
      if (directive.options.has('literal') || directive.options.has('code')) return [{ type: 'code', value: included.text } as Nodes];
      return (included.file.toLowerCase().endsWith('.rst') ? readRstBlocks(included.text.split(/\r?\n/), reader.blockContext) : depth > 20 ? [] : readMystBlocks(mystAsMarkdown(included.text), reader, relativeFile, site, depth + 1)) as Nodes[];
    }
    return reader.directive(directive, readBlocks) as Nodes[];
  });
  applyRoles(tree, reader);
  if (depth > 0) for (const node of tree.children) forgetPositions(node);
  return tree.children;
}

/** A fenced directive's argument, options (`:key: value` lines or a `---` YAML block) and content. */
function mystDirective(name: string, argument: string, value: string): RstDirective {
  const lines = value.split('\n');
  const options = new Map<string, string>();
  let index = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.indexOf('---', 1);
    if (end !== -1) {
      for (const line of lines.slice(1, end)) {
        const option = /^([\w-]+)\s*:\s*(.*)$/.exec(line.trim());
        if (option !== null) options.set((option[1] as string).toLowerCase(), (option[2] as string).replace(/^["']|["']$/g, ''));
      }
      index = end + 1;
    }
  } else {
    while (index < lines.length) {
      const option = /^:([\w-]+):\s*(.*)$/.exec(lines[index] as string);
      if (option === null) break;
      options.set((option[1] as string).toLowerCase(), (option[2] as string).trim());
      index++;
    }
  }
  const content = lines.slice(index);
  while (content.length > 0 && (content[0] as string).trim() === '') content.shift();
  return { name, argument: argument.trim(), options, content, body: [argument.trim(), ...content].filter((line, position) => position > 0 || line !== '') };
}

/**
 * MyST's line syntax as CommonMark sees it: a colon fence becomes a backtick fence longer than any
 * it may hold, `%` comments and `+++` breaks go; fenced code is left as written.
 */
export function mystAsMarkdown(text: string): string {
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  const fences = new FenceTracker();
  const open: number[] = [];
  for (const line of lines) {
    if (open.length === 0 && fences.inCode(line.trimStart())) {
      out.push(line);
      continue;
    }
    const opener = colonFence.exec(line);
    if (opener !== null) {
      const colons = (opener[2] as string).length;
      open.push(colons);
      out.push(`${opener[1]}${'`'.repeat(colons + 3)}{${opener[3]}}${opener[4]}`);
      continue;
    }
    const closer = colonClose.exec(line);
    if (closer !== null && open.length > 0 && (closer[2] as string).length >= (open.at(-1) as number)) {
      out.push(`${closer[1]}${'`'.repeat((open.pop() as number) + 3)}`);
      continue;
    }
    if (open.length === 0 && (/^%/.test(line) || /^\+\+\+/.test(line.trim()))) continue;
    out.push(line);
  }
  return out.join('\n');
}

// `{role}` right before a code span: the role applies to the span's text.
const roleSuffix = /\{([A-Za-z0-9][\w.:+-]*)\}$/;

function applyRoles(tree: Root, reader: SphinxPageReader): void {
  const visit = (parent: Parent) => {
    const children = parent.children as Nodes[];
    for (let index = 0; index < children.length; index++) {
      const node = children[index] as Nodes;
      const next = children[index + 1];
      if (node.type === 'text' && next?.type === 'inlineCode') {
        const role = roleSuffix.exec(node.value);
        if (role !== null) {
          const before = node.value.slice(0, role.index);
          const replaced: PhrasingContent[] = [...(before === '' ? [] : [{ type: 'text', value: before } as PhrasingContent]), ...reader.role((role[1] as string).toLowerCase(), next.value)];
          children.splice(index, 2, ...(replaced as Nodes[]));
          index += replaced.length - 1;
          continue;
        }
      }
      if ('children' in node) visit(node as Parent);
    }
  };
  visit(tree);
}

/** A heading's text without its closing sequence of `#` (CommonMark: after a space, or the whole text). */
function withoutClosingHashes(text: string): string {
  const trimmed = text.trimEnd();
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '#') end--;
  if (end === trimmed.length) return trimmed;
  return end === 0 ? '' : trimmed[end - 1] === ' ' || trimmed[end - 1] === '\t' ? trimmed.slice(0, end).trimEnd() : trimmed;
}

/** A MyST page's title (its first heading) and labels (`(name)=` lines with the heading after them). */
export function scanMystOutline(text: string): { title?: string; labels: Array<{ name: string; title?: string }> } {
  const outline: { title?: string; labels: Array<{ name: string; title?: string }> } = { labels: [] };
  const fences = new FenceTracker();
  let pending: string[] = [];
  let frontMatter = text.startsWith('---');
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (frontMatter) {
      if (index > 0 && /^---\s*$/.test(line)) frontMatter = false;
      continue;
    }
    if (fences.inCode(line.trimStart())) continue;
    if (line.trim() === '') continue;
    const label = labelLine.exec(line.trim());
    if (label !== null) {
      pending.push(label[1] as string);
      continue;
    }
    // An ATX heading; its closing `#`s are cut by string operations (a regex for them went cubic on long runs of spaces).
    const heading = /^ {0,3}#{1,6}[ \t]+(.*)$/.exec(line);
    const title = heading === null ? undefined : plainText(parseMarkdown(withoutClosingHashes(heading[1] as string)));
    if (title !== undefined) {
      outline.title ??= title;
      for (const name of pending) outline.labels.push({ name, title });
    } else for (const name of pending) outline.labels.push({ name });
    pending = [];
  }
  for (const name of pending) outline.labels.push({ name });
  return outline;
}
