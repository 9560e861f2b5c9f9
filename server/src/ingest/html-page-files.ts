import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** A built site's folder that cannot be read; the message says what to fix. */
export class BuiltSiteError extends Error {
  /** The file or folder at fault. */
  readonly file: string;

  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'BuiltSiteError';
    this.file = file;
  }
}

// Pages every generator writes that are not documentation: error and search pages, Sphinx's
// generated indexes.
const skippedFileNames = new Set(['404.html', 'search.html', 'genindex.html', 'py-modindex.html', 'modindex.html']);
// Besides these, `_static`, `_sources`, `_images`, `_modules` (Sphinx) and hidden folders.
const skippedFolderNames = new Set(['assets', 'node_modules']);

/**
 * Every page of a built site: the `*.html` files under `root` (recursively), as paths relative to
 * it with `/` separators, sorted. Leaves out `404.html`, `search.html`, Sphinx's `genindex*.html`
 * and module indexes, and folders that hold no pages (`_static`, `_sources`, any `_*` or `.*`
 * folder, `assets`, `node_modules`).
 *
 * @throws BuiltSiteError when `root` does not exist or is not a folder.
 * @example await listHtmlPageFiles('public') // ['guide/index.html', 'index.html', 'install.html']
 */
export async function listHtmlPageFiles(root: string): Promise<string[]> {
  return (await listHtmlFiles(root)).filter(isPageFile);
}

/**
 * Every `*.html` file under `root`, pages or not (relative paths, `/` separators, sorted): what
 * a sitemap's URLs are matched against.
 *
 * @throws BuiltSiteError when `root` does not exist or is not a folder.
 */
export async function listHtmlFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BuiltSiteError(root, 'the built site folder does not exist; build the site first, or point docs at its output folder (e.g. _build/html, public, site)');
    if (code === 'ENOTDIR') throw new BuiltSiteError(root, 'is a file, not a folder; point docs at the folder holding the built HTML pages');
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !/\.html?$/i.test(entry.name)) continue;
    files.push(path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  }
  return files.sort();
}

/**
 * Whether a file of a built site (relative path, `/` separators) is a documentation page rather
 * than an error page, a search page, a generated index or an asset.
 *
 * @example isPageFile('_static/x.html') === false
 */
export function isPageFile(relativeFile: string): boolean {
  const segments = relativeFile.split('/');
  const name = (segments.pop() ?? '').toLowerCase();
  if (!/\.html?$/.test(name)) return false;
  if (skippedFileNames.has(name) || name.startsWith('genindex')) return false;
  return !segments.some((segment) => segment.startsWith('_') || segment.startsWith('.') || skippedFolderNames.has(segment.toLowerCase()));
}

/**
 * The URL path a built page is served at: `a/b/index.html` → `/a/b/`, `index.html` → `/`,
 * `a/b.html` → `/a/b.html` (a static server serves the file under its own name), with
 * `pathPrefix` in front. Paths stay decoded (`/guide/café.html`), as Markdown pages' paths do.
 *
 * @example htmlPagePath('guide/index.html', '/docs') === '/docs/guide/'
 */
export function htmlPagePath(relativeFile: string, pathPrefix = ''): string {
  const segments = relativeFile.split('/');
  if (/^index\.html?$/i.test(segments.at(-1) ?? '')) segments[segments.length - 1] = '';
  return `${normalizePathPrefix(pathPrefix)}/${segments.join('/')}`;
}

/**
 * A `pathPrefix` as used in front of page paths: leading `/`, no trailing `/`, `''` for the root.
 *
 * @example normalizePathPrefix('docs/') === '/docs'
 */
export function normalizePathPrefix(pathPrefix: string): string {
  const trimmed = pathPrefix.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
