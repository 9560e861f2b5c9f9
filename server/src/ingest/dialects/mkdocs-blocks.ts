const fenceOpener = /^ {0,3}(`{3,}|~{3,})/;
// `!!! note "Title"`, `??? tip`, `???+ warning ""` (Python-Markdown admonition, pymdownx.details)
const admonitionHeader = /^(!!!|\?\?\?\+?)[ \t]+([\w-]+)(?:[ \t]+[^"\s]+)*(?:[ \t]+"(.*)")?[ \t]*$/;
// `=== "Tab"`, `===! "Tab"`, `===+ "Tab"` (pymdownx.tabbed)
const tabHeader = /^===[!+]?[ \t]+"(.*)"[ \t]*$/;

/**
 * Rewrites MkDocs Material's indented block constructs (Python-Markdown extensions) into
 * remark-directive containers, so the page parses once with its link definitions shared:
 *
 * ```text
 * !!! tip "Use npm"          :::tip[Use npm]
 *     Run `npm i`.     →     Run `npm i`.
 *                            :::
 * ```
 *
 * The source is segmented by lines: a header line (`!!!`/`???`/`???+` admonitions, `===` tabs)
 * opens a block that holds the following blank or 4-space-indented lines; the block's content is
 * dedented and segmented again (blocks nest), and an outer block gets a longer fence than the
 * blocks inside it. Lines inside fenced code are never taken for headers. The content itself is
 * then parsed by remark like any Markdown.
 */
export function mkdocsBlocksToDirectives(source: string): string {
  if (!/^[ \t]*(?:!!!|\?\?\?|===)/m.test(source)) return source;
  return convert(source.split('\n')).lines.join('\n');
}

function convert(lines: readonly string[]): { lines: string[]; fence: number } {
  const output: string[] = [];
  let deepest = 0;
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const fenceMatch = fenceOpener.exec(line);
    if (fenceMatch?.[1] !== undefined) {
      const marker = fenceMatch[1];
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      output.push(line);
      continue;
    }
    const admonition = fence === undefined ? admonitionHeader.exec(line) : null;
    const tab = fence === undefined && admonition === null ? tabHeader.exec(line) : null;
    if (admonition === null && tab === null) {
      output.push(line);
      continue;
    }
    let end = index + 1;
    while (end < lines.length && (isBlank(lines[end] as string) || indentOf(lines[end] as string) >= 4)) end++;
    while (end > index + 1 && isBlank(lines[end - 1] as string)) end--;
    const inner = convert(lines.slice(index + 1, end).map(dedent));
    const colons = ':'.repeat(Math.max(3, inner.fence + 1));
    deepest = Math.max(deepest, colons.length);
    const name = admonition !== null ? (admonition[2] as string).toLowerCase() : 'tab';
    const title = admonition !== null ? admonition[3] : tab?.[1];
    const label = title === undefined || title.trim() === '' ? '' : `[${title.replace(/([[\]\\])/g, '\\$1')}]`;
    output.push('', `${colons}${name}${label}`, ...inner.lines, colons, '');
    index = end - 1;
  }
  return { lines: output, fence: deepest };
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
