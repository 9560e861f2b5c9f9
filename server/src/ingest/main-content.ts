import type { Element, ElementContent, Root } from 'hast';
import { select } from 'hast-util-select';
import { toString } from 'hast-util-to-string';

/** A kind of content container, tested on one element (`insideDocument`: below Sphinx's `div.document`). */
type ContainerTest = (element: Element, classNames: readonly string[], insideDocument: boolean) => boolean;

// In order of preference. Generators' own content containers come first: they are narrower than
// `main`/`article`, which on most themes also hold breadcrumbs, tables of contents and
// previous/next links. Tested by hand in one walk of the page: one `selectAll` per selector
// took as long as parsing the page.
const preferredContainers: ContainerTest[] = [
  (element) => Array.isArray(element.properties.itemProp) && element.properties.itemProp.includes('articleBody'), // Sphinx (Read the Docs, pydata, book themes)
  (element, classNames, insideDocument) => insideDocument && element.tagName === 'div' && classNames.includes('body'), // Sphinx (basic, alabaster, classic)
  (_, classNames) => classNames.includes('md-content'), // MkDocs Material
  (_, classNames) => classNames.includes('theme-doc-markdown'), // Docusaurus
  (_, classNames) => classNames.includes('vp-doc'), // VitePress
  (_, classNames) => classNames.includes('td-content'), // Hugo Docsy
  (element) => element.tagName === 'main',
  (element) => element.properties.role === 'main',
];
const lastResortContainers: ContainerTest[] = [
  (element) => element.properties.id === 'content',
  (_, classNames) => classNames.includes('content'),
  (element) => element.properties.id === 'main-content',
  (_, classNames) => classNames.includes('main-content'),
];

// Never content, wherever they sit inside the container. Matched by hand, not by a selector:
// this runs for every element of every page.
const chromeTags = new Set(['nav', 'aside', 'footer', 'script', 'style', 'noscript', 'template', 'button', 'form', 'input', 'select', 'textarea', 'svg', 'dialog']);
const chromeRoles = new Set(['navigation', 'search', 'banner', 'contentinfo', 'complementary']);
// Permalink symbols: Sphinx/MkDocs `¶`, GitHub-style `a.anchor`, Docusaurus and VitePress `#`.
// Links only: Docusaurus gives its headings themselves the class `anchor`.
const permalinkClasses = new Set(['headerlink', 'anchor', 'hash-link', 'header-anchor', 'heading-anchor', 'anchor-link', 'anchorjs-link']);
const chromeClasses = new Set([
  'sr-only',
  'visually-hidden',
  'screen-reader-text',
  'md-content__button', // MkDocs Material's "edit this page" and "view source" buttons
  'md-source-file', // MkDocs Material's "last update" line
  'theme-doc-footer',
  'pagination-nav',
  'rst-footer-buttons',
  'related', // Sphinx classic's top and bottom navigation bars
  'toctree-wrapper', // Sphinx's list of child pages: links, not content
  'linenos', // line numbers of Sphinx and MkDocs code blocks
  'linenodiv',
  'lnt', // Hugo's line numbers
  'ln',
]);

const editLinkText = /^\s*(edit (this|the) page|edit (this )?page on|edit on (github|gitlab|bitbucket)|view (page )?source|show source|improve this (page|doc)|suggest (an )?edit)/i;
const permalinkText = /^\s*[¶#§🔗]?\s*$/u;

/**
 * The element holding a page's own content: a generator's content container when the page has
 * one (Sphinx `[itemprop=articleBody]` / `div.document div.body`, MkDocs `.md-content`,
 * Docusaurus `.theme-doc-markdown`, VitePress `.vp-doc`, Docsy `.td-content`), else `main` or
 * `[role=main]`, else the page's only `article`, else `#content`/`.content`, else `body`.
 * A container without any text is passed over.
 *
 * @example const container = selectMainContent(fromHtml(html));
 */
export function selectMainContent(tree: Root): Element {
  const tests = [...preferredContainers, ...lastResortContainers];
  const candidates: Element[][] = tests.map(() => []);
  const articles: Element[] = [];
  let body: Element | undefined;
  const visit = (parent: Root | Element, insideDocument: boolean) => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      const classNames = Array.isArray(child.properties.className) ? child.properties.className.map(String) : [];
      tests.forEach((test, index) => {
        if (test(child, classNames, insideDocument)) candidates[index]?.push(child);
      });
      if (child.tagName === 'article') articles.push(child);
      if (child.tagName === 'body') body ??= child;
      visit(child, insideDocument || (child.tagName === 'div' && classNames.includes('document')));
    }
  };
  visit(tree, false);
  const firstWithText = (from: number, to: number) => candidates.slice(from, to).flat().find(hasText);
  const preferred = firstWithText(0, preferredContainers.length);
  if (preferred) return preferred;
  if (articles.length === 1 && hasText(articles[0] as Element)) return articles[0] as Element;
  return firstWithText(preferredContainers.length, tests.length) ?? body ?? { type: 'element', tagName: 'body', properties: {}, children: tree.children as ElementContent[] };
}

/**
 * A copy of `container` without what is not the page's content: navigation, sidebars, headers
 * and footers of the site, scripts and styles, buttons and forms, screen-reader-only text,
 * breadcrumbs, tables of contents, "edit this page" links and permalink symbols (`¶`, `#`);
 * blocks that are lists of links and little else count as navigation, whatever their markup
 * (see `isLinkList`).
 * A `header` is kept when it holds a heading and is not the site's (a direct child of `body`):
 * Docusaurus and many themes put the page's `h1` in one.
 *
 * @example const content = withoutPageChrome(selectMainContent(tree));
 */
export function withoutPageChrome(container: Element): Element {
  const links = measureLinks(container);
  return { type: 'element', tagName: container.tagName, properties: container.properties, children: keptChildren(container, false, links) };
}

// Source positions are left behind: nothing downstream reports them, and the Markdown converter
// deep-copies what it is given.
function keptChildren(parent: Element, inHeading: boolean, links: LinkMeasures): ElementContent[] {
  const kept: ElementContent[] = [];
  const heading = inHeading || /^h[1-6]$/.test(parent.tagName);
  for (const child of parent.children) {
    if (child.type === 'text') kept.push({ type: 'text', value: child.value });
    if (child.type !== 'element' || isChrome(child, parent, heading) || isLinkList(child, links)) continue;
    kept.push({ type: 'element', tagName: child.tagName, properties: child.properties, children: keptChildren(child, heading, links) });
  }
  return kept;
}

/** Characters of text in an element, and how many of them are the text of links, and its links. */
interface LinkMeasure {
  text: number;
  linked: number;
  links: number;
  headings: number;
}
type LinkMeasures = WeakMap<Element, LinkMeasure>;

// The blocks a site's navigation is made of, when its theme does not name them (no `nav`, no
// role, no telling class): a site-wide index of pages in a plain `div` beside the content.
const navigationBlocks = new Set(['div', 'ul', 'ol', 'details', 'section', 'header']);
/** Fewest links, and least share of the text that is link text, that make a block navigation. */
const navigationLinks = 12;
const navigationLinkShare = 0.8;

/**
 * A block that is a list of links and little else, and holds no heading: many links (a dozen or
 * more) whose text is nearly all of the block's, as a site's page index or a page's table of
 * contents is (Node.js' API docs put both in plain `div`s). A list of links with a sentence each
 * (a page's "see also" with descriptions) stays.
 */
function isLinkList(element: Element, links: LinkMeasures): boolean {
  if (!navigationBlocks.has(element.tagName)) return false;
  const measure = links.get(element);
  return measure !== undefined && measure.headings === 0 && measure.links >= navigationLinks && measure.linked >= navigationLinkShare * measure.text;
}

// One walk, bottom up, so that measuring every element costs no more than reading the page once.
function measureLinks(container: Element): LinkMeasures {
  const measures: LinkMeasures = new WeakMap();
  const measure = (element: Element, inLink: boolean): LinkMeasure => {
    const link = inLink || element.tagName === 'a';
    const total: LinkMeasure = { text: 0, linked: 0, links: element.tagName === 'a' ? 1 : 0, headings: /^h[1-6]$/.test(element.tagName) ? 1 : 0 };
    for (const child of element.children) {
      if (child.type === 'text') {
        const length = child.value.trim().length;
        total.text += length;
        if (link) total.linked += length;
      } else if (child.type === 'element') {
        const inner = measure(child, link);
        total.text += inner.text;
        total.linked += inner.linked;
        total.links += inner.links;
        total.headings += inner.headings;
      }
    }
    measures.set(element, total);
    return total;
  };
  measure(container, false);
  return measures;
}

function isChrome(element: Element, parent: Element, inHeading: boolean): boolean {
  const { tagName, properties } = element;
  if (tagName === 'header') return parent.tagName === 'body' || select('h1, h2, h3, h4, h5, h6', element) === undefined;
  if (chromeTags.has(tagName)) return true;
  if (properties.hidden === true || String(properties.ariaHidden) === 'true') return true;
  if (typeof properties.role === 'string' && chromeRoles.has(properties.role)) return true;
  const classNames = Array.isArray(properties.className) ? properties.className.map((name) => String(name).toLowerCase()) : [];
  if (classNames.some((name) => chromeClasses.has(name))) return true;
  if (tagName === 'a') return classNames.some((name) => permalinkClasses.has(name)) || isEditLink(element) || isInHeadingPermalink(element, inHeading) || isBareTarget(element);
  // VitePress's language label beside a code block.
  if (tagName === 'span' && classNames.includes('lang')) return true;
  if (/^h[1-6]$/.test(tagName)) return false;
  return classNames.some(isChromeClassWord) && select('h1', element) === undefined;
}

function isEditLink(link: Element): boolean {
  return editLinkText.test(toString(link));
}

// A link in a heading (however deep: Node.js' docs wrap it in a span) to an anchor, with a symbol
// (or nothing) as text: a permalink, not words.
function isInHeadingPermalink(link: Element, inHeading: boolean): boolean {
  if (!inHeading) return false;
  const href = link.properties.href;
  return typeof href === 'string' && href.startsWith('#') && permalinkText.test(toString(link));
}

// `<a id="x"></a>` is a link target whose id is already on its heading; as Markdown it is `[]()`.
function isBareTarget(link: Element): boolean {
  return link.properties.href === undefined && toString(link).trim() === '';
}

// Themes name their sidebars, breadcrumbs and tables of contents in many ways. Substrings for names that are never content words (`sphinxsidebar`, `wy-breadcrumbs`); whole
// `-`/`_`-separated words for the rest, so `anchorWithStickyNavbar` (a Docusaurus heading) or
// `table-footer-note` stay.
function isChromeClassWord(word: string): boolean {
  if (word.startsWith('has-') || word.startsWith('with-')) return false;
  return (
    /sidebar|breadcrumb|table-of-contents|edit-?this-?page|skip-?link/.test(word) ||
    /(^|[-_])(toc|nav|navbar|footer|topbar|masthead|prev-?next|edit-?link|site-header)($|[-_])/.test(word)
  );
}

function hasText(element: Element): boolean {
  return toString(element).trim() !== '';
}
