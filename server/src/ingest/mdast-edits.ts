import type { Heading, Nodes, Paragraph, Parent, PhrasingContent, Text } from 'mdast';

/**
 * Edits to an mdast tree that keep track of what changed. A block whose nodes all still have
 * their source position is copied from the source as written when its section is serialized
 * (cheap, and exactly the author's Markdown); a node a dialect rewrote loses its position, so
 * its block is serialized again. Every helper here drops the position of what it changes.
 */

/** Marks a node as rewritten, so its block is serialized from the tree, not copied from the source. */
export function markChanged(node: Nodes): void {
  delete node.position;
}

/**
 * Marks a node and everything in it as rewritten (see {@link markChanged}): for blocks made from
 * another text than the page's (a partial, a definition's body, an alert's content).
 */
export function forgetPositions(node: Nodes): void {
  markChanged(node);
  if ('children' in node) for (const child of node.children) forgetPositions(child);
}

/** Phrasing without the white space at its two ends (and without text left empty by that). */
export function trimPhrasing(nodes: readonly PhrasingContent[]): PhrasingContent[] {
  // Text next to text reads as one (an edit may leave a space, then a line break, at an edge).
  const merged: PhrasingContent[] = [];
  for (const node of nodes) {
    const previous = merged.at(-1);
    if (node.type === 'text' && previous?.type === 'text') merged[merged.length - 1] = text(previous.value + node.value);
    else merged.push(node);
  }
  const first = merged[0];
  if (first?.type === 'text') merged[0] = text(first.value.trimStart());
  const last = merged.at(-1);
  if (last?.type === 'text') merged[merged.length - 1] = text(last.value.trimEnd());
  return merged.filter((node) => node.type !== 'text' || node.value !== '');
}

/** Whether a node and everything in it still match the source text they were parsed from. */
export function isUnchanged(node: Nodes): boolean {
  if (node.position === undefined) return false;
  if ('children' in node) for (const child of node.children) if (!isUnchanged(child)) return false;
  return true;
}

/** Replaces `parent.children[index]` with `replacements` (none removes it). */
export function replaceChild(parent: Parent, index: number, replacements: readonly Nodes[]): void {
  (parent.children as Nodes[]).splice(index, 1, ...replacements);
  markChanged(parent as Nodes);
}

/** A text node (positionless: it is new). */
export function text(value: string): Text {
  return { type: 'text', value };
}

/** A paragraph holding one bold line, used for the titles of containers and tabs. */
export function boldLine(content: string | PhrasingContent[]): Paragraph {
  const children = typeof content === 'string' ? [text(content)] : content;
  return { type: 'paragraph', children: [{ type: 'strong', children }] };
}

/**
 * Walks every node depth-first and lets `visit` replace it: return `undefined` to keep it (and
 * walk into it), or an array of nodes to put in its place (an empty one removes it). The nodes
 * put in place are walked in turn, so a visitor must not return the node it was given.
 */
export function rewriteTree(parent: Parent, visit: (node: Nodes, parent: Parent) => Nodes[] | undefined): void {
  const children = parent.children as Nodes[];
  for (let index = 0; index < children.length; index++) {
    const node = children[index] as Nodes;
    const replacement = visit(node, parent);
    if (replacement === undefined) {
      if ('children' in node) rewriteTree(node, visit);
      continue;
    }
    replaceChild(parent, index, replacement);
    index--;
  }
}

/** Data a dialect attaches to a heading: the explicit id taken out of its text, the labels written before it. */
export interface HeadingData {
  customId?: string;
  targetNames?: string[];
}

/** Records the labels written just before a heading (reStructuredText's `.. _name:`), which name its section too. */
export function setTargetNames(heading: Heading, names: readonly string[]): void {
  if (names.length > 0) heading.data = { ...(heading.data ?? {}), targetNames: [...names] } as Heading['data'];
}

/** The labels a dialect recorded before a heading, if any. */
export function targetNamesOf(heading: Heading): string[] | undefined {
  return (heading.data as HeadingData | undefined)?.targetNames;
}

/**
 * Takes a trailing attribute block out of a heading's text and returns it, e.g. `{#install}`
 * (VitePress, Docusaurus) or `{ #install .class }` (Python-Markdown attr_list). `pattern` must
 * match at the end of the text and capture the block's content in group 1.
 */
export function takeTrailingAttributes(heading: Heading, pattern: RegExp): string | undefined {
  const last = heading.children.at(-1);
  if (last?.type !== 'text') return undefined;
  const match = pattern.exec(last.value);
  if (match === null) return undefined;
  last.value = last.value.slice(0, match.index).trimEnd();
  if (last.value === '') heading.children.pop();
  markChanged(last);
  markChanged(heading);
  return match[1];
}

/**
 * Takes a trailing attribute block (`{#id .class key=value}`, matched by `pattern` as for
 * {@link takeTrailingAttributes}) out of a heading's text and gives the heading its last `#id`,
 * as Goldmark (Hugo) and pulldown-cmark (mdBook) do.
 */
export function takeIdAttribute(heading: Heading, pattern: RegExp): void {
  const id = takeTrailingAttributes(heading, pattern)
    ?.split(/\s+/)
    .filter((attribute) => attribute.startsWith('#'))
    .at(-1);
  if (id !== undefined && id.length > 1) setCustomId(heading, id.slice(1));
}

// `## Install {#install}`, also with its brace escaped (`\{#install}`, as MDX needs it).
const customIdSyntax = /\s*\\?\{#([^}\s]+)\}\s*$/;

/**
 * Takes an explicit `{#id}` (Docusaurus, Mintlify) out of a heading's text and gives the heading
 * that id (see {@link customIdOf}).
 */
export function takeCustomId(heading: Heading): void {
  const id = takeTrailingAttributes(heading, customIdSyntax);
  if (id !== undefined) setCustomId(heading, id);
}

/** The id a dialect took out of a heading's text, if any. */
export function customIdOf(heading: Heading): string | undefined {
  return (heading.data as HeadingData | undefined)?.customId;
}

/** Records a heading's explicit id. */
export function setCustomId(heading: Heading, id: string): void {
  heading.data = { ...(heading.data ?? {}), customId: id } as Heading['data'];
}
