import type { SearchHit } from './docs-index';

/** How {@link rankByPage} turns a section ranking into a page ranking. */
export interface PageRankingOptions {
  /** How many sections come back at most. */
  limit: number;
  /**
   * Most sections of one page among those returned: the best page may bring this many (its
   * answer often spans a heading or two), every other page one, so that `limit` sections name
   * as many pages as they can. Default `2`.
   */
  sectionsOfBestPage?: number;
  /**
   * Weight of a page's next-best matching sections in its score, relative to its best one
   * (see {@link rankByPage}). Default `0.1`.
   */
  supportWeight?: number;
  /** How many of a page's next-best sections add to its score. Default `2`. */
  supportSections?: number;
}

/**
 * Ranks pages by their sections' scores, then returns sections, best page first. A page scores
 * its best section plus a fraction of its next-best ones: readers ask about pages as much as
 * about sections, and a page whose several sections match is more likely about the question
 * than one that mentions its words once. The best page brings up to
 * {@link PageRankingOptions.sectionsOfBestPage} sections, every other page its best one, so the
 * sources a reader sees (one per page) are as many as the sections allow.
 *
 * The order is the pages'; each hit's score is its section's, capped at the score of the hit
 * before it, so scores still read best first.
 *
 * @param hits candidate sections, in any order (typically several times `limit` of them)
 * @example rankByPage(candidates, { limit: 5 }) // [a#1, a#2, b#1, c#1, d#1]
 */
export function rankByPage(hits: readonly SearchHit[], options: PageRankingOptions): SearchHit[] {
  const limit = Math.floor(options.limit);
  if (!(limit > 0) || hits.length === 0) return [];
  const sectionsOfBestPage = Math.max(1, options.sectionsOfBestPage ?? 2);
  const supportWeight = options.supportWeight ?? 0.1;
  const supportSections = options.supportSections ?? 2;
  const byPage = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const page = byPage.get(hit.pagePath);
    if (page === undefined) byPage.set(hit.pagePath, [hit]);
    else page.push(hit);
  }
  const pages = [...byPage.values()].map((sections, position) => {
    sections.sort((left, right) => right.score - left.score);
    let score = (sections[0] as SearchHit).score;
    for (const support of sections.slice(1, 1 + supportSections)) score += supportWeight * support.score;
    return { sections, score, position };
  });
  // Ties keep the order the candidates came in (their best section's rank).
  pages.sort((left, right) => right.score - left.score || left.position - right.position);
  const ordered: SearchHit[] = [];
  for (const [place, page] of pages.entries()) ordered.push(...page.sections.slice(0, place === 0 ? sectionsOfBestPage : 1));
  // Fewer pages than `limit`: the rest of each page's sections, best page first.
  for (const [place, page] of pages.entries()) ordered.push(...page.sections.slice(place === 0 ? sectionsOfBestPage : 1));
  let previous = Number.POSITIVE_INFINITY;
  return ordered.slice(0, limit).map((hit) => {
    previous = Math.min(previous, hit.score);
    return previous === hit.score ? hit : { ...hit, score: previous };
  });
}
