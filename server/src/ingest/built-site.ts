import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readHtmlPage, type HtmlPageContent } from './html-page';
import { IngestCache } from './ingest-cache';
import { BuiltSiteError, htmlPagePath, listHtmlFiles, listHtmlPageFiles, normalizePathPrefix } from './html-page-files';
import { builtSiteLocales } from './html-locales';
import type { IngestedDocs, IngestedPage } from './ingested-docs';
import { matchSitemapPages, readSitemapUrls } from './sitemap';
import type { SitemapPage } from './sitemap';

export { BuiltSiteError } from './html-page-files';

/** Options of {@link ingestBuiltSite}. */
export interface IngestBuiltSiteOptions {
  /** Folder of built HTML pages: the site's output folder (Sphinx `_build/html`, Hugo `public`, MkDocs `site`). */
  folder: string;
  /**
   * Sitemap file (or sitemap index, optionally gzipped) naming the pages to read. Default: none,
   * so every page under `folder` is read.
   * @example { folder: 'public', sitemap: 'public/sitemap.xml' }
   */
  sitemap?: string;
  /**
   * URL path the folder is served under. Default `''`: a built folder is the site as served, so
   * `guide/index.html` is `/guide/`. (A domain's config gives `/docs` when it sets none; set
   * `"pathPrefix": ""` there for a site served from its root.) With a sitemap, page paths are the
   * sitemap's own URL paths, which already hold any base path, and this is not added.
   */
  pathPrefix?: string;
  /** Origin put in front of every section URL, e.g. `https://docs.example.com`. Default: none (relative URLs). */
  siteUrl?: string;
  /**
   * Folder of the parse cache (see `IngestCache`): a page whose HTML is unchanged is not read
   * again at the next start. Default: none.
   */
  cacheFolder?: string;
}

/** What the cache keeps of a built page: what it reads as, or `null` for a redirect. */
interface CachedHtmlPage {
  content: HtmlPageContent | null;
  dependencies: string[];
}

// Files are read a few at a time: parsing is synchronous, and reading every file at once would
// hold a whole large site in memory.
const readBatchSize = 16;
const missingPagesListed = 5;

/**
 * Reads a folder of built HTML pages (any generator: Sphinx, Hugo, MkDocs, a custom one) into
 * pages and sections, with `generator: 'html'`.
 *
 * Which pages: every page under `folder` (see `listHtmlPageFiles`: no `404.html`, search page,
 * Sphinx indexes or `_static`), or, with `sitemap`, exactly the pages it lists. Paths:
 * `a/b/index.html` → `/a/b/`, `a/b.html` → `/a/b.html`, with `pathPrefix` in front; with a
 * sitemap, the URL paths it gives. Redirect pages and pages marked `noindex` for search engines
 * are left out, and a folder's index serving the same content as another page is that page (see
 * `withoutDuplicatePages`).
 *
 * Each page keeps its main content only (no navigation, sidebars, headers, footers, "edit this
 * page" links or permalink symbols), split into `h1`–`h3` sections with the anchors the page
 * really has (API entries and long sections further, see `splitHtmlSections`), each section's
 * body as plain GFM. `language` comes from `<html lang>`, and the
 * locales from the languages found (see `builtSiteLocales`).
 *
 * With `cacheFolder`, a page whose HTML is unchanged since the last run is taken from the parse
 * cache instead of being read again.
 *
 * Pages the sitemap names but the folder lacks are left out with one warning naming them (a
 * sitemap a little ahead of the build should not stop the server); when more than half are
 * missing, the folder is the wrong one and this throws.
 *
 * @throws BuiltSiteError when the folder or sitemap is missing, or most pages the sitemap lists are not in the folder.
 * @example const docs = await ingestBuiltSite({ folder: 'public', sitemap: 'public/sitemap.xml', siteUrl: 'https://docs.example.com' });
 */
export async function ingestBuiltSite(options: IngestBuiltSiteOptions): Promise<IngestedDocs> {
  const root = path.resolve(options.folder);
  const prefix = normalizePathPrefix(options.pathPrefix ?? '');
  const targets = options.sitemap === undefined ? await folderPages(root, prefix) : await sitemapPages(root, options.sitemap);

  // Sections hold their URLs, so the cache is kept per path prefix and site URL.
  const cache = options.cacheFolder === undefined ? undefined : await IngestCache.open<CachedHtmlPage>(options.cacheFolder, root, `html:3:${prefix}:${options.siteUrl ?? ''}`);
  const pages: IngestedPage[] = [];
  for (let start = 0; start < targets.length; start += readBatchSize) {
    const batch = targets.slice(start, start + readBatchSize);
    const sources = await Promise.all(batch.map((target) => readFile(path.join(root, target.relativeFile), 'utf8')));
    for (const [index, target] of batch.entries()) {
      const source = sources[index] as string;
      const key = `${target.path}\0${target.relativeFile}`;
      let cached = await cache?.get(key, source);
      if (cached === undefined) {
        cached = { content: readHtmlPage(source, { path: target.path, relativeFile: target.relativeFile, siteUrl: options.siteUrl }) ?? null, dependencies: [] };
        await cache?.set(key, source, cached);
      }
      const content = cached.content;
      if (content === null) continue;
      const page: IngestedPage = { path: target.path, sourceFile: path.join(root, target.relativeFile), title: content.title, groups: [], sections: content.sections };
      if (content.description !== undefined) page.description = content.description;
      if (content.language !== undefined) page.language = content.language;
      pages.push(page);
    }
  }
  // Saved before the caller rewrites the pages' links in place.
  await cache?.save();
  pages.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  const distinct = withoutDuplicatePages(pages);
  const { locales, defaultLocale } = builtSiteLocales(distinct, prefix);
  const docs: IngestedDocs = { generator: 'html', pages: distinct, locales };
  if (defaultLocale !== undefined) docs.defaultLocale = defaultLocale;
  return docs;
}

/**
 * One page for content a site serves at two URLs (mdBook writes its first chapter again as
 * `index.html`): the page at the more specific URL is kept, and a folder's index URL serving the
 * same title and sections becomes one it is also served at (see `IngestedPage.alsoServedAt`), so
 * the two do not split every search between them. Otherwise the first in path order is kept.
 */
export function withoutDuplicatePages(pages: readonly IngestedPage[]): IngestedPage[] {
  const bySignature = new Map<string, IngestedPage>();
  const isFolderIndex = (page: IngestedPage) => /(?:^|\/)(?:index\.html?)?$/i.test(page.path);
  const kept = new Set<IngestedPage>();
  // Folder indexes last, so the specific URL of the same content is the one kept.
  for (const page of [...pages].sort((left, right) => Number(isFolderIndex(left)) - Number(isFolderIndex(right)))) {
    if (page.sections.length === 0) {
      kept.add(page);
      continue;
    }
    const signature = [page.title, ...page.sections.map((section) => `${section.heading}\n${section.markdown}`)].join('\u0000');
    const first = bySignature.get(signature);
    if (first === undefined) {
      bySignature.set(signature, page);
      kept.add(page);
    } else first.alsoServedAt = [...(first.alsoServedAt ?? []), page.path];
  }
  return pages.filter((page) => kept.has(page));
}

interface PageTarget {
  relativeFile: string;
  path: string;
}

async function folderPages(root: string, prefix: string): Promise<PageTarget[]> {
  return (await listHtmlPageFiles(root)).map((relativeFile) => ({ relativeFile, path: htmlPagePath(relativeFile, prefix) }));
}

async function sitemapPages(root: string, sitemap: string): Promise<PageTarget[]> {
  const urls = await readSitemapUrls(sitemap, root);
  const matched = matchSitemapPages(urls, new Set(await listHtmlFiles(root)));
  const missing = matched.filter((page) => page.relativeFile === undefined);
  // Most pages missing means the wrong folder (or a base path that matched by chance), not a
  // sitemap slightly ahead of the build.
  if (missing.length * 2 > matched.length) {
    const example = missing[0] as SitemapPage;
    throw new BuiltSiteError(
      root,
      `only ${matched.length - missing.length} of the ${matched.length} pages that ${sitemap} lists are in this folder (for ${example.url}, no file such as ${expectedFiles(example.path)}); ` +
        'point docs at the build output folder the sitemap describes, or rebuild the site',
    );
  }
  if (missing.length > 0) {
    const listed = missing.slice(0, missingPagesListed).map((page) => `${page.url} (no ${expectedFiles(page.path)})`);
    const more = missing.length > missingPagesListed ? ` and ${missing.length - missingPagesListed} more` : '';
    console.warn(
      `docent: ${sitemap} lists ${missing.length} of its ${matched.length} pages that have no file in ${root}: ${listed.join(', ')}${more}. ` +
        'They are left out of the index; rebuild the site so the folder and the sitemap match, or point docs at the folder the sitemap was built with.',
    );
  }
  const seen = new Set<string>();
  const targets: PageTarget[] = [];
  for (const page of matched) {
    if (page.relativeFile === undefined || seen.has(page.relativeFile)) continue;
    seen.add(page.relativeFile);
    targets.push({ relativeFile: page.relativeFile, path: page.path });
  }
  return targets;
}

function expectedFiles(pagePath: string): string {
  const relative = pagePath.replace(/^\//, '');
  if (relative === '' || relative.endsWith('/')) return `${relative}index.html`;
  if (/\.html?$/i.test(relative)) return relative;
  return `${relative}.html or ${relative}/index.html`;
}
