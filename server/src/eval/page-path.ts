import { comparablePath } from '../retrieval/section-filter';

/**
 * The distinct pages of a list of source URLs, in order of first appearance (the stream sends one
 * `source-url` part per page; a repeated page keeps its best rank), each reduced by
 * `comparablePath` (no origin, query, `#anchor`, trailing slash, `.html` or trailing `/index`).
 */
export function rankedPages(urls: readonly string[]): string[] {
  return [...new Set(urls.map(comparablePath))];
}

/**
 * The 1-based rank of the first of `expected` among `ranked` within the first `depth` pages, or
 * `undefined` when none is there.
 */
export function rankOf(ranked: readonly string[], expected: readonly string[], depth = 5): number | undefined {
  const wanted = new Set(expected.map(comparablePath));
  const index = ranked.slice(0, depth).findIndex((page) => wanted.has(page));
  return index === -1 ? undefined : index + 1;
}
