import { comparablePath } from '../retrieval/section-filter';

/**
 * A page address reduced to what names the page, so a source URL and an expected path compare
 * equal however the server spells them: no origin, query, `#anchor`, trailing slash, `.html`
 * extension or trailing `/index`.
 *
 * @example evalPagePath('https://vitepress.dev/guide/deploy.html#gitlab') === '/guide/deploy'
 */
export function evalPagePath(value: string): string {
  const path = comparablePath(value)
    .replace(/\.html?$/i, '')
    .replace(/\/index$/i, '');
  return path === '' ? '/' : path;
}

/**
 * The distinct pages of a list of source URLs, in order of first appearance (the stream sends one
 * `source-url` part per page; a repeated page keeps its best rank).
 */
export function rankedPages(urls: readonly string[]): string[] {
  return [...new Set(urls.map(evalPagePath))];
}

/**
 * The 1-based rank of the first of `expected` among `ranked` within the first `depth` pages, or
 * `undefined` when none is there.
 */
export function rankOf(ranked: readonly string[], expected: readonly string[], depth = 5): number | undefined {
  const wanted = new Set(expected.map(evalPagePath));
  const index = ranked.slice(0, depth).findIndex((page) => wanted.has(page));
  return index === -1 ? undefined : index + 1;
}
