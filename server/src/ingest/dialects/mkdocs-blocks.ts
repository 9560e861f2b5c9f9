import { FenceTracker } from '../line-scanner';
// `!!! note "Title"`, `??? tip`, `???+ warning ""` (Python-Markdown admonition, pymdownx.details)
const admonitionHeader = /^(!!!|\?\?\?\+?)[ \t]+([\w-]+)(?:[ \t]+[^"\s]+)*(?:[ \t]+"(.*)")?[ \t]*$/;
// `=== "Tab"`, `===! "Tab"`, `===+ "Tab"` (pymdownx.tabbed)
const tabHeader = /^===[!+]?[ \t]+"(.*)"[ \t]*$/;
// `/// note | Title`, `//// tab | Linux, macOS`, `/// details` (pymdownx.blocks)
const blockHeader = /^ {0,3}(\/{3,}) *([\w-]+) *(?:\| *(.*?) *)?$/;
// `::: package.module.Name`, `## ::: package.Name` (mkdocstrings), `::: mkdocs-click`
const autodocLine = /^(?:#{1,6} *)?::: +([A-Za-z_][\w.:-]*) *$/;
// pymdownx.blocks' arguments that name an element rather than title the block (`/// html | div`)
const untitledBlocks = new Set(['html']);

/**
 * Rewrites MkDocs Material's block constructs (Python-Markdown extensions) into
 * remark-directive containers, so the page parses once with its link definitions shared:
 *
 * ```text
 * !!! tip "Use npm"          :::tip[Use npm]
 *     Run `npm i`.     →     Run `npm i`.
 *                            :::
 * ```
 *
 * The source is segmented by lines, outside fenced code only:
 * - a header line (`!!!`/`???`/`???+` admonitions, `===` tabs) opens a block that holds the
 *   following blank or 4-space-indented lines, dedented;
 * - a pymdownx.blocks header (`/// note | Title`, `//// tab | Linux`, `/// details | More`,
 *   `/// html | div`, `/// caption`) opens a block that runs to the next line of exactly as many
 *   slashes (outer blocks use more), or to the end; the YAML options indented under the header
 *   (`    type: warning`, `    open: true`) are dropped. The argument after `|` is the title, except
 *   for `html`, whose argument is a tag name;
 * - a mkdocstrings line (`::: typer.Typer`) and its indented options are dropped: the API
 *   reference they generate is not in the docs folder.
 *
 * A block's content is segmented again (blocks nest), and an outer block gets a longer fence than
 * the blocks inside it. The content itself is then parsed by remark like any Markdown.
 */
export function mkdocsBlocksToDirectives(source: string): string {
  if (!/^(?:[ \t]*(?:!!!|\?\?\?|===)| {0,3}\/{3}|(?:#{1,6} *)?::: )/m.test(source)) return source;
  return convert(source.split('\n')).lines.join('\n');
}

/**
 * The plugins that fill part of a page in when the site is built, from code outside the docs
 * folder: `::: mkdocs-click` (a command-line reference) and mkdocstrings' `::: package.Name` (an
 * API reference from docstrings). Their lines are dropped from the page (see
 * {@link mkdocsBlocksToDirectives}), so what they generate is missing from the index.
 *
 * @example buildTimePlugins('# API\n\n::: mkdocs.plugins.BasePlugin') // ['mkdocstrings']
 */
export function buildTimePlugins(source: string): string[] {
  if (!/^(?:#{1,6} *)?::: /m.test(source)) return [];
  const plugins = new Set<string>();
  const fences = new FenceTracker();
  for (const line of source.split('\n')) {
    if (fences.inCode(line)) continue;
    const name = autodocLine.exec(line)?.[1];
    if (name !== undefined) plugins.add(name === 'mkdocs-click' ? 'mkdocs-click' : 'mkdocstrings');
  }
  return [...plugins].sort();
}

function convert(lines: readonly string[]): { lines: string[]; fence: number } {
  const output: string[] = [];
  let deepest = 0;
  const fences = new FenceTracker();
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (fences.inCode(line)) {
      output.push(line);
      continue;
    }
    if (autodocLine.test(line)) {
      index = endOfOptions(lines, index + 1) - 1;
      continue;
    }
    const block = blockHeader.exec(line);
    if (block !== null) {
      const slashes = (block[1] as string).length;
      const optionsEnd = endOfOptions(lines, index + 1);
      const end = closingLine(lines, optionsEnd, slashes);
      const name = (block[2] as string).toLowerCase();
      const title = untitledBlocks.has(name) ? undefined : block[3];
      const inner = convert(lines.slice(optionsEnd, end));
      deepest = Math.max(deepest, pushContainer(output, name, title, inner));
      index = end;
      continue;
    }
    const admonition = admonitionHeader.exec(line);
    const tab = admonition === null ? tabHeader.exec(line) : null;
    if (admonition === null && tab === null) {
      output.push(line);
      continue;
    }
    let end = index + 1;
    while (end < lines.length && (isBlank(lines[end] as string) || indentOf(lines[end] as string) >= 4)) end++;
    while (end > index + 1 && isBlank(lines[end - 1] as string)) end--;
    const inner = convert(lines.slice(index + 1, end).map(dedent));
    const name = admonition !== null ? (admonition[2] as string).toLowerCase() : 'tab';
    const title = admonition !== null ? admonition[3] : tab?.[1];
    deepest = Math.max(deepest, pushContainer(output, name, title, inner));
    index = end - 1;
  }
  return { lines: output, fence: deepest };
}

/** Writes a converted block as a container directive; returns the length of its fence. */
function pushContainer(output: string[], name: string, title: string | undefined, inner: { lines: string[]; fence: number }): number {
  const colons = ':'.repeat(Math.max(3, inner.fence + 1));
  const directiveName = /^[A-Za-z][\w-]*$/.test(name) ? name : 'block';
  const label = title === undefined || title.trim() === '' ? '' : `[${title.replace(/([[\]\\])/g, '\\$1')}]`;
  output.push('', `${colons}${directiveName}${label}`, ...inner.lines, colons, '');
  return colons.length;
}

/** The index after the non-blank lines indented by 4 or more from `start` on (a header's YAML options). */
function endOfOptions(lines: readonly string[], start: number): number {
  let end = start;
  while (end < lines.length && !isBlank(lines[end] as string) && indentOf(lines[end] as string) >= 4) end++;
  return end;
}

/**
 * The index of the line that closes a pymdownx block of `slashes` slashes (a line of exactly that
 * many, outside fenced code), or `lines.length` when none does.
 */
function closingLine(lines: readonly string[], start: number, slashes: number): number {
  const fences = new FenceTracker();
  for (let index = start; index < lines.length; index++) {
    const line = lines[index] as string;
    if (!fences.inCode(line) && /^ {0,3}\/{3,} *$/.test(line) && line.trim().length === slashes) return index;
  }
  return lines.length;
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function indentOf(line: string): number {
  let width = 0;
  for (const character of line) {
    if (character === ' ') width++;
    else if (character === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

function dedent(line: string): string {
  let removed = 0;
  let index = 0;
  while (index < line.length && removed < 4) {
    const character = line[index];
    if (character === ' ') removed++;
    else if (character === '\t') removed = 4;
    else break;
    index++;
  }
  return line.slice(index);
}
