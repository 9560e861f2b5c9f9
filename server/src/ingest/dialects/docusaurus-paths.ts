import { stringSetting } from '../config-literals';

// Docusaurus' default number prefix parser: `01-intro`, `1. Intro`, `02_setup` → the rest; a
// date-like name (`2021-01-01-post`) keeps its digits.
const numberPrefix = /^(?<prefix>\d+)\s*[-_.]+\s*(?<rest>[^-_.\s].*)$/;
const dateLike = /^\d+[-_.]\d+[-_.]\d+/;

/** A file or folder name without Docusaurus' number prefix. */
export function withoutNumberPrefix(name: string): string {
  if (dateLike.test(name)) return name;
  return numberPrefix.exec(name)?.groups?.rest ?? name;
}

/** Whether Docusaurus treats a doc as its folder's category index (`index`, `README`, or named like its folder). */
export function isCategoryIndex(fileName: string, folderName: string | undefined): boolean {
  const name = fileName.toLowerCase();
  return name === 'index' || name === 'readme' || (folderName !== undefined && name === folderName.toLowerCase());
}

/** Whether Docusaurus skips a docs file: partials (`_x.mdx`, anything under `_folder/`) and tests. */
export function isExcludedDoc(relativeFile: string): boolean {
  const segments = relativeFile.split('/');
  if (segments.some((segment) => segment.startsWith('_'))) return true;
  return segments.includes('__tests__') || /\.test\.[jt]sx?$/.test(relativeFile);
}

/**
 * A doc's URL slug inside its docs plugin, as Docusaurus computes it: an absolute front matter
 * `slug` as written; a category index (without slug) its folder; otherwise the front matter
 * `slug` (relative) or `id` (else the file name without number prefix) resolved against the
 * folder path with number prefixes removed.
 *
 * @example docusaurusSlug('guides/01-setup.md', {}) === '/guides/setup'
 * @example docusaurusSlug('guides/guides.md', {}) === '/guides/'
 */
export function docusaurusSlug(relativeFile: string, frontMatter: Record<string, unknown>): string {
  const segments = relativeFile.split('/');
  const file = segments.pop() as string;
  const fileName = file.replace(/\.mdx?$/i, '');
  const folders = segments.map(withoutNumberPrefix);
  const folderSlug = folders.length === 0 ? '/' : `/${folders.join('/')}/`;
  const frontMatterSlug = stringSetting(frontMatter.slug);
  if (frontMatterSlug?.startsWith('/')) return frontMatterSlug;
  if (frontMatterSlug === undefined && isCategoryIndex(fileName, segments.at(-1))) return folderSlug;
  const id = stringSetting(frontMatter.id) ?? withoutNumberPrefix(fileName);
  const resolved = new URL(frontMatterSlug ?? id, `http://docs.invalid${folderSlug}`).pathname;
  try {
    return decodeURI(resolved);
  } catch {
    return resolved;
  }
}

/**
 * `baseUrl` + `routeBasePath` (+ the docs folder's version path) as one path prefix:
 * `'/' + 'docs'` → `/docs`, `'/'` + `'/'` → ``, `'/' + 'docs' + 'next'` → `/docs/next`.
 */
export function docusaurusPrefix(baseUrl: string, routeBasePath: string, versionPath = ''): string {
  return `/${baseUrl}/${routeBasePath}/${versionPath}`.replace(/\/+/g, '/').replace(/\/+$/, '');
}
