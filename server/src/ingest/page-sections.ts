import type { Definition, Heading, Nodes, Root, RootContent } from 'mdast';
import type { HeadingForAnchor } from './anchors';
import { customIdOf, isUnchanged, targetNamesOf } from './mdast-edits';
import { stringifyMarkdown } from './markdown-parser';
import { LinkedMarkdown, type LinkSpan } from './source-links';

/** A section of a page before it knows its page's URL: what a cached parse keeps. */
export interface SectionDraft {
  /** Plain text of the heading; absent for the intro before the first heading. */
  heading?: string;
  /** Headings above this one (nearest last). */
  headingTrail: string[];
  /** The heading's anchor by the generator's rules; absent for the intro. */
  anchor?: string;
  /** The section body as plain GFM, without its heading line. */
  markdown: string;
  /** Where the body's links are written, so they can become page URLs without parsing it again; absent when it has none. */
  links?: LinkSpan[];
}

/** How a dialect names headings. */
export interface HeadingRules {
  /** The plain text of a heading. */
  headingText(heading: Heading): string;
  /**
   * The text a heading's anchor is made from, where it differs from {@link headingText}: mdBook
   * makes ids from the rendered text, in which smart punctuation turned `--` into a dash, while
   * the heading is shown and searched as written. Default: `headingText`.
   */
  anchorText?(heading: Heading): string;
  /** Anchors of all of a page's headings, in document order. */
  assignAnchors(headings: readonly HeadingForAnchor[]): string[];
}

/** A page's sections and the text of its first `#` heading (a title when the front matter has none). */
export interface SplitPage {
  sections: SectionDraft[];
  firstHeading?: string;
}

const maximumSectionDepth = 3;

/**
 * Splits a page at its top-level `#`, `##` and `###` headings (at `####` too on a page that has
 * no `##` or `###`, so a reference page of `####` entries is not one long section). Deeper headings, and headings
 * inside lists, quotes or containers, stay in their section; code blocks are whole nodes so
 * never split. The text before the first heading is an intro section without an anchor;
 * sections with an empty body (or only `&nbsp;` and line breaks) are left out, but every heading, at any depth, still takes its
 * anchor in document order, so later anchors match the generator's.
 *
 * Each body is plain GFM: blocks no dialect rewrote are copied from `text` as written (cheap),
 * rewritten ones are serialized with remark-stringify. Link reference definitions go to every
 * section that uses them.
 */
export function splitPage(tree: Root, text: string, rules: HeadingRules): SplitPage {
  const headings: Heading[] = [];
  collectHeadings(tree, headings);
  const anchors = rules.assignAnchors(headings.map((heading) => headingForAnchor(heading, rules)));
  const anchorOf = new Map(headings.map((heading, index) => [heading, anchors[index] as string]));

  const definitions = new Map<string, Definition>();
  for (const node of tree.children) if (node.type === 'definition') definitions.set(node.identifier, node);

  // A page whose sections all sit under `####` headings (no `##` or `###`) splits at those.
  const sectionDepth = headings.some((heading) => heading.depth === 2 || heading.depth === 3) ? maximumSectionDepth : maximumSectionDepth + 1;
  const sections: SectionDraft[] = [];
  const trail: Array<{ depth: number; text: string }> = [];
  let firstHeading: string | undefined;
  let current: { draft: SectionDraft; blocks: RootContent[] } = { draft: { headingTrail: [], markdown: '' }, blocks: [] };

  const finish = () => {
    const { markdown, links } = serializeBlocks(current.blocks, text, definitions);
    if (hasVisibleText(markdown)) sections.push(links.length === 0 ? { ...current.draft, markdown } : { ...current.draft, markdown, links });
  };

  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth <= sectionDepth) {
      finish();
      const headingText = rules.headingText(node);
      if (node.depth === 1 && firstHeading === undefined && headingText !== '') firstHeading = headingText;
      while (trail.length > 0 && (trail.at(-1)?.depth ?? 0) >= node.depth) trail.pop();
      const draft: SectionDraft = { heading: headingText, headingTrail: trail.map((entry) => entry.text), markdown: '' };
      const anchor = anchorOf.get(node);
      if (anchor !== undefined && anchor !== '') draft.anchor = anchor;
      current = { draft, blocks: [] };
      trail.push({ depth: node.depth, text: headingText });
      continue;
    }
    if (node.type === 'yaml' || node.type === 'definition') continue;
    current.blocks.push(node);
  }
  finish();
  const result: SplitPage = { sections };
  if (firstHeading !== undefined) result.firstHeading = firstHeading;
  return result;
}

// A body of nothing but spacing (`&nbsp;` before the title, a lone `<br>`) is empty to a reader:
// as a section it would only be a source with no text.
// (A `<br>` reaches this point as Markdown's hard break, a backslash at the end of a line.)
const invisibleMarkup = /&(?:nbsp|ensp|emsp|thinsp|zwsp|zwj|zwnj|#160|#xa0|#8203);|<br\s*\/?>|\\(?=\n|$)|[\s\u00a0\u200b]/gi;

function hasVisibleText(markdown: string): boolean {
  return markdown.replace(invisibleMarkup, '') !== '';
}

function collectHeadings(node: Nodes, into: Heading[]): void {
  if (node.type === 'heading') into.push(node);
  if ('children' in node) for (const child of node.children) collectHeadings(child, into);
}

function headingForAnchor(heading: Heading, rules: HeadingRules): HeadingForAnchor {
  const customId = customIdOf(heading);
  const text = rules.anchorText?.(heading) ?? rules.headingText(heading);
  const targetNames = targetNamesOf(heading);
  return { text, ...(customId === undefined ? {} : { customId }), ...(targetNames === undefined ? {} : { targetNames }) };
}

function serializeBlocks(blocks: readonly RootContent[], text: string, definitions: ReadonlyMap<string, Definition>): { markdown: string; links: LinkSpan[] } {
  if (blocks.length === 0) return { markdown: '', links: [] };
  const parts = new LinkedMarkdown();
  const used = new Set<string>();
  let pending: RootContent[] = [];
  const flush = () => {
    if (pending.length > 0) parts.addSerialized(stringifyMarkdown(pending));
    pending = [];
  };
  for (const block of blocks) {
    collectReferences(block, used);
    if (isUnchanged(block) && !isIndentedMultiline(block, text)) {
      flush();
      parts.addSource(text, block.position?.start.offset ?? 0, block.position?.end.offset ?? 0, [block]);
    } else {
      pending.push(block);
    }
  }
  flush();
  const needed = new LinkedMarkdown();
  for (const identifier of used) {
    const definition = definitions.get(identifier);
    if (definition === undefined) continue;
    const start = definition.position?.start.offset;
    const end = definition.position?.end.offset;
    if (start === undefined || end === undefined) needed.addSerialized(stringifyMarkdown([definition]));
    else needed.addSource(text, start, end, [definition]);
  }
  parts.addPart(needed.join('\n'));
  return parts.join('\n\n');
}

// A block that spans several lines from an indented start (content of a component or container
// hoisted to the top, `<Step>` … `  ```bash`): copied as written, its later lines would keep the
// container's indentation, and a code block's closing fence would no longer close it. Such a
// block is serialized instead.
function isIndentedMultiline(block: RootContent, text: string): boolean {
  const start = block.position?.start;
  const end = block.position?.end;
  if (start === undefined || end === undefined || start.line === end.line) return false;
  const offset = start.offset ?? 0;
  const indentation = text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset);
  return indentation !== '' && indentation.trim() === '';
}

function collectReferences(node: Nodes, into: Set<string>): void {
  if (node.type === 'linkReference' || node.type === 'imageReference') into.add(node.identifier);
  if ('children' in node) for (const child of node.children) collectReferences(child, into);
}
