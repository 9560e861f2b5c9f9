import path from 'node:path';
import { readIncludedFile, type BudgetedIncludeSite } from '../included-files';

/** The text of a page with its links expanded, and the title `{{#title}}` gave it, if any. */
export interface ExpandedChapter {
  text: string;
  title?: string;
}

// mdBook's link syntax: an escaped link (`\{{#include x}}`), or `{{#type target props…}}`.
const linkPattern = /\\\{\{#.*\}\}|\{\{\s*#([a-zA-Z0-9_]+)\s+([^}]+)\}\}/g;
// As mdBook's links preprocessor: deeper includes are a loop.
const maximumDepth = 10;

const anchorStart = /ANCHOR:\s*([\w-]+)/;
const anchorEnd = /ANCHOR_END:\s*([\w-]+)/;

/**
 * Expands mdBook's links the way its `links` preprocessor does, as text before the Markdown is
 * parsed: `{{#include file.rs}}`, with lines (`file.rs:10:20`, `:10`, `:10:`, `::20`) or between
 * `ANCHOR: name` and `ANCHOR_END: name` comment lines (`file.rs:name`); `{{#rustdoc_include …}}`
 * the same, the rest of the file as hidden `# ` lines; `{{#playground file.rs attrs}}` as a
 * fenced `rust` block; `{{#title Text}}` sets the page's title and leaves nothing. Paths are
 * relative to the including file; included text nests; each line it adds after the first is
 * prefixed with what stood before the link on its line (an include inside a list item or a
 * quote stays there). `\{{#include x}}` is written as is, without the backslash. A file that
 * cannot be read, lies outside the project or exceeds the page's budget of included text (see
 * `readIncludedFile`) leaves its link as written, as mdBook leaves a file it cannot read.
 */
export async function expandMdbookLinks(source: string, file: string, context: BudgetedIncludeSite, depth = 0): Promise<ExpandedChapter> {
  if (!source.includes('{{')) return { text: source };
  let title: string | undefined;
  let text = '';
  let last = 0;
  for (const match of source.matchAll(linkPattern)) {
    const start = match.index ?? 0;
    text += source.slice(last, start);
    last = start + match[0].length;
    const [whole, type, argument] = match;
    if (type === undefined || argument === undefined) {
      text += whole.slice(1);
      continue;
    }
    if (type === 'title') {
      title = argument.trim();
      continue;
    }
    const included = depth < maximumDepth ? await includeOne(type, argument, file, context, depth) : undefined;
    if (included === undefined) {
      text += whole;
      continue;
    }
    const prefix = text.slice(text.lastIndexOf('\n') + 1);
    text += included.replace(/\r?\n$/, '').split(/\r?\n/).join(`\n${prefix}`);
  }
  text += source.slice(last);
  return title === undefined ? { text } : { text, title };
}

async function includeOne(type: string, argument: string, file: string, context: BudgetedIncludeSite, depth: number): Promise<string | undefined> {
  const [target = '', ...properties] = argument.trim().split(/\s+/);
  const kind = type === 'playpen' ? 'playground' : type;
  if (kind !== 'include' && kind !== 'rustdoc_include' && kind !== 'playground') return undefined;
  const colon = kind === 'playground' ? -1 : target.indexOf(':');
  const reference = colon === -1 ? target : target.slice(0, colon);
  const selector = colon === -1 ? undefined : target.slice(colon + 1);
  const includePath = path.join(path.dirname(file), reference);
  const content = await readIncludedFile(includePath, context, context.budget);
  if (content === undefined) return undefined;
  let body: string;
  if (kind === 'playground') {
    const code = content.endsWith('\n') ? content : `${content}\n`;
    body = `\`\`\`rust${properties.length > 0 ? `,${properties.join(',')}` : ''}\n${code}\`\`\`\n`;
  } else {
    body = selectLines(content, selector, kind === 'rustdoc_include');
  }
  // What the included file links to in turn is read from its own folder.
  return (await expandMdbookLinks(body, includePath, context, depth + 1)).text;
}

/**
 * The part of an included file a link asks for: all of it, a line range (1-based, `start:end`
 * inclusive, either end left open) or the lines between an anchor's marker lines (other anchors'
 * markers left out). For `rustdoc_include`, the lines not asked for stay as hidden `# ` lines.
 */
export function selectLines(content: string, selector: string | undefined, keepHidden: boolean): string {
  const lines = content.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  // As mdBook reads it: `start:end`, anything after a second colon ignored.
  const [first = '', end] = selector === undefined ? [''] : selector.split(':');
  let wanted: (line: string, index: number) => boolean;
  if (first !== '' && !/^\d+$/.test(first)) return anchored(lines, first, keepHidden);
  const startIndex = first === '' ? 0 : Math.max(0, Number(first) - 1);
  if (end === undefined) wanted = first === '' ? () => true : (_, index) => index === startIndex;
  else if (/^\d+$/.test(end)) wanted = (_, index) => index >= startIndex && index < Number(end);
  else wanted = (_, index) => index >= startIndex;
  if (keepHidden) return lines.map((line, index) => (wanted(line, index) ? line : `# ${line}`)).join('\n');
  return lines.filter(wanted).join('\n');
}

function anchored(lines: readonly string[], anchor: string, keepHidden: boolean): string {
  const kept: string[] = [];
  let inside = false;
  for (const line of lines) {
    const startName = anchorStart.exec(line)?.[1];
    const endName = anchorEnd.exec(line)?.[1];
    if (inside) {
      if (endName === anchor) {
        if (!keepHidden) break;
        inside = false;
      } else if (endName === undefined && startName === undefined) kept.push(line);
    } else if (startName === anchor) inside = true;
    else if (keepHidden && endName === undefined && startName === undefined) kept.push(`# ${line}`);
  }
  return kept.join('\n');
}
