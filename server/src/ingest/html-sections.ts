import type { Element, ElementContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { entryHeading, entrySignature, isEntryList, listEntries } from './html-api-entries';

/** A part of a built page between two `h1`–`h3` headings, still as HTML. */
export interface HtmlSection {
  /** Text of the heading; `undefined` for the content before the first heading. */
  heading?: string;
  /** The id a link to the heading uses (see {@link assignHeadingAnchors}); `undefined` when the page has none. */
  anchor?: string;
  /** Headings above this one (nearest last). */
  headingTrail: string[];
  /** The section's content, without its heading; deeper headings (`h4`–`h6`) stay inside. */
  nodes: ElementContent[];
}

const sectionHeadingDepth: Record<string, number> = { h1: 1, h2: 2, h3: 3 };
/** Every heading level, for anchors: a long section splits at its `h4`–`h6` too (see `splitLargeSections`). */
const anyHeadingDepth: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
/** Depth of a page's top-level API entries: below every section heading. */
const firstEntryDepth = 4;
// Elements whose inner headings belong to them (a heading in a table cell or a list item does not
// start a section of the page).
const wholeBlocks = new Set(['table', 'pre', 'ul', 'ol', 'dl', 'li', 'blockquote', 'details', 'figure', 'p']);

/**
 * Gives every `h1`–`h3` in `container` the id a link to it really uses on the page, as its
 * `id` property, or removes the property when there is none: the heading's own `id`; else an
 * `<a id>`/`<a name>` inside it; else the id of the `<section>` (or Sphinx's older
 * `div.section`) it opens; else an empty `<a id|name>` right before it. Run it on the page as
 * parsed, before anything is dropped: the inner `<a>` often carries a class (`anchor`) that the
 * chrome filter removes. Mutates `container`.
 *
 * @example assignHeadingAnchors(selectMainContent(tree));
 */
export function assignHeadingAnchors(container: Element): void {
  const visit = (parent: Element, openingSections: Element[]) => {
    let previous: Element | undefined;
    for (const child of parent.children) {
      if (child.type !== 'element') {
        if (child.type === 'text' && child.value.trim() !== '') previous = undefined;
        continue;
      }
      if (anyHeadingDepth[child.tagName] !== undefined) {
        const anchor = ownAnchor(child) ?? innerAnchor(child) ?? openingSections.map(idOf).find(Boolean) ?? emptyAnchorId(previous);
        if (anchor === undefined) delete child.properties.id;
        else child.properties.id = anchor;
        openingSections = [];
      } else if (isSectionWrapper(child)) {
        // The wrapper's id belongs to the first heading inside it, however deep.
        visit(child, [child, ...openingSections]);
        openingSections = [];
      } else {
        visit(child, openingSections);
        if (containsHeading(child)) openingSections = [];
      }
      previous = child;
    }
  };
  visit(container, []);
}

/**
 * Splits the content of a page at its `h1`–`h3` headings, in document order, whatever the
 * wrappers (`<section>`, `<div>`) around them: wrappers that hold a heading are opened, other
 * elements are kept whole. Headings inside tables, lists, blockquotes and `<details>` stay in
 * their section, as do `h4`–`h6`. API reference entries (terms with ids, see `html-api-entries`)
 * start sections too, below the headings and nested as their lists are (a class, then its
 * methods), each led by its signature; what follows a list of entries belongs to the section
 * before the list. Sections are returned even when empty.
 *
 * @example splitHtmlSections(container).map((section) => section.heading)
 */
export function splitHtmlSections(container: Element): HtmlSection[] {
  return splitLargeSections(splitAt(container, sectionHeadingDepth, firstEntryDepth));
}

/** Text (in characters) above which a section is split at its next heading level, `h4` to `h6`. */
const maximumSectionText = 10_000;

/**
 * Splits each section longer than {@link maximumSectionText} at its `h4` headings, and what is
 * still too long at `h5`, then `h6`: a reference page that puts each function under an `h4`
 * (Node.js' API docs) made one section of 145,000 characters of its "Callback API" `h3`, which
 * every question about any of its functions matched. A shorter section keeps its `h4`s inside,
 * as a Markdown page's does. The parts keep the section's heading above them.
 */
function splitLargeSections(sections: HtmlSection[], depth = 4): HtmlSection[] {
  const tag = `h${depth}`;
  if (depth > 6) return sections;
  return sections.flatMap((section) => {
    if (textLength(section.nodes) <= maximumSectionText) return [section];
    const container: Element = { type: 'element', tagName: 'div', properties: {}, children: section.nodes };
    const parts = splitAt(container, { [tag]: depth }, Number.POSITIVE_INFINITY);
    if (parts.length === 1) return splitLargeSections([section], depth + 1);
    const [intro, ...rest] = parts as [HtmlSection, ...HtmlSection[]];
    const above = section.heading === undefined ? section.headingTrail : [...section.headingTrail, section.heading];
    const split = [{ ...section, nodes: intro.nodes }, ...rest.map((part) => ({ ...part, headingTrail: [...above, ...part.headingTrail] }))];
    return splitLargeSections(split, depth + 1);
  });
}

function textLength(nodes: readonly ElementContent[]): number {
  let length = 0;
  for (const node of nodes) length += node.type === 'element' ? toString(node).length : node.type === 'text' ? node.value.length : 0;
  return length;
}

function splitAt(container: Element, headingDepth: Record<string, number>, entryDepth: number): HtmlSection[] {
  const holdsHeading = new WeakSet<Element>();
  markHeadingHolders(container, holdsHeading, headingDepth, entryDepth !== Number.POSITIVE_INFINITY);
  let current: HtmlSection = { headingTrail: [], nodes: [] };
  const sections: HtmlSection[] = [current];
  const trail: Array<{ depth: number; text: string }> = [];

  const start = (heading: string, depth: number, anchor: string | undefined) => {
    while (trail.length > 0 && (trail.at(-1)?.depth ?? 0) >= depth) trail.pop();
    current = { heading, headingTrail: trail.map((entry) => entry.text), nodes: [] };
    if (anchor !== undefined && anchor !== '') current.anchor = anchor;
    sections.push(current);
    trail.push({ depth, text: heading });
  };

  // The entries of an API list at `depth` (below h3), their descriptions opened for nested lists.
  const visitEntries = (list: Element, depth: number) => {
    const owner = current;
    const ownerTrail = [...trail];
    const entries = listEntries(list);
    for (const child of list.children) {
      if (child.type !== 'element') continue;
      const anchor = entries.get(child);
      if (anchor !== undefined) {
        start(entryHeading(child), depth, anchor);
        current.nodes.push(...entrySignature(child));
      } else if (child.tagName === 'dt') {
        current.nodes.push(...entrySignature(child));
      } else if (child.tagName === 'dd') {
        visit(child, depth + 1);
      } else {
        current.nodes.push(child);
      }
    }
    current = owner;
    trail.splice(0, trail.length, ...ownerTrail);
  };

  const visit = (parent: Element, entryDepth: number) => {
    for (const child of parent.children) {
      if (child.type !== 'element') {
        current.nodes.push(child);
        continue;
      }
      const depth = headingDepth[child.tagName];
      const text = depth === undefined ? '' : headingText(child);
      if (depth !== undefined && text !== '') {
        start(text, depth, typeof child.properties.id === 'string' ? child.properties.id : undefined);
      } else if (holdsHeading.has(child)) {
        if (child.tagName === 'dl') visitEntries(child, entryDepth);
        else visit(child, entryDepth);
      } else {
        current.nodes.push(child);
      }
    }
  };
  visit(container, entryDepth);
  return sections;
}

/**
 * The text a reader sees in a heading, whitespace collapsed.
 *
 * @example headingText(h2) === 'Install the CLI'
 */
export function headingText(heading: Element): string {
  return toString(heading).replace(/\s+/g, ' ').trim();
}

// Marks the elements to open rather than keep whole: those holding a section heading or a list of
// API entries, and those lists (whose descriptions are opened in turn).
function markHeadingHolders(element: Element, holders: WeakSet<Element>, headingDepth: Record<string, number>, entries: boolean): boolean {
  let holds = false;
  for (const child of element.children) {
    if (child.type !== 'element') continue;
    if (headingDepth[child.tagName] !== undefined) holds = true;
    else if (entries && isEntryList(child)) {
      holders.add(child);
      for (const part of child.children) if (part.type === 'element' && part.tagName === 'dd') markHeadingHolders(part, holders, headingDepth, entries);
      holds = true;
    } else if (!wholeBlocks.has(child.tagName) && markHeadingHolders(child, holders, headingDepth, entries)) holds = true;
  }
  if (holds) holders.add(element);
  return holds;
}

function containsHeading(element: Element): boolean {
  return element.children.some((child) => child.type === 'element' && (anyHeadingDepth[child.tagName] !== undefined || containsHeading(child)));
}

function isSectionWrapper(element: Element): boolean {
  if (element.tagName === 'section') return true;
  const className = element.properties.className;
  return element.tagName === 'div' && Array.isArray(className) && className.includes('section');
}

function idOf(element: Element): string | undefined {
  const id = element.properties.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function ownAnchor(heading: Element): string | undefined {
  return idOf(heading);
}

function innerAnchor(element: Element): string | undefined {
  for (const child of element.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'a') {
      const target = idOf(child) ?? nameOf(child);
      if (target !== undefined) return target;
    }
    const nested = innerAnchor(child);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

function emptyAnchorId(element: Element | undefined): string | undefined {
  if (element === undefined || element.tagName !== 'a' || toString(element).trim() !== '') return undefined;
  return idOf(element) ?? nameOf(element);
}

function nameOf(element: Element): string | undefined {
  const name = element.properties.name;
  return typeof name === 'string' && name !== '' ? name : undefined;
}
