import type { Element, Root as HtmlRoot } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toMdast, type Handle } from 'hast-util-to-mdast';
import { toString as htmlText } from 'hast-util-to-string';
import type { Html, Nodes, Paragraph, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { capTableSpans } from './html-table-spans';
import { markChanged, replaceChild, text, trimPhrasing } from './mdast-edits';

/**
 * The docs' HTML policy: what the server indexes, and so what answers (`text-delta`) and
 * sources (`source-url` titles) can carry, is Markdown and plain text, never markup. Raw HTML in
 * a page is reduced to the Markdown it means (text, lists, tables, links; `<script>`, `<style>`,
 * event handlers and the like gone); links and images whose address has a scheme other than
 * http(s) lose the address and keep their text. Code (fenced, indented, inline) is untouched,
 * `<` and all: it is text, and a Markdown client shows it as code.
 */

// Elements whose content is not text a reader sees.
const hiddenElements = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'textarea', 'title', 'xmp', 'head']);

// Inline HTML opening an element whose content (the sibling nodes up to its closing tag) is hidden.
const hiddenOpening = /^<(script|style|template|noscript|iframe|object|textarea|title|xmp)\b[^>]*>$/i;

/**
 * Whether a link or image address may stay: relative (`guide/setup`, `#anchor`, `/docs/`, `?q`),
 * protocol-relative (`//host/path`) or http(s). `javascript:`, `data:`, `vbscript:`, `file:` and
 * every other scheme are refused, however they are spelled (case, control characters, spaces).
 *
 * @example isSafeLinkUrl('https://example.com') // true
 * @example isSafeLinkUrl(' JaVa\tScript:alert(1)') // false
 */
export function isSafeLinkUrl(url: string): boolean {
  // Browsers ignore ASCII whitespace and control characters inside a scheme, so must this check.
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme === null) return true;
  const name = (scheme[1] ?? '').toLowerCase();
  return name === 'http' || name === 'https';
}

/**
 * The text a reader sees in a piece of HTML, as one line: tags removed, hidden elements
 * (`<script>`, `<style>`…) removed with their content, entities decoded. For plain-text fields
 * written by hand, such as a front matter `title`.
 *
 * @example stripHtml('<img src=x onerror=alert(1)>Setup <b>guide</b>') // 'Setup guide'
 */
export function stripHtml(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const tree = fromHtml(html, { fragment: true });
  removeHiddenElements(tree);
  return htmlText(tree).replace(/\s+/g, ' ').trim();
}

/**
 * Applies the HTML policy to a parsed page, in place: raw HTML becomes the Markdown it means
 * (see {@link htmlToMarkdownNodes}); links, images and link definitions with a refused address
 * keep only their text. Blocks it changes are re-serialized; the others stay as written.
 */
export function sanitizeMarkup(tree: Root): void {
  // References can come before their definition, so the refused ones are known first.
  const refusedDefinitions = new Set<string>();
  const collect = (node: Nodes) => {
    if (node.type === 'definition' && !isSafeLinkUrl(node.url)) refusedDefinitions.add(node.identifier);
    if ('children' in node) for (const child of node.children) collect(child);
  };
  collect(tree);
  sanitizeChildren(tree, refusedDefinitions);
}

/**
 * Drops the addresses of links and images with a refused scheme from Markdown converted from
 * a built site's HTML (which has no raw HTML left), keeping their text.
 */
export function dropUnsafeLinks(tree: Root): void {
  sanitizeChildren(tree, new Set());
}

function sanitizeChildren(parent: Parent, refusedDefinitions: ReadonlySet<string>): void {
  const children = parent.children as Nodes[];
  let replaced = false;
  for (let index = 0; index < children.length; index++) {
    const node = children[index] as Nodes;
    const replacement = replacementOf(node, parent, index, refusedDefinitions);
    if (replacement === undefined) {
      if ('children' in node) sanitizeChildren(node, refusedDefinitions);
      continue;
    }
    replaced = true;
    replaceChild(parent, index, replacement.nodes);
    children.splice(index + replacement.nodes.length, replacement.alsoRemoved);
    // The nodes put in place are looked at in turn (a link's text may hold another link).
    index--;
  }
  // A tag dropped at a paragraph's edge (`text⏎<img …>`) leaves the line break before it, which
  // would be written as `&#xA;`.
  if (replaced && (parent.type === 'paragraph' || parent.type === 'heading')) (parent as Paragraph).children = trimPhrasing((parent as Paragraph).children);
}

/** What replaces a node that breaks the policy (and how many following siblings go with it), or `undefined` to keep it. */
function replacementOf(
  node: Nodes,
  parent: Parent,
  index: number,
  refusedDefinitions: ReadonlySet<string>,
): { nodes: Nodes[]; alsoRemoved: number } | undefined {
  switch (node.type) {
    case 'link':
      return isSafeLinkUrl(node.url) ? undefined : { nodes: node.children, alsoRemoved: 0 };
    case 'image':
      return isSafeLinkUrl(node.url) ? undefined : { nodes: altText(node.alt), alsoRemoved: 0 };
    case 'definition':
      return refusedDefinitions.has(node.identifier) && !isSafeLinkUrl(node.url) ? { nodes: [], alsoRemoved: 0 } : undefined;
    case 'linkReference':
      return refusedDefinitions.has(node.identifier) ? { nodes: node.children, alsoRemoved: 0 } : undefined;
    case 'imageReference':
      return refusedDefinitions.has(node.identifier) ? { nodes: altText(node.alt), alsoRemoved: 0 } : undefined;
    case 'html':
      return isPhrasingParent(parent) ? inlineHtmlReplacement(node.value, parent, index) : htmlBlocksReplacement(parent, index);
    default:
      return undefined;
  }
}

/**
 * A run of HTML blocks with nothing but blank lines between them, read as the one piece of HTML
 * the browser gets: CommonMark ends an HTML block at a blank line, so a generated definition list
 * (`<dl>`, then each `<dt>`/`<dd>` pair after a blank line, as Cargo's command pages write their
 * options) would otherwise become loose fragments, each converted on its own.
 */
function htmlBlocksReplacement(parent: Parent, index: number): { nodes: Nodes[]; alsoRemoved: number } {
  const children = parent.children as Nodes[];
  let end = index + 1;
  while (children[end]?.type === 'html') end++;
  const html = children
    .slice(index, end)
    .map((node) => (node as Html).value)
    .join('\n\n');
  return { nodes: htmlToMarkdownNodes(html), alsoRemoved: end - index - 1 };
}

function altText(alt: string | null | undefined): Nodes[] {
  return alt ? [text(alt)] : [];
}

function isPhrasingParent(parent: Parent): boolean {
  return !['root', 'blockquote', 'listItem', 'footnoteDefinition', 'containerDirective', 'mdxJsxFlowElement'].includes(parent.type);
}

/**
 * Inline HTML is one tag per node (`<kbd>`, then the text, then `</kbd>`): a tag becomes
 * nothing (a `<br>` a space), and an element whose content is hidden (`<script>…</script>`)
 * goes with everything up to its closing tag.
 */
function inlineHtmlReplacement(value: string, parent: Parent, index: number): { nodes: Nodes[]; alsoRemoved: number } {
  const opening = hiddenOpening.exec(value.trim());
  if (opening !== null) {
    const closing = new RegExp(`^</${opening[1]}\\s*>$`, 'i');
    const siblings = parent.children as Nodes[];
    let end = index + 1;
    while (end < siblings.length && !(siblings[end]?.type === 'html' && closing.test((siblings[end] as { value: string }).value.trim()))) end++;
    return { nodes: [], alsoRemoved: Math.min(end, siblings.length - 1) - index };
  }
  if (/^<br\s*\/?>$/i.test(value.trim())) return { nodes: [text(' ')], alsoRemoved: 0 };
  const visible = stripHtml(value);
  return { nodes: visible === '' ? [] : [text(visible)], alsoRemoved: 0 };
}

// Raw images become their alt text: a badge or logo in raw HTML is layout, and `onerror` must not travel.
const imageAsAltText: Handle = (_state, node: Element) => {
  const alt = node.properties?.alt;
  return typeof alt === 'string' && alt.trim() !== '' ? text(alt) : undefined;
};

/**
 * The Markdown a block of raw HTML means, as mdast blocks without source positions (so they
 * are serialized, never copied from the page): paragraphs, lists, tables, emphasis, code and
 * links through `hast-util-to-mdast`; hidden elements and images' markup left out.
 */
export function htmlToMarkdownNodes(html: string): RootContent[] {
  const tree = fromHtml(html, { fragment: true });
  removeHiddenElements(tree);
  capTableSpans(tree);
  const converted = toMdast(tree, { handlers: { img: imageAsAltText } }) as Root;
  const blocks: RootContent[] = [];
  let phrasing: PhrasingContent[] = [];
  const flush = () => {
    if (phrasing.some((node) => node.type !== 'text' || node.value.trim() !== '')) blocks.push({ type: 'paragraph', children: phrasing } as Paragraph);
    phrasing = [];
  };
  for (const node of converted.children) {
    if (isPhrasing(node)) phrasing.push(node);
    // An empty `<pre>` shows nothing; so does the opening tag of an element HTML parses as one
    // (`<listing>`, `<xmp>`: the Rust Book's `<Listing number="4-1">` around a fenced block).
    else if (node.type === 'code' && node.value.trim() === '') continue;
    else {
      flush();
      blocks.push(node);
    }
  }
  flush();
  for (const block of blocks) removePositions(block);
  return blocks;
}

const phrasingTypes = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'link', 'linkReference', 'image', 'imageReference', 'break', 'html', 'footnoteReference']);

function isPhrasing(node: RootContent): node is PhrasingContent {
  return phrasingTypes.has(node.type);
}

function removePositions(node: Nodes): void {
  markChanged(node);
  if ('children' in node) for (const child of node.children) removePositions(child);
}

function removeHiddenElements(tree: HtmlRoot | Element): void {
  tree.children = tree.children.filter((child) => child.type !== 'comment' && !(child.type === 'element' && hiddenElements.has(child.tagName)));
  for (const child of tree.children) if (child.type === 'element') removeHiddenElements(child);
}
