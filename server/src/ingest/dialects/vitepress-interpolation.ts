import type { Element as HastElement, Nodes as HastNodes } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import type { Heading, Nodes, Parent, Root } from 'mdast';
import { customIdOf, markChanged, setCustomId } from '../mdast-edits';

/*
 * VitePress compiles each page into a Vue template, so `{{ $frontmatter.title }}` in its text
 * shows the front matter's value. What VitePress 1.6 renders (checked on a real build):
 * - text, link text, table cells, headings, inline code and raw HTML (`<p>`, `<code>`) are
 *   interpolated; fenced code is not (VitePress puts `v-pre` on it), unless its language ends in
 *   `-vue` (```` ```js-vue ````); nothing inside a `::: v-pre` container or a `v-pre` element is;
 * - a string shows as written, a number or boolean as JavaScript writes it, a missing or `null`
 *   last key as nothing;
 * - a heading's anchor is made from its text as written (`# {{ $frontmatter.title }}` has the
 *   anchor `frontmatter-title`), before Vue runs.
 * Any other expression (`{{ $params.pkg }}`, `{{ 1 + 1 }}`, an object's value, a path through a
 * missing key, which fails the page in Vue) is left as written.
 */

/** Longest `{{ … }}` read as a front matter path: real ones are short; this bounds the scan. */
const maximumExpressionLength = 200;

const globalName = '$frontmatter';
// One step of a path: `.name`, `?.name`, `['name']`, `["name"]` or `[0]` (also after `?.`).
const pathStep = /\??\.([A-Za-z_$][\w$]*)|(?:\?\.)?\[\s*(?:'([^'\\]*)'|"([^"\\]*)"|(\d+))\s*\]/y;

// A single HTML tag as an inline (or lone block) HTML node holds it.
const openingTag = /^<([A-Za-z][\w-]*)(\s[^<>]*)?>$/;
const closingTag = /^<\/([A-Za-z][\w-]*)\s*>$/;
const vPreAttribute = /(?:^|\s)v-pre(?:[\s=/]|$)/;

/** Gives the anchor VitePress makes from a heading's text as written (before interpolation). */
export type HeadingAnchor = (heading: Heading) => string;

/**
 * Replaces each `{{ $frontmatter.path }}` of a page (a parsed VitePress page, containers not yet
 * flattened) by what Vue shows for it, where Vue interpolates (see the notes above). A heading
 * whose text changes keeps the anchor of its text as written, through `anchorOf`, as its id.
 *
 * @example interpolateFrontmatter(tree, { title: 'Setup' }, anchorOf) // `# {{ $frontmatter.title }}` reads `# Setup`, anchor `frontmatter-title`
 */
export function interpolateFrontmatter(tree: Root, frontMatter: Record<string, unknown>, anchorOf: HeadingAnchor): void {
  interpolateChildren(tree, frontMatter, anchorOf);
}

/**
 * Interpolates the children of `parent`. A lone HTML tag opening a `v-pre` element
 * (`<span v-pre>`, `<div v-pre>` before a blank line) makes its following siblings, up to the
 * tag that closes it, stay as written. Returns whether anything changed.
 */
function interpolateChildren(parent: Parent, frontMatter: Record<string, unknown>, anchorOf: HeadingAnchor): boolean {
  let changed = false;
  let verbatim: { name: string; depth: number } | undefined;
  const children = parent.children as Nodes[];
  children.forEach((node, index) => {
    if (verbatim !== undefined) {
      if (node.type === 'html') verbatim = afterVerbatimTag(node.value.trim(), verbatim);
      return;
    }
    if (node.type === 'html') {
      const opened = verbatimElementOpened(node.value.trim());
      if (opened !== undefined) {
        verbatim = { name: opened, depth: 1 };
        return;
      }
    }
    if (node.type === 'text') {
      if (replaceValue(node, edgeTrimmed(interpolate(node.value, frontMatter), index === 0, index === children.length - 1))) changed = true;
    } else if (interpolateNode(node, frontMatter, anchorOf)) changed = true;
  });
  return changed;
}

/**
 * Interpolated text without the spacing an empty value leaves at the start or end of its
 * parent (`item {{ $frontmatter.missing }}`), which HTML does not show either.
 */
function edgeTrimmed(value: string | undefined, first: boolean, last: boolean): string | undefined {
  if (value === undefined) return undefined;
  const start = first ? value.trimStart() : value;
  return last ? start.trimEnd() : start;
}

/** Interpolates one node and what it holds; returns whether anything changed. */
function interpolateNode(node: Nodes, frontMatter: Record<string, unknown>, anchorOf: HeadingAnchor): boolean {
  switch (node.type) {
    case 'inlineCode':
      return replaceValue(node, interpolate(node.value, frontMatter));
    case 'html':
      return replaceValue(node, interpolateHtml(node.value, frontMatter));
    case 'code':
      return node.lang?.endsWith('-vue') === true ? replaceValue(node, interpolate(node.value, frontMatter)) : false;
    case 'containerDirective':
      return node.name === 'v-pre' ? false : interpolateChildren(node, frontMatter, anchorOf);
    case 'heading': {
      const anchor = customIdOf(node) === undefined ? anchorOf(node) : undefined;
      const changed = interpolateChildren(node, frontMatter, anchorOf);
      if (changed && anchor !== undefined) setCustomId(node, anchor);
      return changed;
    }
    default:
      return 'children' in node ? interpolateChildren(node, frontMatter, anchorOf) : false;
  }
}

function replaceValue(node: Nodes & { value: string }, value: string | undefined): boolean {
  if (value === undefined) return false;
  node.value = value;
  markChanged(node);
  return true;
}

/** The element name a lone opening tag with `v-pre` opens (`<span v-pre>` → `span`), or `undefined`. */
function verbatimElementOpened(html: string): string | undefined {
  const tag = openingTag.exec(html);
  const attributes = tag?.[2] ?? '';
  if (tag === null || attributes.endsWith('/') || !vPreAttribute.test(attributes)) return undefined;
  return tag[1]?.toLowerCase();
}

/** The `v-pre` element still open after a lone tag (nested same-name elements counted), or `undefined` once closed. */
function afterVerbatimTag(html: string, verbatim: { name: string; depth: number }): { name: string; depth: number } | undefined {
  const closing = closingTag.exec(html)?.[1]?.toLowerCase();
  if (closing === verbatim.name) return verbatim.depth === 1 ? undefined : { name: verbatim.name, depth: verbatim.depth - 1 };
  const opening = openingTag.exec(html);
  if (opening?.[1]?.toLowerCase() === verbatim.name && !(opening[2] ?? '').endsWith('/')) return { name: verbatim.name, depth: verbatim.depth + 1 };
  return verbatim;
}

/**
 * Raw HTML with `{{ $frontmatter.path }}` interpolated in its text (escaped as HTML), but not in
 * attributes, `v-pre` elements, scripts or styles; `undefined` when nothing changes. Parsed with
 * a real HTML parser; the text is replaced where its source is, so the rest stays as written.
 */
function interpolateHtml(html: string, frontMatter: Record<string, unknown>): string | undefined {
  if (!html.includes('{{')) return undefined;
  const ranges: Array<[number, number]> = [];
  collectTextRanges(fromHtml(html, { fragment: true }), ranges);
  let result = '';
  let last = 0;
  for (const [start, end] of ranges) {
    const replaced = interpolate(html.slice(start, end), frontMatter, escapeHtml);
    if (replaced === undefined) continue;
    result += html.slice(last, start) + replaced;
    last = end;
  }
  return last === 0 ? undefined : result + html.slice(last);
}

const rawTextElements = new Set(['script', 'style', 'textarea', 'title']);

/** The source offsets of the text nodes Vue interpolates, in document order. */
function collectTextRanges(node: HastNodes, ranges: Array<[number, number]>): void {
  if (node.type === 'text') {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined) ranges.push([start, end]);
    return;
  }
  if (node.type === 'element' && isVerbatimElement(node)) return;
  if ('children' in node) for (const child of node.children) collectTextRanges(child, ranges);
}

function isVerbatimElement(element: HastElement): boolean {
  return rawTextElements.has(element.tagName) || element.properties['v-pre'] !== undefined;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * `text` with each `{{ $frontmatter.path }}` whose value Vue shows replaced by that value
 * (passed through `escape`), or `undefined` when there is none. Linear in the text: each `{{`
 * looks at most {@link maximumExpressionLength} characters ahead for its `}}`.
 */
function interpolate(text: string, frontMatter: Record<string, unknown>, escape: (value: string) => string = (value) => value): string | undefined {
  let result = '';
  let last = 0;
  let from = 0;
  for (let open = text.indexOf('{{', from); open >= 0; open = text.indexOf('{{', from)) {
    const length = text.slice(open + 2, open + 2 + maximumExpressionLength + 2).indexOf('}}');
    if (length < 0) {
      from = open + 2;
      continue;
    }
    const end = open + 2 + length + 2;
    const shown = shownValue(text.slice(open + 2, open + 2 + length).trim(), frontMatter);
    if (shown !== undefined) {
      result += text.slice(last, open) + escape(shown);
      last = end;
    }
    from = end;
  }
  return last === 0 ? undefined : result + text.slice(last);
}

/** What Vue shows for an expression that reads a front matter value, or `undefined` for any other expression. */
function shownValue(expression: string, frontMatter: Record<string, unknown>): string | undefined {
  const keys = frontMatterPath(expression);
  if (keys === undefined) return undefined;
  let holder: unknown = frontMatter;
  for (const key of keys.slice(0, -1)) {
    if (!isContainer(holder) || !Object.hasOwn(holder, key)) return undefined;
    holder = (holder as Record<string, unknown>)[key];
  }
  // A missing last key reads `undefined`, which Vue shows as nothing; a missing key before it throws.
  if (!isContainer(holder)) return undefined;
  const key = keys.at(-1) as string;
  const value = Object.hasOwn(holder, key) ? (holder as Record<string, unknown>)[key] : undefined;
  if (value === undefined || value === null) return '';
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** The keys of `$frontmatter.a['b'][0]` (`['a', 'b', '0']`), or `undefined` when the expression is anything else. */
function frontMatterPath(expression: string): string[] | undefined {
  if (!expression.startsWith(globalName)) return undefined;
  const keys: string[] = [];
  let index = globalName.length;
  while (index < expression.length) {
    pathStep.lastIndex = index;
    const step = pathStep.exec(expression);
    if (step === null) return undefined;
    keys.push(step[1] ?? step[2] ?? step[3] ?? step[4] ?? '');
    index = pathStep.lastIndex;
  }
  return keys.length > 0 ? keys : undefined;
}
