import type { BlockContent, Code, List, ListItem, Nodes, Paragraph, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { parseMarkdown } from '../markdown-parser';
import { forgetPositions, markChanged, text, trimPhrasing } from '../mdast-edits';

/** One `<dt>`…`<dd>` group of a definition list: its terms, then each definition's blocks. */
interface DefinitionGroup {
  terms: PhrasingContent[][];
  definitions: RootContent[][];
}

/** Reads Markdown written inside a definition into blocks, as the dialect reads a page (with the text its positions point into). */
export type ReadBlocks = (markdown: string) => { tree: Root; text: string };

const readPlainMarkdown: ReadBlocks = (markdown) => ({ tree: parseMarkdown(markdown), text: markdown });

// A definition line: a colon, then at least one space (Python-Markdown's `[ ]{0,3}:[ ]{1,3}`;
// the parser has taken the indentation off).
const definitionMarker = /^: +/;
// Python-Markdown puts a definition's further blocks (indented four spaces) in it, where
// CommonMark reads them as indented code.
const indentedCodeWidth = 4;
// A definition whose first line opens a block (an admonition, a tab, a list, a quote, a
// heading) is that block in Python-Markdown; CommonMark took the line for text.
const blockOpening = /^(?:!!!|\?\?\?|===|\/{3}|[-*+] |\d{1,9}[.)] |> |#{1,6} )/;
const htmlComment = /^<!--[\s\S]*-->$/;

/**
 * Reads Python-Markdown's def_list syntax, which CommonMark takes for a paragraph (the term, then
 * `:   Definition` lines as its lazy continuation) and indented code (the definition's further
 * paragraphs, indented four spaces):
 *
 *     `Lorem ipsum`
 *     :   Sed sagittis eleifend rutrum.
 *
 *         A second paragraph of the definition.
 *
 * Each group of terms becomes an item of a bullet list, led by its terms in bold and a colon, then
 * its definition (`- **`Lorem ipsum`**: Sed sagittis eleifend rutrum.`), the definition's further
 * blocks (parsed as Markdown again) in the same item; a second definition of the same terms
 * follows as a paragraph of the item. Consecutive groups, as Python-Markdown makes one `<dl>` of
 * them, make one list: a glossary reads as a list of entries, and an answer can quote the entries
 * that match. As in Python-Markdown, each line before the first `:` line is a term; a `:` line
 * after a blank line takes the paragraph before it as its terms; a definition's lines run to the
 * next `:` line. A `:` line after HTML (a comment standing for a term a build hook fills in) has
 * no term here.
 *
 * A definition's further blocks, and a definition whose first line opens a block (`:   !!! note`
 * over its indented body), are read by `readBlocks`, so the dialect's own syntax (admonitions,
 * tabs) works inside; such a first line is read from its text, without its inline formatting.
 *
 * @param source the text the tree's positions point into (to tell indented code from fenced code).
 * @param readBlocks how the dialect reads Markdown (default: plain CommonMark and GFM).
 */
export function flattenDefinitionLists(tree: Root, source: string, readBlocks: ReadBlocks = readPlainMarkdown): void {
  flattenIn(tree, source, new WeakSet(), { readBlocks, depth: 0, linkDefinitions: linkDefinitionsOf(tree) });
}

/** How a definition's blocks are read: the dialect's reader, how deep in definitions, the page's link definitions. */
interface Reading {
  readBlocks: ReadBlocks;
  depth: number;
  /** The page's `[label]: url` lines, by lower-case label: a definition's `[label]` links to them. */
  linkDefinitions: ReadonlyMap<string, string>;
}

/**
 * Deepest definition inside definitions whose blocks are read as Markdown; deeper ones are kept as
 * their text. Each level is parsed again, so 800 levels took half a minute.
 */
const maximumDepth = 8;
// A `[label]` in a definition's text, which may name one of the page's link definitions.
const bracketed = /\[([^\][\n]{1,200})\]/g;

function linkDefinitionsOf(tree: Root): Map<string, string> {
  const definitions = new Map<string, string>();
  for (const node of tree.children) {
    if (node.type !== 'definition') continue;
    const label = (node.label ?? node.identifier).toLowerCase();
    if (!definitions.has(label)) definitions.set(label, `[${node.label ?? node.identifier}]: <${node.url}>${node.title ? ` "${node.title.replace(/"/g, '\\"')}"` : ''}`);
  }
  return definitions;
}

/** Replaces the definition groups among a parent's children (and its containers'), in one pass. */
function flattenIn(parent: Parent, source: string, made: WeakSet<List>, reading: Reading): void {
  const children = parent.children as Nodes[];
  const result: Nodes[] = [];
  let changed = false;
  for (let index = 0; index < children.length; index++) {
    const node = children[index] as Nodes;
    const parts = node.type === 'paragraph' ? definitionParts(node) : undefined;
    if (parts === undefined) {
      if ('children' in node && node.type !== 'paragraph' && node.type !== 'heading' && node.type !== 'table') flattenIn(node, source, made, reading);
      result.push(node);
      continue;
    }
    changed = true;
    let terms = parts.terms;
    const before = result.at(-1);
    // A definition after a blank line: the paragraph before holds its terms.
    if (terms.length === 0 && before?.type === 'paragraph') {
      terms = splitLines(before.children).filter((line) => line.length > 0);
      result.pop();
    }
    const further: string[] = [];
    for (let next = children[index + 1]; next?.type === 'code' && isIndentedCode(next, source); next = children[++index + 1]) further.push(next.value);
    const definitions = parts.definitions.map((lines, place) => definitionBlocks(lines, place === parts.definitions.length - 1 ? further : [], reading));
    const group: DefinitionGroup = { terms, definitions };
    const list = result.at(-1);
    if (list?.type === 'list' && made.has(list)) addGroup(list, group);
    else {
      const created: List = { type: 'list', ordered: false, spread: false, children: [] };
      addGroup(created, group);
      made.add(created);
      result.push(created);
    }
  }
  if (!changed) return;
  parent.children = result as Parent['children'];
  markChanged(parent as Nodes);
}

/** The blocks of one definition: its lines, then the further blocks written indented under it. */
function definitionBlocks(written: PhrasingContent[][], further: readonly string[], reading: Reading): RootContent[] {
  // The comments a definition starts with, on its first lines, go (the page drops them) with their blanks.
  let first = 0;
  while (first < written.length && withoutLeadingComments(written[first] as PhrasingContent[]).length === 0) first++;
  const lines = written.slice(first).map((line, index) => (index === 0 ? withoutLeadingComments(line) : line)).filter((line) => line.length > 0);
  const opening = lines[0] === undefined ? '' : toString(lines[0]);
  if (blockOpening.test(opening)) return reparsed([lines.map((line) => toString(line)).join('\n'), ...further].join('\n\n'), reading);
  const phrasing = lines.flatMap((line, index) => (index === 0 ? line : [text('\n'), ...line]));
  return [...(phrasing.length === 0 ? [] : [paragraph(phrasing)]), ...(further.length === 0 ? [] : reparsed(further.join('\n\n'), reading))];
}

/**
 * A line without the HTML comments it starts with (Material's docs write
 * `:   <!-- md:default false --> This option…`, a badge their build hook draws): the page drops
 * them, and the text after them must not start with their blanks.
 */
function withoutLeadingComments(line: readonly PhrasingContent[]): PhrasingContent[] {
  let start = 0;
  for (let node = line[0]; node !== undefined; node = line[++start]) {
    const blank = node.type === 'text' && node.value.trim() === '';
    if (!blank && !(node.type === 'html' && htmlComment.test(node.value))) break;
  }
  return trimPhrasing(line.slice(start));
}

/** The terms and definition lines of a paragraph holding a `:` line, or `undefined` when it holds none. */
function definitionParts(node: Paragraph): { terms: PhrasingContent[][]; definitions: PhrasingContent[][][] } | undefined {
  if (!node.children.some((child) => child.type === 'text' && (child.value.startsWith(':') || child.value.includes('\n:')))) return undefined;
  const lines = splitLines(node.children);
  const first = lines.findIndex(isDefinitionLine);
  if (first === -1) return undefined;
  const definitions: PhrasingContent[][][] = [];
  for (const line of lines.slice(first)) {
    if (isDefinitionLine(line)) definitions.push([withoutMarker(line)]);
    else if (line.length > 0) definitions.at(-1)?.push(line);
  }
  return { terms: lines.slice(0, first).filter((line) => line.length > 0), definitions };
}

/** Adds a group to a definition list: a new item led by its terms, or, without terms, more definitions of the last item. */
function addGroup(list: List, group: DefinitionGroup): void {
  let item = list.children.at(-1);
  const blocks = group.definitions.flat() as BlockContent[];
  // Pushed one by one: spread into a call, a list of 150,000 definitions overflowed the stack.
  if (group.terms.length === 0 && item !== undefined) for (const block of blocks) item.children.push(block);
  else {
    const lead = blocks[0];
    const created: ListItem = { type: 'listItem', spread: false, children: [] };
    item = created;
    if (group.terms.length > 0 && lead?.type === 'paragraph') {
      created.children.push(paragraph([...termsLead(group.terms), text(': '), ...lead.children]));
      for (const block of blocks.slice(1)) created.children.push(block);
    } else {
      if (group.terms.length > 0) created.children.push(paragraph(termsLead(group.terms)));
      for (const block of blocks) created.children.push(block);
    }
    list.children.push(created);
  }
  // An entry of several blocks is written with blank lines around them, and so the whole list.
  item.spread = item.children.length > 1;
  list.spread = list.spread === true || item.spread;
}

/** The terms in bold, separated by commas. */
function termsLead(terms: PhrasingContent[][]): PhrasingContent[] {
  return terms.flatMap((term, index) => {
    const bold: PhrasingContent = term.length === 1 && term[0]?.type === 'strong' ? term[0] : { type: 'strong', children: term };
    return index === 0 ? [bold] : [text(', '), bold];
  });
}

/** Markdown written inside a definition, read as the blocks it is. */
function reparsed(markdown: string, reading: Reading): RootContent[] {
  if (reading.depth >= maximumDepth) return [{ type: 'code', value: markdown }];
  // The page's link definitions that the blocks use, so `[Highlight.js]` stays a link.
  const used = new Set<string>();
  if (reading.linkDefinitions.size > 0) {
    for (const match of markdown.matchAll(bracketed)) {
      const line = reading.linkDefinitions.get((match[1] ?? '').toLowerCase());
      if (line !== undefined) used.add(line);
    }
  }
  const { tree, text: source } = reading.readBlocks(used.size === 0 ? markdown : `${markdown}\n\n${[...used].join('\n')}\n`);
  tree.children = tree.children.filter((node) => node.type !== 'definition');
  flattenIn(tree, source, new WeakSet(), { ...reading, depth: reading.depth + 1 });
  // Their positions point into the code block's text, not the page's: they must be written anew.
  for (const node of tree.children) forgetPositions(node);
  return tree.children;
}

/** Whether a code node is indented code (four spaces in), not a fenced block. */
function isIndentedCode(node: Code, source: string): boolean {
  const start = node.position?.start.offset;
  if (start === undefined || node.lang != null || node.meta != null) return false;
  let width = 0;
  for (let index = start; width < indentedCodeWidth && (source[index] === ' ' || source[index] === '\t'); index++) width += source[index] === '\t' ? indentedCodeWidth : 1;
  return width >= indentedCodeWidth;
}

/** A paragraph's content split at its line ends (newlines in its text, hard breaks), each line trimmed. */
function splitLines(children: readonly PhrasingContent[]): PhrasingContent[][] {
  const lines: PhrasingContent[][] = [[]];
  for (const child of children) {
    if (child.type === 'break') lines.push([]);
    else if (child.type !== 'text' || !child.value.includes('\n')) (lines.at(-1) as PhrasingContent[]).push(child);
    else {
      child.value.split('\n').forEach((part, index) => {
        if (index > 0) lines.push([]);
        if (part !== '') (lines.at(-1) as PhrasingContent[]).push(text(part));
      });
    }
  }
  return lines.map((line) => trimPhrasing(line));
}

function isDefinitionLine(line: readonly PhrasingContent[]): boolean {
  const first = line[0];
  return first?.type === 'text' && definitionMarker.test(first.value);
}

/** A definition line without its `:` and the spaces after it. */
function withoutMarker(line: readonly PhrasingContent[]): PhrasingContent[] {
  const [first, ...rest] = line;
  const value = first?.type === 'text' ? first.value.replace(definitionMarker, '') : '';
  return value === '' ? rest : [text(value), ...rest];
}

function paragraph(children: PhrasingContent[]): Paragraph {
  return { type: 'paragraph', children };
}

