import { FenceTracker } from '../line-scanner';
// `!!! note "Title"`, `??? tip`, `???+ warning ""` (Python-Markdown admonition, pymdownx.details)
const admonitionHeader = /^(!!!|\?\?\?\+?)[ \t]+([\w-]+)(?:[ \t]+[^"\s]+)*(?:[ \t]+"(.*)")?[ \t]*$/;
// `=== "Tab"`, `===! "Tab"`, `===+ "Tab"` (pymdownx.tabbed)
const tabHeader = /^===[!+]?[ \t]+"(.*)"[ \t]*$/;
// `/// note | Title`, `//// tab | Linux, macOS`, `/// details` (pymdownx.blocks)
const blockHeader = /^ {0,3}(\/{3,}) *([\w-]+) *(?:\| *(.*?) *)?$/;
// `::: package.module.Name`, `## ::: package.Name` (mkdocstrings), `::: mkdocs-click`
const autodocLine = /^(?:#{1,6} *)?::: +([A-Za-z_][\w.:-]*) *$/;
// A list item's first line: `- `, `* `, `+ `, `1. `, `1) `
const listItemLine = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
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
 *   reference they generate is not in the docs folder;
 * - inside a list item (a header indented under a `1.`/`-` line, as Python-Markdown reads the
 *   item's indented content as a document of its own), the item's content from the header on is
 *   segmented the same way and its containers are indented back into the item, where remark reads
 *   them.
 *
 * A block's content is segmented again (blocks nest), and an outer block gets a longer fence than
 * the blocks inside it. The content itself is then parsed by remark like any Markdown.
 */
export function mkdocsBlocksToDirectives(source: string): string {
  if (!/^(?:[ \t]*(?:!!!|\?\?\?|===|\/{3})|(?:#{1,6} *)?::: )/m.test(source)) return source;
  return convert(source.split('\n')).lines.join('\n');
}

/**
 * The plugins that fill part of a page in when the site is built, from code outside the docs
 * folder: `::: mkdocs-click` (a command-line reference) and mkdocstrings' `::: package.Name` (an
 * API reference from docstrings). Their lines are dropped from the page (see
 * {@link mkdocsBlocksToDirectives}), so what they generate is missing from the index. Read at any
 * indentation (inside a tab, an admonition or a list item), outside fenced code; a line a
 * `--8<--` snippet brings in is not seen.
 *
 * @example buildTimePlugins('# API\n\n::: mkdocs.plugins.BasePlugin') // ['mkdocstrings']
 */
export function buildTimePlugins(source: string): string[] {
  if (!/^[ \t]*(?:#{1,6} *)?::: /m.test(source)) return [];
  const plugins = new Set<string>();
  const fences = new FenceTracker();
  for (const indented of source.split('\n')) {
    const line = indented.trimStart();
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
  const listItems = new ListItemScope(lines);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (fences.inCode(fenceView(lines, index, listItems))) {
      output.push(line);
      continue;
    }
    if (autodocLine.test(line)) {
      index = endOfOptions(lines, index + 1) - 1;
      continue;
    }
    const indent = indentOf(line);
    if (indent > 0 && isHeader(line.trimStart()) && listItems.contains(index, indent)) {
      const end = endOfIndented(lines, index + 1, indent);
      const inner = convert(lines.slice(index, end).map((contentLine) => dedent(contentLine, indent)));
      output.push(...inner.lines.map((contentLine) => (contentLine === '' ? contentLine : ' '.repeat(indent) + contentLine)));
      deepest = Math.max(deepest, inner.fence);
      index = end - 1;
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
    const end = endOfIndented(lines, index + 1, 4);
    const inner = convert(lines.slice(index + 1, end).map((contentLine) => dedent(contentLine, 4)));
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

/**
 * A line as the fence tracker should read it: trimmed where a fence may be indented (up to 3
 * spaces, or in a list item, where code shows block syntax as written), as written elsewhere (a
 * line indented 4 spaces under a paragraph is indented code, never a fence).
 */
function fenceView(lines: readonly string[], index: number, listItems: ListItemScope): string {
  const line = lines[index] as string;
  const indent = indentOf(line);
  return indent < 4 || listItems.contains(index, indent) ? line.trimStart() : line;
}

function isHeader(line: string): boolean {
  return admonitionHeader.test(line) || tabHeader.test(line) || blockHeader.test(line);
}

// A line that starts a block of its own rather than going on with a paragraph.
const opensBlock = /^(?:#{1,6}(?:[ \t]|$)|`{3,}|~{3,}|>|(?:[-*_][ \t]*){3,}$|<|\||!!!|\?\?\?|===|\/\/\/)/;

/**
 * Whether a line is content of a list item: reading up from it, past blank lines, lines indented
 * as much or more and wrapped lines of an item, the first line indented less that is a list item's
 * first line or starts at column 0 decides: a list item at most 4 columns to the line's left says
 * yes; anything else (code, a paragraph) no. A column-0 line right under a list item's text that
 * opens no block of its own is that text's lazy continuation, as Python-Markdown reads it, and
 * decides nothing.
 *
 * Asked line by line going down the page, it keeps the lines that can decide (list items' first
 * lines and column-0 lines) on a stack of rising indentation, so each question costs a binary
 * search instead of a scan back over every indented line above (a 10,000-line fence in a step
 * took 3.4 s that way).
 */
class ListItemScope {
  readonly #lines: readonly string[];
  /** Lines that can decide, bottom to top: indentation rising, the latest of each kept. */
  readonly #deciding: Array<{ indent: number; listItem: boolean }> = [];
  #read = 0;
  #afterBlank = true;

  constructor(lines: readonly string[]) {
    this.#lines = lines;
  }

  /** Whether the line at `index` (asked in rising order), indented by `indent`, is inside a list item. */
  contains(index: number, indent: number): boolean {
    for (; this.#read < index; this.#read++) {
      const line = this.#lines[this.#read] as string;
      if (isBlank(line)) {
        this.#afterBlank = true;
        continue;
      }
      const afterBlank = this.#afterBlank;
      this.#afterBlank = false;
      const lineIndent = indentOf(line);
      const listItem = listItemLine.test(line);
      if (!listItem && lineIndent > 0) continue;
      // A lazy line right under an item's text (`{#after}`, a wrapped sentence) goes on with it.
      if (!listItem && !afterBlank && this.#deciding.at(-1)?.listItem === true && !opensBlock.test(line)) continue;
      // A later deciding line hides every earlier one indented as much or more.
      while ((this.#deciding.at(-1)?.indent ?? -1) >= lineIndent) this.#deciding.pop();
      this.#deciding.push({ indent: lineIndent, listItem });
    }
    // The latest deciding line indented less than `indent`: the highest stack entry below it.
    let low = 0;
    let high = this.#deciding.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#deciding[middle]?.indent ?? 0) < indent) low = middle + 1;
      else high = middle;
    }
    const deciding = this.#deciding[low - 1];
    return deciding !== undefined && deciding.listItem && deciding.indent >= indent - 4;
  }
}

/** The index after the lines from `start` on that are blank or indented by `indent` or more, trailing blank lines left out. */
function endOfIndented(lines: readonly string[], start: number, indent: number): number {
  let end = start;
  while (end < lines.length && (isBlank(lines[end] as string) || indentOf(lines[end] as string) >= indent)) end++;
  while (end > start && isBlank(lines[end - 1] as string)) end--;
  return end;
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

/** The line without its first `width` columns of indentation (a tab counts to the next multiple of 4). */
function dedent(line: string, width: number): string {
  let removed = 0;
  let index = 0;
  while (index < line.length && removed < width) {
    const character = line[index];
    if (character === ' ') removed++;
    else if (character === '\t') removed += 4 - (removed % 4);
    else break;
    index++;
  }
  return line.slice(index);
}
