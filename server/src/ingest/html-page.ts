import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import type { DocSection } from '../retrieval/sections';
import { joinTypeAnnotations } from './html-api-entries';
import { normalizeCodeBlocks } from './html-code-blocks';
import { htmlToMarkdown } from './html-markdown';
import { withReadableTabs } from './html-tabs';
import { assignHeadingAnchors, headingText, splitHtmlSections } from './html-sections';
import { selectMainContent, withoutPageChrome } from './main-content';

/** What one built HTML page holds, read the way a reader sees it. */
export interface HtmlPageContent {
  /** The page's `h1`, else its `<title>` without the site name, else a title from the file name. */
  title: string;
  /** `<meta name="description">`, when given. */
  description?: string;
  /** `<html lang>`, lower case (`en`, `pt-br`); `undefined` when the page does not say. */
  language?: string;
  /** The page's sections, in page order, with the anchors the page really has. */
  sections: DocSection[];
}

/** Where a page is served, for {@link readHtmlPage}. */
export interface HtmlPageLocation {
  /** URL path of the page, e.g. `/guide/install.html`. */
  path: string;
  /** The page's file, relative to the site folder (`guide/install.html`), for a title of last resort. */
  relativeFile: string;
  /** Origin put in front of section URLs; default none. */
  siteUrl?: string;
}

// Separators themes put between a page's title and the site's name in `<title>`.
const titleSeparators = [' — ', ' – ', ' | ', ' · ', ' :: ', ' - '];

/**
 * Reads one built page: its main content without the site's chrome, split into `h1`–`h3`
 * sections whose `markdown` is plain GFM. A section's `url` is `siteUrl + path + '#' + anchor`
 * with the id the page really has, or the page's URL when the heading has none. `id` is
 * `path#anchor` (`path` for the intro before the first heading); when two sections would share
 * one (headings without ids, a repeated id) the later ones get ` §2`, ` §3`… so every section is
 * kept and indexed, while their `url` stays a real link. Sections with an empty body are left
 * out. Returns `undefined` for a redirect page (`<meta http-equiv="refresh">`) and for a page the
 * site asks search engines not to index (`<meta name="robots" content="noindex">`: mdBook's
 * `print.html`, the whole book on one page, and its `toc.html` sidebar frame, drafts, search pages).
 *
 * @example readHtmlPage(html, { path: '/install.html', relativeFile: 'install.html' })
 */
export function readHtmlPage(html: string, location: HtmlPageLocation): HtmlPageContent | undefined {
  const tree = fromHtml(html);
  if (isRedirect(tree) || isNotForIndexing(tree)) return undefined;
  const rawContainer = selectMainContent(tree);
  assignHeadingAnchors(rawContainer);
  const container = withReadableTabs(normalizeCodeBlocks(withoutPageChrome(rawContainer)));
  joinTypeAnnotations(container);
  let firstHeading = select('h1', container);
  // The site's name as an h1 in a header kept with the content (Node.js' docs): not the page's title.
  if (firstHeading !== undefined && sameText(headingText(firstHeading), siteNameFromTitleElement(tree))) {
    removeElement(container, firstHeading);
    firstHeading = select('h1', container);
  }
  const title = (firstHeading && headingText(firstHeading)) || titleFromTitleElement(tree) || titleFromFileName(location.relativeFile);
  const language = languageOf(tree);
  const description = metaDescription(tree);

  const siteUrl = (location.siteUrl ?? '').trim().replace(/\/+$/, '');
  const usedIds = new Map<string, number>();
  const sections: DocSection[] = [];
  for (const part of splitHtmlSections(container)) {
    const markdown = htmlToMarkdown(part.nodes);
    // Nothing but a rule or stray punctuation left of the chrome around it.
    if (!/[\p{L}\p{N}]/u.test(markdown)) continue;
    const link = part.anchor === undefined ? location.path : `${location.path}#${part.anchor}`;
    const seen = usedIds.get(link) ?? 0;
    usedIds.set(link, seen + 1);
    const section: DocSection = {
      id: seen === 0 ? link : `${link} §${seen + 1}`,
      pagePath: location.path,
      pageTitle: title,
      heading: part.heading ?? title,
      headingTrail: part.headingTrail,
      url: siteUrl + link,
      markdown,
      groups: [],
    };
    if (part.anchor !== undefined) section.anchor = part.anchor;
    if (language !== undefined) section.language = language;
    sections.push(section);
  }
  const page: HtmlPageContent = { title, sections };
  if (language !== undefined) page.language = language;
  if (description !== undefined) page.description = description;
  return page;
}

function isRedirect(tree: Root): boolean {
  const refresh = select('meta[http-equiv=refresh]', tree);
  return refresh !== undefined && /url=/i.test(String(refresh.properties.content ?? ''));
}

// `<meta name="robots" content="noindex, follow">` (or `none`): the site keeps the page out of search.
function isNotForIndexing(tree: Root): boolean {
  return selectAll('meta[name]', tree).some(
    (meta) => String(meta.properties.name).toLowerCase() === 'robots' && /(?:^|[\s,])(?:noindex|none)(?:$|[\s,])/i.test(String(meta.properties.content ?? '')),
  );
}

function languageOf(tree: Root): string | undefined {
  const html = select('html', tree);
  const language = html?.properties.lang;
  return typeof language === 'string' && language.trim() !== '' ? language.trim().toLowerCase() : undefined;
}

function metaDescription(tree: Root): string | undefined {
  const meta = select('meta[name=description]', tree);
  const content = meta?.properties.content;
  return typeof content === 'string' && content.trim() !== '' ? content.trim() : undefined;
}

function titleFromTitleElement(tree: Root): string | undefined {
  const { page } = titleParts(tree);
  return page === '' ? undefined : page;
}

// The site's name: what follows the page's title in `<title>` ("File system | Node.js Docs").
function siteNameFromTitleElement(tree: Root): string | undefined {
  return titleParts(tree).site;
}

// `<title>` split at the last separator a theme puts between the page's title and the site's name.
function titleParts(tree: Root): { page: string; site?: string } {
  const element: Element | undefined = select('head title', tree) ?? select('title', tree);
  const text = element ? toString(element).replace(/\s+/g, ' ').trim() : '';
  for (const separator of titleSeparators) {
    const at = text.lastIndexOf(separator);
    if (at > 0) return { page: text.slice(0, at).trim(), site: text.slice(at + separator.length).trim() };
  }
  return { page: text };
}

function sameText(text: string, other: string | undefined): boolean {
  return other !== undefined && other !== '' && text.toLowerCase() === other.toLowerCase();
}

function removeElement(parent: Element, target: Element): boolean {
  const at = parent.children.indexOf(target);
  if (at !== -1) {
    parent.children.splice(at, 1);
    return true;
  }
  return parent.children.some((child) => child.type === 'element' && removeElement(child, target));
}

function titleFromFileName(relativeFile: string): string {
  const segments = relativeFile.split('/');
  let name = (segments.at(-1) ?? '').replace(/\.html?$/i, '');
  if (name.toLowerCase() === 'index') name = segments.length > 1 ? (segments.at(-2) ?? 'Home') : 'Home';
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
