import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import { BuiltSiteError } from './html-page-files';

/** A page named by a sitemap, matched to its file in the built site's folder. */
export interface SitemapPage {
  /** The page's URL as the sitemap gives it. */
  url: string;
  /** URL path as served (decoded), e.g. `/en/latest/install.html`; page paths keep it unchanged. */
  path: string;
  /** The page's file relative to the folder (`/` separators); `undefined` when none was found. */
  relativeFile?: string;
}

const maximumNestedSitemaps = 1000;

/**
 * The page URLs a sitemap lists (`<urlset><url><loc>`), in order and without repeats. A sitemap
 * index (`<sitemapindex><sitemap><loc>`) is followed: each child sitemap is looked for in
 * `folder` at its URL's path (with or without the site's base path), then beside the index. Gzipped sitemaps (`.xml.gz`) are read too.
 *
 * @throws BuiltSiteError when the sitemap (or a child sitemap) cannot be found or lists nothing.
 * @example await readSitemapUrls('public/sitemap.xml', 'public') // ['https://example.com/', …]
 */
export async function readSitemapUrls(sitemapFile: string, folder: string): Promise<string[]> {
  const urls = new Set<string>();
  const visited = new Set<string>();
  const read = async (file: string) => {
    if (visited.has(file) || visited.size >= maximumNestedSitemaps) return;
    visited.add(file);
    const document = await readSitemapDocument(file);
    const isIndex = selectAll('sitemapindex', document).length > 0;
    for (const location of locations(document, isIndex ? 'sitemap' : 'url')) {
      if (!isIndex) {
        urls.add(location);
        continue;
      }
      const child = await childSitemapFile(location, file, folder);
      if (child === undefined) {
        throw new BuiltSiteError(file, `the sitemap index names ${location}, which is neither beside it nor in ${folder}; copy that sitemap into the site folder or point sitemap at it directly`);
      }
      await read(child);
    }
  };
  await read(path.resolve(sitemapFile));
  if (urls.size === 0) throw new BuiltSiteError(sitemapFile, 'the sitemap lists no pages (no <url><loc> entries); check that it is the site\'s sitemap.xml');
  return [...urls];
}

/**
 * Matches sitemap URLs to files of the built site: `/a/b/` → `a/b/index.html`, `/a/b` →
 * `a/b.html` or `a/b/index.html`, `/a/b.html` → `a/b.html`. A site served under a base path
 * (`/docs/`, Read the Docs' `/en/latest/`) has files without it: the number of leading path
 * segments to drop is the one that finds the most files, tried from none up. Pages whose file is
 * missing are returned without `relativeFile`.
 *
 * @example matchSitemapPages(['https://example.com/docs/guide/'], new Set(['guide/index.html']))
 * // [{ url: …, path: '/docs/guide/', relativeFile: 'guide/index.html' }]
 */
export function matchSitemapPages(urls: readonly string[], files: ReadonlySet<string>): SitemapPage[] {
  const paths = urls.map(urlPath);
  const deepest = Math.max(0, ...paths.map((pagePath) => pagePath.split('/').length - 2));
  let best = { dropped: 0, found: -1 };
  for (let dropped = 0; dropped <= deepest; dropped++) {
    const found = paths.filter((pagePath) => fileFor(pagePath, dropped, files) !== undefined).length;
    if (found > best.found) best = { dropped, found };
  }
  return urls.map((url, index) => {
    const pagePath = paths[index] as string;
    const page: SitemapPage = { url, path: pagePath };
    const relativeFile = fileFor(pagePath, best.dropped, files);
    if (relativeFile !== undefined) page.relativeFile = relativeFile;
    return page;
  });
}

function fileFor(pagePath: string, dropped: number, files: ReadonlySet<string>): string | undefined {
  const segments = pagePath.split('/').slice(1);
  if (segments.length <= dropped) return undefined;
  const relative = segments.slice(dropped).join('/');
  const candidates =
    relative === '' || relative.endsWith('/')
      ? [`${relative}index.html`]
      : /\.html?$/i.test(relative)
        ? [relative]
        : [`${relative}.html`, `${relative}/index.html`, relative];
  return candidates.find((candidate) => files.has(candidate));
}

function urlPath(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://site.invalid').pathname;
  } catch {
    pathname = url;
  }
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

async function readSitemapDocument(file: string) {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') throw new BuiltSiteError(file, 'the sitemap file does not exist; point sitemap at the site\'s sitemap.xml (often in the build output folder)');
    throw error;
  }
  const text = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  // An HTML parser reads a sitemap's plain elements fine; CDATA is the one XML form it would
  // take for a comment, so it is unwrapped first.
  return fromHtml(text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1'), { fragment: true });
}

// `url loc`, not `url > loc`: parsed as HTML, a self-closed `<xhtml:link/>` before `<loc>` wraps it.
function locations(document: ReturnType<typeof fromHtml>, entryName: 'url' | 'sitemap'): string[] {
  return selectAll(`${entryName} loc`, document)
    .map((element: Element) => toString(element).trim())
    .filter((location) => location !== '');
}

async function childSitemapFile(location: string, indexFile: string, folder: string): Promise<string | undefined> {
  const segments = urlPath(location).split('/').filter(Boolean);
  // Its path in the site first: beside-the-index by name alone would find Hugo's
  // `/en/sitemap.xml` as the index `/sitemap.xml` itself.
  const candidates: string[] = [];
  for (let dropped = 0; dropped < segments.length; dropped++) candidates.push(path.join(folder, ...segments.slice(dropped)));
  candidates.push(path.join(path.dirname(indexFile), segments.at(-1) ?? ''));
  for (const candidate of candidates) {
    if (candidate === indexFile) continue;
    const found = await stat(candidate).catch(() => undefined);
    if (found?.isFile()) return candidate;
  }
  return undefined;
}
