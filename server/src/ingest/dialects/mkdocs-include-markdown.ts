import path from 'node:path';
import { includedCharactersPerPage, readIncludedFile } from '../included-files';
import { FenceTracker } from '../line-scanner';
import { escapeRegExp } from '../../text/escape-regexp';

/** What a directive does unless its own arguments say otherwise (the plugin's options, or its defaults). */
export interface IncludeOptions {
  /** `start`: only the text after this delimiter is included (default: from the beginning). */
  start?: string;
  /** `end`: only the text before this delimiter is included (default: to the end). */
  end?: string;
  /** `heading-offset`: `#` added to (or, negative, taken from) each heading line. Default 0. */
  headingOffset: number;
  /** `rewrite-relative-urls` (default `true`): relative links and images keep pointing at their file. */
  rewriteRelativeUrls: boolean;
  /** `preserve-includer-indent` (default `true`): included lines take the directive's indentation. */
  preserveIncluderIndent: boolean;
  /** `dedent` (default `false`): the common indentation of the included lines is removed. */
  dedent: boolean;
  /** `recursive` (default `true`): directives in the included file are resolved too. */
  recursive: boolean;
}

/** The mkdocs-include-markdown plugin's settings, from its entry in `mkdocs.yml`'s `plugins`. */
export interface IncludeMarkdownSettings {
  /** `opening_tag` (default `{%`). */
  openingTag: string;
  /** `closing_tag` (default `%}`). */
  closingTag: string;
  /** Plugin-wide defaults of the directives' options. */
  defaults: IncludeOptions;
}

/** Where included files are looked up and what may be read. */
export interface IncludeMarkdownContext {
  /** The plugin's tags and defaults, from `mkdocs.yml`. */
  settings: IncludeMarkdownSettings;
  /** The docs folder: a path not starting with `./`, `../` or `/` is relative to it. */
  docsRoot: string;
  /** No file outside this folder is read (see `repositoryRoot`). */
  boundary: string;
  /** Files read, collected for the parse cache. */
  dependencies: string[];
}

const maximumDepth = 8;
/** The longest option text read after a directive's path, so an unclosed directive costs no more. */
const maximumArgumentLength = 1_000;

/** The files being included above a text (the page first), and how much text the page may still take in. */
interface IncludeChain {
  files: readonly string[];
  budget: { characters: number };
}

/**
 * The plugin's settings from its options in `mkdocs.yml` (`opening_tag: "{!"`,
 * `heading_offset: 1`, …); options not given keep the plugin's defaults.
 */
export function includeMarkdownSettings(options: Record<string, unknown>): IncludeMarkdownSettings {
  const text = (key: string) => (typeof options[key] === 'string' ? (options[key] as string) : undefined);
  const flag = (key: string, fallback: boolean) => (typeof options[key] === 'boolean' ? (options[key] as boolean) : fallback);
  const defaults: IncludeOptions = {
    headingOffset: typeof options.heading_offset === 'number' ? options.heading_offset : 0,
    rewriteRelativeUrls: flag('rewrite_relative_urls', true),
    preserveIncluderIndent: flag('preserve_includer_indent', true),
    dedent: flag('dedent', false),
    recursive: flag('recursive', true),
  };
  const start = text('start');
  const end = text('end');
  if (start !== undefined) defaults.start = start;
  if (end !== undefined) defaults.end = end;
  return { openingTag: text('opening_tag') ?? '{%', closingTag: text('closing_tag') ?? '%}', defaults };
}

/**
 * Resolves the mkdocs-include-markdown plugin's directives, as text before parsing, the way the
 * plugin does when MkDocs hands it a page's Markdown (anywhere in the page, fenced code included:
 * that is how a file is shown as code):
 * - `{% include-markdown "../README.md" %}` and `{% include "x.yml" %}` (also spread over several
 *   lines) become the file's text. A path starting with `./` or `../` is relative to the file
 *   holding the directive, one starting with `/` is absolute, any other is relative to the docs
 *   folder.
 * - `start="<!--intro-start-->"` and `end="…"` keep only the text between the delimiters (every
 *   such stretch, Python escapes like `\n` read as such); `heading-offset=1` deepens each `#`
 *   heading line (negative: raises it); `dedent=true` removes the common indentation; the
 *   included lines after the first take the directive's indentation (`preserve-includer-indent`).
 * - In `include-markdown`, relative links and images (`[Setup](docs/setup.md)`,
 *   `<img src="img/x.png">`) are rewritten to point at the same file from the including page
 *   (`rewrite-relative-urls`).
 * - Included files are resolved in turn (`recursive`).
 * A file outside `context.boundary`, a missing one, a glob and a URL are left out with their
 * directive (the plugin would stop the build, or fetch the URL).
 *
 * @param file the absolute path of the file `source` is the text of.
 */
export async function resolveIncludeMarkdown(source: string, file: string, context: IncludeMarkdownContext): Promise<string> {
  return resolveWithin(source, file, context, { files: [file], budget: { characters: includedCharactersPerPage } });
}

// A file already being included further up (a page including itself, two files including each
// other) is left out, and so is anything past the page's budget.
async function resolveWithin(source: string, file: string, context: IncludeMarkdownContext, chain: IncludeChain): Promise<string> {
  const { openingTag, closingTag } = context.settings;
  if (chain.files.length > maximumDepth + 1 || !source.includes(openingTag)) return source;
  const pattern = directivePattern(openingTag, closingTag);
  let result = '';
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    const [whole, directive = '', doubleQuoted, singleQuoted, argumentText = ''] = match;
    const index = match.index ?? 0;
    result += source.slice(last, index);
    last = index + whole.length;
    const target = doubleQuoted === undefined ? (singleQuoted ?? '').replace(/\\'/g, "'") : doubleQuoted.replace(/\\"/g, '"');
    // The plugin's "includer indent" is the run of spaces, word characters and dots before the directive on its line.
    const indentWidth = includerIndentWidth(source, index);
    const options = directiveOptions(argumentText, context.settings.defaults);
    result += await includedText(target, directive === 'include-markdown', options, ' '.repeat(indentWidth), file, context, chain);
  }
  return result + source.slice(last);
}

// Read backwards from the directive: a regexp anchored at the end of the line would be tried from
// every position of a long line.
function includerIndentWidth(source: string, index: number): number {
  let start = index;
  while (start > 0 && /[ \t\w\\.]/.test(source[start - 1] ?? '')) start -= 1;
  return index - start;
}

function directivePattern(openingTag: string, closingTag: string): RegExp {
  // An escape is a backslash and the character after it, and nothing else may be a backslash: one
  // reading per string, so a string that never closes cannot make the match backtrack exponentially.
  const quoted = (quote: string) => `${quote}((?:\\\\[\\s\\S]|[^${quote}\\\\])+)${quote}`;
  return new RegExp(`${escapeRegExp(openingTag)}\\s*(include-markdown|include)\\s+(?:${quoted('"')}|${quoted("'")})([\\s\\S]{0,${maximumArgumentLength}}?)\\s*${escapeRegExp(closingTag)}`, 'g');
}


/** A directive's options: its `name=value` arguments over the plugin-wide defaults. */
function directiveOptions(argumentText: string, defaults: IncludeOptions): IncludeOptions {
  const options = { ...defaults };
  const start = stringArgument(argumentText, 'start');
  const end = stringArgument(argumentText, 'end');
  if (start !== undefined) options.start = start;
  if (end !== undefined) options.end = end;
  const offset = new RegExp(String.raw`(?:^|\s)heading-offset=(-?\d+)`).exec(argumentText)?.[1];
  if (offset !== undefined) options.headingOffset = Number(offset);
  options.rewriteRelativeUrls = booleanArgument(argumentText, 'rewrite-relative-urls') ?? options.rewriteRelativeUrls;
  options.preserveIncluderIndent = booleanArgument(argumentText, 'preserve-includer-indent') ?? options.preserveIncluderIndent;
  options.dedent = booleanArgument(argumentText, 'dedent') ?? options.dedent;
  options.recursive = booleanArgument(argumentText, 'recursive') ?? options.recursive;
  return options;
}

function stringArgument(argumentText: string, name: string): string | undefined {
  // One reading per string (see `directivePattern`).
  const match = new RegExp(String.raw`(?:^|\s)${name}=(?:"((?:\\[\s\S]|[^"\\])*)"|'((?:\\[\s\S]|[^'\\])*)')`).exec(argumentText);
  if (match === null) return undefined;
  return match[1] === undefined ? (match[2] ?? '').replace(/\\'/g, "'") : match[1].replace(/\\"/g, '"');
}

function booleanArgument(argumentText: string, name: string): boolean | undefined {
  const value = new RegExp(String.raw`(?:^|\s)${name}=(true|false)\b`).exec(argumentText)?.[1];
  return value === undefined ? undefined : value === 'true';
}

async function includedText(target: string, markdown: boolean, options: IncludeOptions, indent: string, includer: string, context: IncludeMarkdownContext, chain: IncludeChain): Promise<string> {
  if (/^[a-z][a-z0-9+.-]+:/i.test(target)) return '';
  const includedFile = target.startsWith('/') ? target : /^\.\.?\//.test(target) ? path.resolve(path.dirname(includer), target) : path.resolve(context.docsRoot, target);
  if (chain.files.includes(includedFile)) return '';
  const stored = await readIncludedFile(includedFile, context, chain.budget);
  if (stored === undefined) return '';
  let content = between(stored.replace(/\r\n?/g, '\n'), options.start, options.end);
  if (options.recursive) content = await resolveWithin(content, includedFile, context, { files: [...chain.files, includedFile], budget: chain.budget });
  if (markdown && options.rewriteRelativeUrls) content = rewriteRelativeUrls(content, includedFile, includer);
  if (options.dedent) content = dedent(content);
  if (options.preserveIncluderIndent) content = content.replace(/\n(?=[^\n])/g, `\n${indent}`);
  if (markdown && options.headingOffset !== 0) content = offsetHeadings(content, options.headingOffset);
  return content;
}

/** The text between `start` and `end` as the plugin cuts it (each start…end stretch, joined). */
function between(content: string, start: string | undefined, end: string | undefined): string {
  const from = start === undefined || start === '' ? undefined : pythonEscapes(start);
  const to = end === undefined || end === '' ? undefined : pythonEscapes(end);
  if (from === undefined && to === undefined) return content;
  if (to === undefined) return content.includes(from as string) ? content.slice(content.indexOf(from as string) + (from as string).length) : '';
  if (from === undefined) return content.split(to)[0] as string;
  const pieces = content.split(from);
  const stretches = pieces.length > 1 ? pieces.slice(1) : [content];
  return stretches.map((stretch) => stretch.split(to).filter((_piece, index) => index % 2 === 0).join('')).join('');
}

const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'" };

/** `\n`, `\t`, `\r`, `\\` and escaped quotes in a `start`/`end` delimiter, read as Python reads them. */
function pythonEscapes(value: string): string {
  return value.replace(/\\([ntr\\"'])/g, (_match, character: string) => escapes[character] ?? character);
}

/**
 * Rewrites the relative URLs of Markdown links, images and link definitions, and of HTML `src`
 * and `href` attributes, written in `from`, so they lead to the same files from `to`. Fenced code
 * is left alone.
 */
function rewriteRelativeUrls(markdown: string, from: string, to: string): string {
  const rewrite = (url: string) => relativeUrl(url, from, to);
  const fences = new FenceTracker();
  return markdown
    .split('\n')
    .map((line) => {
      if (fences.inCode(line.trimStart())) return line;
      return line
        .replace(/(\]\(\s*<?)([^\s)>]+)/g, (_match, before: string, url: string) => before + rewrite(url))
        .replace(/^( {0,4}\[[^\]]+\]:\s*<?)([^\s>]+)/, (_match, before: string, url: string) => before + rewrite(url))
        .replace(/(<(?:img|source)\b[^>]*?\ssrc=["']|<a\b[^>]*?\shref=["'])([^"'\s]+)/gi, (_match, before: string, url: string) => before + rewrite(url));
    })
    .join('\n');
}

function relativeUrl(url: string, from: string, to: string): string {
  if (/^[a-z][a-z0-9+.-]+:/i.test(url) || url.startsWith('/') || url.startsWith('#')) return url;
  const rewritten = path.relative(path.dirname(to), path.join(path.dirname(from), url)).split(path.sep).join('/') || '.';
  return url.endsWith('/') && !rewritten.endsWith('/') ? `${rewritten}/` : rewritten;
}

/** Removes the indentation all non-blank lines share (Python's `textwrap.dedent`). */
function dedent(content: string): string {
  const lines = content.split('\n');
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)?.[0] ?? '');
  let common = indents[0] ?? '';
  for (const indent of indents) while (!indent.startsWith(common)) common = common.slice(0, -1);
  if (common === '') return content;
  return lines.map((line) => (line.trim() === '' ? '' : line.slice(common.length))).join('\n');
}

/**
 * Adds `offset` `#` to each `#` heading line outside fenced code, or takes them away (keeping one);
 * an offset beyond the six heading levels counts as six.
 */
function offsetHeadings(markdown: string, requested: number): string {
  const offset = Math.max(-6, Math.min(6, requested));
  const fences = new FenceTracker();
  return markdown
    .split('\n')
    .map((line) => {
      if (fences.inCode(line.trimStart()) || !line.startsWith('#')) return line;
      if (offset > 0) return '#'.repeat(offset) + line;
      const hashes = /^#+/.exec(line)?.[0].length ?? 0;
      return '#'.repeat(Math.max(1, hashes + offset)) + line.slice(hashes);
    })
    .join('\n');
}
