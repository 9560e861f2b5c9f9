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

// A Markdown link's target: `[text](/docs/x#y)` or `[text](</docs/x> "title")`.
const markdownLink = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/**
 * The pages an answer cites: the targets of its Markdown links that are among the answer's
 * sources (a link inside a quoted passage to some other page is not a citation), as comparable
 * paths, in order of first appearance. The embedded model ends with "Quoted from [Page](url)";
 * a configured model cites sections next to its statements.
 */
export function citedPages(answer: string, sources: readonly { url: string }[]): string[] {
  const sourcePages = new Set(sources.map((source) => comparablePath(source.url)));
  const cited = [...answer.matchAll(markdownLink)].map((match) => comparablePath(match[1] ?? '')).filter((page) => sourcePages.has(page));
  return [...new Set(cited)];
}
