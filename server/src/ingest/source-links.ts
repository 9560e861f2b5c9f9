import path from 'node:path';
import type { Definition, Link, Nodes } from 'mdast';
import type { DocSection } from '../retrieval/sections';
import type { DocsGenerator, IngestedPage } from './ingested-docs';
import { parseMarkdown } from './markdown-parser';

/**
 * Links between pages, as the generator publishes them. Authors link to the source file
 * (`[dispatch](Store.md#dispatchaction)`, `../setup/colors.md`, `@site/docs/intro.md`) or to a
 * URL relative to the page (`./assets#explicit-url-imports`); the generator turns each into the
 * target page's URL. A section quoted outside its page (in an answer, on another page of the
 * site) must carry that URL, or a reader's click lands on a 404: this module rewrites such
 * links in the sections' Markdown to the target page's path (with the site's prefix, anchor and
 * query kept as written), once ingestion knows every page's source file and URL.
 */

/** A page as links see it: the file it is made from and the URL path it is served at. */
export interface LinkedPage {
  /** Absolute path of the page's source file. */
  sourceFile: string;
  /** URL path of the page, with the site's prefix (e.g. `/docs/guide/deploy`). */
  path: string;
  /**
   * Other files whose content the page shows (Docusaurus partials): a relative file link that
   * names no page from the page's own folder is tried from theirs, where it was written.
   */
  includedFiles?: readonly string[];
}

/** What {@link SourceLinks} needs to know about a docs folder. */
export interface SourceLinkSite {
  /** Whose rules turn links into URLs. */
  generator: DocsGenerator;
  /** Absolute docs folder (Docusaurus' content folder: bare and `/`-rooted file links are tried in it). */
  root: string;
  /**
   * The folder `@site/` names and `/`-rooted file links fall back to (Docusaurus: the folder of
   * `docusaurus.config.*`). Default: `root`.
   */
  siteFolder?: string;
  /**
   * URL path the site root is served under (VitePress `base`, or the configured `pathPrefix`):
   * VitePress and Mintlify put it in front of `/`-rooted links. Default `''`.
   */
  sitePrefix?: string;
  /** Every page of the folder. */
  pages: readonly LinkedPage[];
}

// How each generator reads a link's target.
interface LinkRules {
  /** Extensions of links to source files the generator turns into page URLs (lower case). */
  fileLinks: readonly string[];
  /**
   * Docusaurus: a bare file link (`guide.md`) is also tried in the docs folder and the site
   * folder, a `/`-rooted one (`/guide.md`) only there, `@site/…` names a file of the site folder.
   */
  docusaurusFileLinks: boolean;
  /** Whether included files are separate documents whose links are relative to themselves (Docusaurus' MDX partials). */
  linksRelativeToIncludedFile: boolean;
  /** VitePress: every internal link is a URL in which `.md`, `.html` and `index` mean the same page. */
  vitepressUrls: boolean;
  /** Whether a `/`-rooted URL is rooted at the site, under its prefix (VitePress' `base`, Mintlify's subpath). */
  rootedUnderPrefix: boolean;
  /**
   * Whether a relative URL is read from the source file's folder, not the page's URL: they differ
   * for an `index` page served without a trailing slash (Mintlify: `./setup` in
   * `guides/index.mdx`, served at `/guides`, is `/guides/setup`).
   */
  relativeToSourceFolder?: boolean;
}

const rulesByGenerator: Record<DocsGenerator, LinkRules> = {
  // `foo.md`, `../foo.md#bar`, `/guide/foo`, `./foo` (cleanUrls) and `foo.html` are one page.
  vitepress: { fileLinks: [], docusaurusFileLinks: false, linksRelativeToIncludedFile: false, vitepressUrls: true, rootedUnderPrefix: true },
  // `./foo.md` from the file; `foo.mdx` from the file, then the docs folder, then the site;
  // `/docs/foo.md` from the docs folder or the site; `@site/docs/foo.md` from the site.
  docusaurus: { fileLinks: ['.md', '.mdx'], docusaurusFileLinks: true, linksRelativeToIncludedFile: true, vitepressUrls: false, rootedUnderPrefix: false },
  // `foo.md`, `../setup/foo.md#anchor`, `index.md` → its folder's page; relative to the file only.
  // A notebook a notebook plugin publishes (`foo.ipynb`) is a page like any other.
  mkdocs: { fileLinks: ['.md', '.ipynb'], docusaurusFileLinks: false, linksRelativeToIncludedFile: false, vitepressUrls: false, rootedUnderPrefix: false },
  // Starlight does not rewrite `.md` links: authors write URL paths.
  starlight: { fileLinks: [], docusaurusFileLinks: false, linksRelativeToIncludedFile: false, vitepressUrls: false, rootedUnderPrefix: false },
  // Plain Markdown links to files as GitHub does, relative to the linking file.
  gfm: { fileLinks: ['.md', '.mdx'], docusaurusFileLinks: false, linksRelativeToIncludedFile: false, vitepressUrls: false, rootedUnderPrefix: false },
  // Mintlify: authors write URL paths rooted at the docs (`/quickstart`), served under the
  // site's subpath (`/docs/quickstart` on a site at `example.com/docs`); a file link works too.
  mintlify: { fileLinks: ['.md', '.mdx'], docusaurusFileLinks: false, linksRelativeToIncludedFile: false, vitepressUrls: false, rootedUnderPrefix: true, relativeToSourceFolder: true },
  // mdBook: `foo.md` and `../guide/foo.md#anchor` are pages (served as `.html`), relative to the
  // linking chapter; included text is part of the chapter that includes it.
  mdbook: { fileLinks: ['.md'], docusaurusFileLinks: false, linksRelativeToIncludedFile: false, vitepressUrls: false, rootedUnderPrefix: false },
  // GitBook: `page.md` and `../guide/README.md#anchor` are pages, relative to the linking file.
  gitbook: { fileLinks: ['.md'], docusaurusFileLinks: false, linksRelativeToIncludedFile: false, vitepressUrls: false, rootedUnderPrefix: false },
  // Hugo: authors write URL paths, relative ones read from the page's URL (`alts/` on `/docs/go/`
  // is `/docs/go/alts/`); a `ref` shortcode (and a link to a file) names the page's file.
  hugo: { fileLinks: ['.md'], docusaurusFileLinks: false, linksRelativeToIncludedFile: false, vitepressUrls: false, rootedUnderPrefix: false },
  // Jekyll: authors write URL paths, relative ones read from the page's URL; `{% link %}` (and a
  // link to a file) names the page's file.
  jekyll: { fileLinks: ['.md', '.markdown'], docusaurusFileLinks: false, linksRelativeToIncludedFile: false, vitepressUrls: false, rootedUnderPrefix: false },
  // Sphinx: `:doc:` and `:ref:` are read to page URLs already; MyST's `[text](other.md)` and a
  // link to `other.rst` name the page's file, relative to the linking file.
  sphinx: { fileLinks: ['.md', '.rst'], docusaurusFileLinks: false, linksRelativeToIncludedFile: false, vitepressUrls: false, rootedUnderPrefix: false },
  // A built site's links are already URLs.
  html: { fileLinks: [], docusaurusFileLinks: false, linksRelativeToIncludedFile: false, vitepressUrls: false, rootedUnderPrefix: false },
};

// Any scheme (`https:`, `mailto:`, `C:`…) or a protocol-relative `//host`: not a link between pages.
const externalLink = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const linkBase = 'http://site.invalid';

/**
 * Resolves the links written on a site's pages to the pages' URLs by the site generator's rules.
 *
 * @example
 * const links = new SourceLinks({ generator: 'mkdocs', root: '/site/docs', pages });
 * links.resolve('../setup/colors.md#primary', page) // '/setup/colors/#primary'
 * links.rewriteMarkdown('See [colors](../setup/colors.md).', page) // 'See [colors](/setup/colors/).'
 */
export class SourceLinks {
  readonly #rules: LinkRules;
  readonly #root: string;
  readonly #siteFolder: string;
  readonly #sitePrefix: string;
  readonly #pathOfFile = new Map<string, string>();
  // URL path → page path: exact paths first, then the same path with or without its trailing slash.
  readonly #pageOfUrl = new Map<string, string>();

  constructor(site: SourceLinkSite) {
    this.#rules = rulesByGenerator[site.generator];
    this.#root = path.resolve(site.root);
    this.#siteFolder = path.resolve(site.siteFolder ?? site.root);
    this.#sitePrefix = site.sitePrefix ?? '';
    for (const page of site.pages) if (!this.#pathOfFile.has(path.resolve(page.sourceFile))) this.#pathOfFile.set(path.resolve(page.sourceFile), page.path);
    const keyOf = (pagePath: string) => (this.#rules.vitepressUrls ? vitepressRoute(pagePath) : pagePath);
    for (const page of site.pages) if (!this.#pageOfUrl.has(keyOf(page.path))) this.#pageOfUrl.set(keyOf(page.path), page.path);
    for (const page of site.pages) {
      const key = keyOf(page.path);
      const other = key.endsWith('/') ? key.replace(/\/+$/, '') : `${key}/`;
      if (other !== '' && !this.#pageOfUrl.has(other)) this.#pageOfUrl.set(other, page.path);
    }
  }

  /**
   * The URL a link written on `from` points at when its target is a page of the site: the
   * page's path with the link's query and anchor as written (`#anchor` alone: `from`'s own
   * path). `undefined` for external links, links to files that are not pages (images,
   * downloads, partials) and links to nothing the site has; they stay as written.
   */
  resolve(href: string, from: LinkedPage): string | undefined {
    const trimmed = href.trim();
    if (trimmed === '' || externalLink.test(trimmed)) return undefined;
    const split = /^([^?#]*)(.*)$/s.exec(trimmed);
    const linkPath = split?.[1] ?? '';
    const suffix = split?.[2] ?? '';
    if (linkPath === '') return suffix.startsWith('#') && suffix.length > 1 ? from.path + suffix : undefined;
    const target = this.#fileTarget(linkPath, from) ?? this.#urlTarget(linkPath, from);
    return target === undefined ? undefined : target + suffix;
  }

  /**
   * A section's Markdown with every inline link and link reference definition whose target is
   * a page of the site pointing at that page's URL (see {@link resolve}); everything else,
   * images included, exactly as written. Parses the Markdown when a link may change; with the
   * {@link LinkSpan}s recorded when the section was made, {@link rewriteSpans} needs no parse.
   */
  rewriteMarkdown(markdown: string, from: LinkedPage): string {
    if (!this.#mayRewrite(markdown, from)) return markdown;
    return this.rewriteSpans(markdown, linkSpansOf(markdown), from);
  }

  /**
   * Rewrites the destinations `spans` locate in `markdown` (see {@link rewriteMarkdown}). A span
   * that does not hold its URL there is left alone.
   */
  rewriteSpans(markdown: string, spans: readonly LinkSpan[], from: LinkedPage): string {
    let result = markdown;
    for (const span of [...spans].sort((left, right) => right.start - left.start)) {
      const resolved = this.resolve(span.url, from);
      if (resolved === undefined || resolved === span.url) continue;
      if (unescapeDestination(markdown.slice(span.start, span.end)) !== span.url) continue;
      result = result.slice(0, span.start) + markdownDestination(resolved) + result.slice(span.end);
    }
    return result;
  }

  // Whether any destination-like text (after `](` or `]:`) resolves to another URL: a cheap scan
  // that spares parsing the many sections whose links all stay as written.
  #mayRewrite(markdown: string, from: LinkedPage): boolean {
    for (const match of markdown.matchAll(/\]\(\s*|\]:\s*/g)) {
      const range = destinationAt(markdown, match.index + match[0].length, markdown.length);
      if (range === undefined) continue;
      const written = unescapeDestination(markdown.slice(range.start, range.end));
      const resolved = this.resolve(written, from);
      if (resolved !== undefined && resolved !== written) return true;
    }
    return false;
  }

  // A link to a source file (`../setup/colors.md`) the generator turns into its page's URL.
  #fileTarget(linkPath: string, from: LinkedPage): string | undefined {
    const decoded = safeDecode(linkPath);
    const extension = path.posix.extname(decoded).toLowerCase();
    if (!this.#rules.fileLinks.includes(extension)) return undefined;
    const fromFolder = path.dirname(path.resolve(from.sourceFile));
    const candidates: string[] = [];
    const inSite = this.#rules.docusaurusFileLinks;
    if (decoded.startsWith('@site/')) {
      if (inSite) candidates.push(path.join(this.#siteFolder, decoded.slice('@site/'.length)));
    } else if (decoded.startsWith('/')) {
      if (inSite) candidates.push(path.join(this.#root, decoded), path.join(this.#siteFolder, decoded));
    } else {
      candidates.push(path.join(fromFolder, decoded));
      if (inSite && !/^\.\.?\//.test(decoded)) candidates.push(path.join(this.#root, decoded), path.join(this.#siteFolder, decoded));
      if (this.#rules.linksRelativeToIncludedFile) for (const included of from.includedFiles ?? []) candidates.push(path.join(path.dirname(included), decoded));
    }
    for (const candidate of candidates) {
      const pagePath = this.#pathOfFile.get(path.resolve(candidate));
      if (pagePath !== undefined) return pagePath;
    }
    return undefined;
  }

  // A URL path, relative to the linking page's URL (as a browser on that page reads it) or
  // rooted at the site, that is a page's URL in some spelling.
  #urlTarget(linkPath: string, from: LinkedPage): string | undefined {
    let resolved: string;
    try {
      const rooted = linkPath.startsWith('/') && this.#rules.rootedUnderPrefix ? this.#sitePrefix + linkPath : linkPath;
      const indexPage = this.#rules.relativeToSourceFolder === true && /^index\.mdx?$/i.test(path.basename(from.sourceFile)) && !from.path.endsWith('/');
      resolved = safeDecode(new URL(rooted, linkBase + encodeURI(indexPage ? `${from.path}/` : from.path)).pathname);
    } catch {
      return undefined;
    }
    const key = this.#rules.vitepressUrls ? vitepressRoute(resolved) : resolved;
    return this.#pageOfUrl.get(key);
  }
}

/** What ingestion recorded of the pages' links while making their sections (see {@link linkPagesToEachOther}). */
export interface RecordedLinks {
  /** By page source file, the other files its content came from (partials). */
  includedFiles?: ReadonlyMap<string, readonly string[]>;
  /** By section, where its links are written (sections without an entry are parsed). */
  spans?: ReadonlyMap<DocSection, readonly LinkSpan[]>;
}

/**
 * Rewrites, in place, the links of every section of `pages` whose target is a page of the same
 * site to that page's URL (see {@link SourceLinks.resolve}): by the spans recorded when the
 * sections were made, else by parsing each section.
 *
 * @example linkPagesToEachOther(docs.pages, { generator: 'html', root }) // a built site's relative links
 */
export function linkPagesToEachOther(pages: readonly IngestedPage[], site: Omit<SourceLinkSite, 'pages'>, recorded: RecordedLinks = {}): void {
  const links = new SourceLinks({ ...site, pages });
  for (const page of pages) {
    const from: LinkedPage = { sourceFile: page.sourceFile, path: page.path, includedFiles: recorded.includedFiles?.get(page.sourceFile) ?? [] };
    for (const section of page.sections) {
      const spans = recorded.spans?.get(section);
      section.markdown = spans === undefined ? links.rewriteMarkdown(section.markdown, from) : links.rewriteSpans(section.markdown, spans, from);
    }
  }
}

/** Where a link's (or link reference definition's) destination is written in a section's Markdown. */
export interface LinkSpan {
  /** Offset of the destination's first character (`<` included when written `<…>`). */
  start: number;
  /** Offset just after it. */
  end: number;
  /** The URL Markdown reads from it. */
  url: string;
}

/**
 * The destinations of the inline links and link reference definitions in a piece of Markdown
 * that may name a page of the site (not other sites' URLs), found on its mdast.
 */
export function linkSpansOf(markdown: string): LinkSpan[] {
  if (!markdown.includes('](') && !markdown.includes(']:')) return [];
  return spansIn(parseMarkdown(markdown).children, markdown, 0);
}

/**
 * Markdown assembled from parts (blocks copied from a page's source, blocks serialized from its
 * tree), keeping where each link's destination is written, so links can be rewritten later
 * without parsing the result again.
 */
export class LinkedMarkdown {
  readonly #parts: Array<{ markdown: string; links: LinkSpan[] }> = [];

  /** A part copied from `text` between offsets `start` and `end`; `nodes` are its mdast nodes, with positions into `text`. */
  addSource(text: string, start: number, end: number, nodes: readonly Nodes[]): void {
    this.#parts.push({ markdown: text.slice(start, end), links: spansIn(nodes, text, start).filter((span) => span.end <= end - start) });
  }

  /** A part serialized from the tree (its links are found by parsing it). */
  addSerialized(markdown: string): void {
    this.#parts.push({ markdown, links: linkSpansOf(markdown) });
  }

  /** A part with its links already located (e.g. another {@link LinkedMarkdown} joined). */
  addPart(part: { markdown: string; links: LinkSpan[] }): void {
    this.#parts.push(part);
  }

  /** The parts trimmed, empty ones left out, joined with `separator`, and where their links are written. */
  join(separator: string): { markdown: string; links: LinkSpan[] } {
    const texts: string[] = [];
    const links: LinkSpan[] = [];
    let offset = 0;
    for (const part of this.#parts) {
      const trimmed = part.markdown.trim();
      if (trimmed === '') continue;
      const shift = offset - (part.markdown.length - part.markdown.trimStart().length);
      for (const span of part.links) {
        const moved = { start: span.start + shift, end: span.end + shift, url: span.url };
        if (moved.start >= offset && moved.end <= offset + trimmed.length) links.push(moved);
      }
      texts.push(trimmed);
      offset += trimmed.length + separator.length;
    }
    return { markdown: texts.join(separator), links };
  }
}

// The destinations of the links and definitions in `nodes` (positions into `text`), relative to `offset`.
function spansIn(nodes: readonly Nodes[], text: string, offset: number): LinkSpan[] {
  const spans: LinkSpan[] = [];
  const visit = (node: Nodes) => {
    if ((node.type === 'link' || node.type === 'definition') && node.url !== '' && !externalLink.test(node.url.trim())) {
      const range = destinationRange(text, node);
      if (range !== undefined && range.start >= offset) spans.push({ start: range.start - offset, end: range.end - offset, url: node.url });
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  for (const node of nodes) visit(node);
  return spans;
}

/**
 * A VitePress URL path without what VitePress treats as the same page: `.md` and `.html`
 * endings, a trailing `index`.
 *
 * @example vitepressRoute('/guide/index.md') === '/guide/'
 * @example vitepressRoute('/guide/deploy.html') === '/guide/deploy'
 */
function vitepressRoute(urlPath: string): string {
  return urlPath.replace(/(^|\/)index(?:\.md|\.html)?$/i, '$1').replace(/\.(?:md|html)$/i, '');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A destination written so Markdown reads it back whole: `<…>` around one with spaces or brackets. */
function markdownDestination(url: string): string {
  if (!/[\s()<>\\]/.test(url)) return url;
  return `<${url.replace(/[<>\\]/g, '\\$&')}>`;
}

/**
 * Where a link's or definition's destination is written in `markdown` (the node's source),
 * `undefined` when it cannot be found as the node's URL (then the link is left alone).
 */
function destinationRange(markdown: string, node: Link | Definition): { start: number; end: number } | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || markdown[start] !== '[') return undefined;
  let cursor: number;
  if (node.type === 'link') {
    const labelEnd = node.children.at(-1)?.position?.end.offset ?? start + 1;
    const open = markdown.indexOf('](', labelEnd);
    if (open === -1 || open >= end) return undefined;
    cursor = open + 2;
  } else {
    cursor = start + 1;
    while (cursor < end && markdown[cursor] !== ']') cursor += markdown[cursor] === '\\' ? 2 : 1;
    if (markdown[cursor + 1] !== ':') return undefined;
    cursor += 2;
  }
  while (cursor < end && /[ \t\r\n]/.test(markdown[cursor] as string)) cursor++;
  const range = destinationAt(markdown, cursor, end);
  if (range === undefined) return undefined;
  return unescapeDestination(markdown.slice(range.start, range.end)) === node.url ? range : undefined;
}

/** A destination as written (`<./my page.md>`, `x\\_y.md`) as the URL Markdown reads from it. */
function unescapeDestination(written: string): string {
  return written.replace(/^<([\s\S]*)>$/, '$1').replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

// A destination starting at `cursor`: `<…>`, or up to a space or an unbalanced `)`.
function destinationAt(markdown: string, cursor: number, limit: number): { start: number; end: number } | undefined {
  if (markdown[cursor] === '<') {
    let index = cursor + 1;
    while (index < limit && markdown[index] !== '>' && markdown[index] !== '\n') index += markdown[index] === '\\' ? 2 : 1;
    return markdown[index] === '>' ? { start: cursor, end: index + 1 } : undefined;
  }
  let index = cursor;
  let depth = 0;
  while (index < limit) {
    const character = markdown[index] as string;
    if (character === '\\') {
      index += 2;
      continue;
    }
    if (/[\s\u0000-\u001f]/.test(character)) break;
    if (character === '(') depth++;
    if (character === ')') {
      if (depth === 0) break;
      depth--;
    }
    index++;
  }
  return index > cursor ? { start: cursor, end: Math.min(index, limit) } : undefined;
}
