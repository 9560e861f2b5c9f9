import type { Heading, List, ListItem, Paragraph, PhrasingContent, RootContent, Table, TableCell, TableRow } from 'mdast';

/** A directive as written: `.. name:: arguments`, its `:option: value` lines and its indented content. */
export interface RstDirective {
  name: string;
  /** The text after `::` and the lines up to the options or the first blank line, joined by line breaks. */
  argument: string;
  options: Map<string, string>;
  /** The content lines (after the options and a blank line), dedented. */
  content: string[];
  /** The whole block after `::`, dedented, for directives without arguments whose content starts on the first line. */
  body: string[];
}

/** What the block reader asks of the document it reads. */
export interface RstBlockContext {
  /** Inline markup of a paragraph, title, list item or table cell. */
  inline(text: string): PhrasingContent[];
  /** The nodes a directive stands for, given a reader for blocks nested in it. */
  directive(directive: RstDirective, readBlocks: (lines: string[]) => RootContent[]): RootContent[];
  /** The lines an `.. include::` brings in, to be read in its place; `undefined` when it cannot be read. */
  include(directive: RstDirective): string[] | undefined;
  /** A `.. _label:` target just before the next element (a section takes it as another name). */
  label(name: string): void;
  /** An element that takes an id was read: an external target, a footnote, a citation (see `RstInlineContext.takesId`). */
  takesId?(name: string | undefined): void;
  /** A section heading was read: the labels before it belong to it. */
  heading(heading: Heading): void;
  /** The language of `::` literal blocks (`.. highlight::`, `highlight_language`), if any. */
  literalLanguage(): string | undefined;
  /** A field of the document's docinfo (`:orphan:`, `:tocdepth: 2` before the title). */
  docinfo?(name: string, value: string): void;
}

/** Section adornments met so far, in order: their order gives the heading levels. */
export interface RstSectionStyles {
  styles: string[];
}

const adornment = /^([!-/:-@[-`{-~])\1*\s*$/;
const bullet = /^([-*+•‣⁃])(?: +|$)/;
const enumerator = /^(?:(\d+|#|[a-zA-Z]|[ivxlcdmIVXLCDM]+)[.)]|\((\d+|#|[a-zA-Z]|[ivxlcdmIVXLCDM]+)\))(?: +|$)/;
const fieldMarker = /^:((?:[^:`\\]|\\.)+):(?: +|$)/;
// Bounded lengths: an option and its argument are short, and unbounded runs backtracked badly on long lines.
const optionMarker = /^((?:-[A-Za-z0-9]|--[A-Za-z0-9][\w-]{0,63}|\/[A-Za-z0-9]{1,32})(?:[ =][\w<>[\]{}.\-|]{1,64})?(?:, (?:-[A-Za-z0-9]|--[A-Za-z0-9][\w-]{0,63}|\/[A-Za-z0-9]{1,32})(?:[ =][\w<>[\]{}.\-|]{1,64})?){0,8})(?: {2,}|\t| *$)(.*)$/;
const explicitStart = /^\.\.(?: |$)/;
const gridBorder = /^\+(?:[-=]+\+)+\s*$/;
const simpleBorder = /^=+(?: +=+)+\s*$/;

/** How deep blocks nest before the rest is read as text (see {@link readRstBlocks}). */
const maximumNesting = 64;

const indentOf = (line: string) => line.length - line.trimStart().length;
const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';

/** Lines with their common indentation removed (blank lines kept empty). */
export function dedent(lines: readonly string[]): string[] {
  const indents = lines.filter((line) => !isBlank(line)).map(indentOf);
  const common = indents.length === 0 ? 0 : Math.min(...indents);
  return lines.map((line) => (isBlank(line) ? '' : line.slice(common)));
}

function trimBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && isBlank(lines[start])) start++;
  while (end > start && isBlank(lines[end - 1])) end--;
  return lines.slice(start, end);
}

/**
 * The indented block that starts at `start`: lines indented more than `indent` (blank lines
 * inside it included), up to the first line that is not. Returns its end index.
 */
function indentedBlockEnd(lines: readonly string[], start: number, indent: number): number {
  let end = start;
  let last = start;
  while (end < lines.length) {
    const line = lines[end] as string;
    if (!isBlank(line) && indentOf(line) <= indent) break;
    end++;
    if (!isBlank(line)) last = end;
  }
  return last;
}

/** Expands tabs to 8-column stops, as docutils does. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const character of line) out += character === '\t' ? ' '.repeat(8 - (out.length % 8)) : character;
  return out;
}

/**
 * Reads reStructuredText body elements into mdast, following docutils' block rules: sections by
 * their adornment (levels in order of first use), paragraphs, `::` literal blocks, bullet,
 * enumerated, field, option and definition lists, block quotes, doctest blocks, line blocks, grid
 * and simple tables, and explicit markup (directives, targets, substitutions and comments, the
 * last ones dropped). Directives and includes are read by the context.
 *
 * @param sections the page's section styles, when sections may be read here (the top level; a
 *   directive's content has none)
 */
export function readRstBlocks(source: readonly string[], context: RstBlockContext, sections?: RstSectionStyles, budget = { includes: 50 }, depth = 0): RootContent[] {
  const lines = source.map((line) => expandTabs(line).trimEnd());
  // Blocks nested deeper than any document nests them (quotes in lists in directives…) read as
  // their text: a file of ten thousand indents must not exhaust the stack.
  if (depth > maximumNesting) {
    const text = lines.map((line) => line.trim()).filter(Boolean).join(' ');
    return text === '' ? [] : [{ type: 'paragraph', children: [{ type: 'text', value: text }] }];
  }
  const nodes: RootContent[] = [];
  const nested = (inner: readonly string[]) => readRstBlocks(dedent(trimBlankEdges([...inner])), context, undefined, budget, depth + 1);
  let index = 0;
  let sawContent = false;
  while (index < lines.length) {
    const line = lines[index] as string;
    if (isBlank(line)) {
      index++;
      continue;
    }
    const indent = indentOf(line);

    // A block quote: indented text after a paragraph or at the start.
    if (indent > 0) {
      const end = indentedBlockEnd(lines, index, indent - 1);
      const quoted = nested(lines.slice(index, end).map((text) => text.slice(Math.min(indent, indentOf(text)))));
      if (quoted.length > 0) nodes.push({ type: 'blockquote', children: quoted as never });
      index = end;
      continue;
    }

    // Sections: a title with an underline, or with an overline and a matching underline.
    if (sections !== undefined) {
      const title = sectionTitle(lines, index);
      if (title !== undefined) {
        let level = sections.styles.indexOf(title.style);
        if (level === -1) {
          sections.styles.push(title.style);
          level = sections.styles.length - 1;
        }
        const heading: Heading = { type: 'heading', depth: Math.min(6, level + 1) as Heading['depth'], children: context.inline(title.text) };
        context.heading(heading);
        nodes.push(heading);
        sawContent = true;
        index = title.end;
        continue;
      }
    }
    // A transition (a lone line of punctuation) draws a line; it holds no text.
    if (adornment.test(line) && line.trim().length >= 4 && isBlank(lines[index + 1])) {
      index++;
      continue;
    }

    // Explicit markup: directives, targets, substitution definitions, footnotes, comments.
    if (explicitStart.test(line)) {
      const end = indentedBlockEnd(lines, index + 1, 0);
      const block = lines.slice(index, end);
      index = end;
      const first = (block[0] as string).slice(2).trimStart();
      const rest = block.slice(1);
      const target = /^_([^:]*(?:\\:[^:]*)*|`[^`]+`):(?:\s+(.*))?$/.exec(first);
      if (target !== null) {
        const name = (target[1] as string).replace(/^`|`$/g, '').replace(/\\:/g, ':');
        const url = [target[2] ?? '', ...rest].join('').trim();
        if (url === '') context.label(name);
        else context.takesId?.(name === '_' ? undefined : name);
        continue;
      }
      if (/^\|[^|]+\|/.test(first)) continue; // substitutions are defined before reading
      const footnote = /^\[([^\]]+)\]/.exec(first);
      if (footnote !== null) {
        // A footnote (`[1]`, `[#]`, `[#note]`) or citation (`[CIT2002]`) takes an id; its text is
        // the page's foot, not part of the sections it is cited from.
        const label = footnote[1] as string;
        context.takesId?.(/^(?:\d+|#|\*)$/.test(label) ? undefined : label.replace(/^#/, ''));
        continue;
      }
      const directive = /^([A-Za-z0-9][\w.+:-]{0,63}?)::(?:\s+(.*))?$/.exec(first);
      if (directive === null) continue; // a comment
      const parsed = directiveParts((directive[1] as string).toLowerCase(), directive[2] ?? '', rest);
      if (parsed.name === 'include') {
        const included = budget.includes > 0 ? context.include(parsed) : undefined;
        budget.includes--;
        if (included !== undefined) lines.splice(index, 0, '', ...included.map((text) => expandTabs(text).trimEnd()), '');
        continue;
      }
      nodes.push(...context.directive(parsed, nested));
      sawContent = true;
      continue;
    }

    // Docinfo before the title (`:orphan:`, `:tocdepth: 2`): the document's metadata, not its text.
    if (!sawContent && sections !== undefined && fieldMarker.test(line)) {
      while (index < lines.length && fieldMarker.test(lines[index] as string)) {
        const field = fieldMarker.exec(lines[index] as string) as RegExpExecArray;
        const end = indentedBlockEnd(lines, index + 1, 0);
        context.docinfo?.((field[1] as string).toLowerCase(), [(lines[index] as string).slice(field[0].length), ...lines.slice(index + 1, end)].join(' ').trim());
        index = end;
        while (index < lines.length && isBlank(lines[index])) index++;
      }
      continue;
    }
    sawContent = true;

    // Tables.
    if (gridBorder.test(line)) {
      let end = index;
      while (end < lines.length && /^[+|]/.test(lines[end] as string)) end++;
      nodes.push(gridTable(lines.slice(index, end), context));
      index = end;
      continue;
    }
    if (simpleBorder.test(line)) {
      const end = simpleTableEnd(lines, index);
      nodes.push(simpleTable(lines.slice(index, end), context));
      index = end;
      continue;
    }

    // Lists.
    const list = readList(lines, index, context, nested);
    if (list !== undefined) {
      nodes.push(...list.nodes);
      index = list.end;
      continue;
    }

    // Doctest blocks (`>>>`) and line blocks (`| `).
    if (line.startsWith('>>>')) {
      let end = index;
      while (end < lines.length && !isBlank(lines[end])) end++;
      nodes.push({ type: 'code', lang: 'pycon', value: lines.slice(index, end).join('\n') });
      index = end;
      continue;
    }
    if (/^\|(?: |$)/.test(line)) {
      let end = index;
      const children: PhrasingContent[] = [];
      while (end < lines.length && !isBlank(lines[end]) && (/^\|(?: |$)/.test(lines[end] as string) || indentOf(lines[end] as string) > 0)) {
        const text = (lines[end] as string).replace(/^\|\s?/, '').trim();
        if (children.length > 0) children.push(/^\|/.test(lines[end] as string) ? { type: 'break' } : { type: 'text', value: ' ' });
        children.push(...context.inline(text));
        end++;
      }
      nodes.push({ type: 'paragraph', children });
      index = end;
      continue;
    }

    // A paragraph; an indented line right after its first line makes it a definition list term.
    let end = index + 1;
    while (end < lines.length && !isBlank(lines[end]) && indentOf(lines[end] as string) === 0) end++;
    if (end === index + 1 && end < lines.length && !isBlank(lines[end]) && indentOf(lines[end] as string) > 0) {
      const definitions = readDefinitionList(lines, index, context, nested);
      nodes.push(...definitions.nodes);
      index = definitions.end;
      continue;
    }
    const paragraph = lines.slice(index, end).join('\n');
    index = end;
    if (paragraph.endsWith('::') && !paragraph.endsWith('\\::')) {
      // `Text::` reads `Text:`, `Text ::` reads `Text`, a lone `::` nothing; a literal block follows.
      const before = paragraph.slice(0, -2);
      const text = before.trim() === '' ? '' : /\s$/.test(before) ? before.trimEnd() : `${before}:`;
      if (text !== '') nodes.push({ type: 'paragraph', children: context.inline(text) });
      let start = index;
      while (start < lines.length && isBlank(lines[start])) start++;
      if (start < lines.length && indentOf(lines[start] as string) > 0) {
        const blockEnd = indentedBlockEnd(lines, start, 0);
        const language = context.literalLanguage();
        nodes.push({ type: 'code', ...(language === undefined ? {} : { lang: language }), value: dedent(lines.slice(start, blockEnd)).join('\n') });
        index = blockEnd;
      }
      continue;
    }
    nodes.push({ type: 'paragraph', children: context.inline(paragraph) });
  }
  return nodes;
}

/** A section title at `index`: its text, its adornment style and the line after it. */
function sectionTitle(lines: readonly string[], index: number): { text: string; style: string; end: number } | undefined {
  const line = lines[index] as string;
  const next = lines[index + 1];
  // Overline, title, underline.
  if (adornment.test(line) && next !== undefined && !isBlank(next) && !adornment.test(next)) {
    const under = lines[index + 2];
    if (under !== undefined && under.trim() === line.trim() && line.trim().length >= next.trim().length && line.trim().length >= 2) {
      return { text: next.trim(), style: `o${line[0]}`, end: index + 3 };
    }
    return undefined;
  }
  if (next === undefined || !adornment.test(next) || adornment.test(line)) return undefined;
  const marks = next.trim();
  const title = line.trim();
  // An underline as long as the title (docutils accepts a shorter one of 4 or more, with a warning).
  if (marks.length < Math.min(title.length, 4) && marks.length < title.length) return undefined;
  if (marks.length < 2 && title.length > 1) return undefined;
  if (!isBlank(lines[index + 2]) && lines[index + 2] !== undefined && indentOf(lines[index + 2] as string) > 0) return undefined;
  return { text: title, style: `u${next[0]}`, end: index + 2 };
}

/** Splits a directive block into arguments, options and content. */
function directiveParts(name: string, firstLine: string, rest: readonly string[]): RstDirective {
  const block = dedent([...rest]);
  const body = trimBlankEdges([firstLine, ...block]);
  const argumentLines: string[] = firstLine.trim() === '' ? [] : [firstLine.trim()];
  const options = new Map<string, string>();
  let index = 0;
  // Argument continuation lines, then `:option: value` lines, up to a blank line.
  while (index < block.length && !isBlank(block[index]) && !fieldMarker.test(block[index] as string)) argumentLines.push((block[index++] as string).trim());
  while (index < block.length && !isBlank(block[index])) {
    const field = fieldMarker.exec(block[index] as string);
    if (field === null) break;
    let value = (block[index] as string).slice(field[0].length).trim();
    index++;
    while (index < block.length && !isBlank(block[index]) && indentOf(block[index] as string) > 0) value += ` ${(block[index++] as string).trim()}`;
    options.set((field[1] as string).toLowerCase(), value);
  }
  // Content after the options; without options or arguments, the blank line is optional.
  const content = trimBlankEdges(dedent(block.slice(index)));
  return { name, argument: argumentLines.join('\n'), options, content, body };
}

/** Bullet, enumerated, field and option lists starting at `index`. */
function readList(
  lines: readonly string[],
  index: number,
  context: RstBlockContext,
  nested: (inner: readonly string[]) => RootContent[],
): { nodes: RootContent[]; end: number } | undefined {
  const line = lines[index] as string;
  const kinds: Array<{ marker: RegExp; ordered: boolean; field?: boolean; option?: boolean }> = [
    { marker: bullet, ordered: false },
    { marker: enumerator, ordered: true },
    { marker: fieldMarker, ordered: false, field: true },
    { marker: optionMarker, ordered: false, option: true },
  ];
  const kind = kinds.find((candidate) => candidate.marker.test(line));
  if (kind === undefined) return undefined;
  // A lone "A. Smith wrote…" is a paragraph: a letter or Roman enumerator needs a second item or a blank line after.
  if (kind.ordered && !/^\(?(?:\d+|#)[.)]/.test(line)) {
    const next = lines[index + 1];
    if (next !== undefined && !isBlank(next) && indentOf(next) === 0 && !enumerator.test(next)) return undefined;
  }
  if (kind.option === true && (/^-[A-Za-z0-9]\S*$/.test(line.trim()) === false && !/ {2,}|\t/.test(line) && isBlank(lines[index + 1]))) return undefined;
  const firstBullet = kind.marker === bullet ? line[0] : undefined;
  const items: ListItem[] = [];
  let end = index;
  while (end < lines.length) {
    const current = lines[end] as string;
    if (isBlank(current)) {
      end++;
      continue;
    }
    if (indentOf(current) > 0) break;
    const match = kind.marker.exec(current);
    if (match === null || (firstBullet !== undefined && current[0] !== firstBullet)) break;
    const blockEnd = indentedBlockEnd(lines, end + 1, 0);
    const markerWidth = kind.option === true ? 0 : match[0].length;
    let children: RootContent[];
    if (kind.field === true) {
      const body = nested([current.slice(match[0].length), ...lines.slice(end + 1, blockEnd)]);
      const name: PhrasingContent = { type: 'strong', children: [...context.inline(match[1] as string), { type: 'text', value: ':' }] };
      children = leadWith(name, body);
    } else if (kind.option === true) {
      const body = nested([match[2] ?? '', ...lines.slice(end + 1, blockEnd)]);
      children = leadWith({ type: 'inlineCode', value: (match[1] as string).trim() }, body);
    } else {
      const inner = [current.slice(markerWidth), ...lines.slice(end + 1, blockEnd).map((text) => (isBlank(text) ? '' : text))];
      children = nested(dedentFirstAware(inner));
    }
    items.push({ type: 'listItem', spread: false, children: children as ListItem['children'] });
    end = blockEnd;
  }
  if (items.length === 0) return undefined;
  const list: List = { type: 'list', ordered: kind.ordered, spread: false, children: items };
  return { nodes: [list], end };
}

/** A list item's lines: the first has had its marker cut; the rest are indented to the item's body. */
function dedentFirstAware(lines: readonly string[]): string[] {
  const [first = '', ...rest] = lines;
  return [first.trim(), ...dedent(rest)];
}

/** `**name:** body`: a field's or an option's name leads its first paragraph. */
function leadWith(name: PhrasingContent, body: RootContent[]): RootContent[] {
  const [first, ...rest] = body;
  if (first?.type === 'paragraph') return [{ type: 'paragraph', children: [name, { type: 'text', value: ' ' }, ...first.children] }, ...rest];
  return [{ type: 'paragraph', children: [name] }, ...body];
}

/** A definition list: each term (with its `: classifiers`) in bold, then its definition. */
function readDefinitionList(
  lines: readonly string[],
  index: number,
  context: RstBlockContext,
  nested: (inner: readonly string[]) => RootContent[],
): { nodes: RootContent[]; end: number } {
  const nodes: RootContent[] = [];
  let end = index;
  while (end + 1 < lines.length && !isBlank(lines[end]) && indentOf(lines[end] as string) === 0 && !isBlank(lines[end + 1]) && indentOf(lines[end + 1] as string) > 0) {
    const term = (lines[end] as string).replace(/ : .*$/, '');
    const blockEnd = indentedBlockEnd(lines, end + 1, 0);
    const inline = context.inline(term);
    // A term already written in bold (`**Symptom**`) is not made bolder.
    const bold = inline.length === 1 && inline[0]?.type === 'strong' ? inline : [{ type: 'strong', children: inline } as PhrasingContent];
    nodes.push({ type: 'paragraph', children: bold } as Paragraph);
    nodes.push(...nested(lines.slice(end + 1, blockEnd)));
    end = blockEnd;
    while (end < lines.length && isBlank(lines[end])) end++;
  }
  return { nodes, end: Math.max(end, index + 1) };
}

/** The end of a simple table: its closing border is followed by a blank line or the end. */
function simpleTableEnd(lines: readonly string[], index: number): number {
  let borders = 0;
  for (let end = index; end < lines.length; end++) {
    if (simpleBorder.test(lines[end] as string) || /^=+\s*$/.test(lines[end] as string)) {
      borders++;
      if (borders >= 2 && (isBlank(lines[end + 1]) || end + 1 === lines.length)) return end + 1;
    }
  }
  return lines.length;
}

function tableOf(rows: string[][], header: boolean, context: RstBlockContext): Table {
  const width = Math.max(1, ...rows.map((row) => row.length));
  const cellsOf = (row: string[]): TableRow => ({
    type: 'tableRow',
    children: Array.from({ length: width }, (_, column): TableCell => ({ type: 'tableCell', children: context.inline((row[column] ?? '').replace(/\s+/g, ' ').trim()) })),
  });
  // A Markdown table always has a header row; without one, an empty header keeps the rows as rows.
  const body = rows.map(cellsOf);
  return { type: 'table', children: header ? body : [cellsOf([]), ...body] };
}

/** A simple table (`=====  =====` borders): columns by the border's runs, rows by line. */
function simpleTable(lines: readonly string[], context: RstBlockContext): Table {
  const border = lines[0] as string;
  const columns: Array<{ start: number; end: number }> = [];
  for (const match of border.matchAll(/=+/g)) columns.push({ start: match.index ?? 0, end: (match.index ?? 0) + match[0].length });
  const rows: string[][] = [];
  let header = false;
  let bordersSeen = 0;
  for (const line of lines.slice(1)) {
    if (simpleBorder.test(line) || /^=+\s*$/.test(line)) {
      bordersSeen++;
      if (bordersSeen === 1 && rows.length > 0 && lines.indexOf(line) < lines.length - 1) header = true;
      continue;
    }
    if (/^-+(?: +-+)*\s*$/.test(line)) continue;
    if (isBlank(line)) continue;
    const cells = columns.map((column, position) => line.slice(column.start, position === columns.length - 1 ? undefined : (columns[position + 1] as { start: number }).start).trim());
    // A line whose first column is blank continues the row above it.
    const previous = rows.at(-1);
    if (previous !== undefined && cells[0] === '' && line.slice(0, columns[0]?.end ?? 0).trim() === '') {
      cells.forEach((cell, position) => {
        if (cell !== '') previous[position] = `${previous[position] ?? ''} ${cell}`.trim();
      });
    } else rows.push(cells);
  }
  return tableOf(rows, header, context);
}

/** A grid table (`+---+---+` borders): cells by the column boundaries of its first border, spans joined. */
function gridTable(lines: readonly string[], context: RstBlockContext): Table {
  const border = lines[0] as string;
  const boundaries = [...border].flatMap((character, position) => (character === '+' ? [position] : []));
  const rows: string[][] = [];
  let current: string[][] = [];
  let header = false;
  const flush = () => {
    if (current.length === 0) return;
    rows.push(current.map((cell) => cell.join(' ').replace(/\s+/g, ' ').trim()));
    current = [];
  };
  for (const line of lines.slice(1)) {
    if (/^\+[-=+]+\+?\s*$/.test(line)) {
      if (line.includes('=')) header = true;
      flush();
      continue;
    }
    const cells: string[] = [];
    for (let column = 0; column + 1 < boundaries.length; column++) {
      cells.push(line.slice((boundaries[column] as number) + 1, boundaries[column + 1]).replace(/^\||\|$/g, ''));
    }
    if (current.length === 0) current = cells.map(() => []);
    cells.forEach((cell, column) => current[column]?.push(cell.trim()));
  }
  flush();
  return tableOf(rows, header, context);
}

/** What a page declares before it is read: its title, and the labels (`.. _name:`) with the section title each names. */
export interface RstOutline {
  title?: string;
  labels: Array<{ name: string; title?: string }>;
}

/**
 * A quick pass over a page for its title and labels, so that `:doc:` and `:ref:` elsewhere can show
 * them: a label names the section title right after it (past blank lines and other labels), or
 * nothing when something else follows.
 */
export function scanRstOutline(text: string): RstOutline {
  const lines = text.split(/\r?\n/).map((line) => line.trimEnd());
  const outline: RstOutline = { labels: [] };
  let pending: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (isBlank(line)) continue;
    if (indentOf(line) > 0) {
      pending = [];
      continue;
    }
    const label = /^\.\. _([^:`]+|`[^`]+`):\s*$/.exec(line);
    if (label !== null) {
      pending.push((label[1] as string).replace(/^`|`$/g, ''));
      continue;
    }
    const title = sectionTitle(lines, index);
    if (title !== undefined) {
      outline.title ??= title.text;
      for (const name of pending) outline.labels.push({ name, title: title.text });
      pending = [];
      index = title.end - 1;
      continue;
    }
    for (const name of pending) outline.labels.push({ name });
    pending = [];
  }
  for (const name of pending) outline.labels.push({ name });
  return outline;
}
