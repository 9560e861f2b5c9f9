import type { IngestedPage } from '../ingest/ingested-docs';
import type { SearchHit } from './docs-index';
import type { DocSection } from './sections';

/**
 * The hits with the pointed-at page in front: the question is about that page ("sum up this
 * page", "which CLI flag do I use for this?"). Its sections that matched come first, in their
 * order; when none matched, its first section does.
 */
export function withPageFirst(hits: readonly SearchHit[], page: IngestedPage, limit: number, passes: ((section: DocSection) => boolean) | undefined): SearchHit[] {
  const own = hits.filter((hit) => hit.pagePath === page.path);
  if (own.length > 0) {
    if (hits[0]?.pagePath === page.path) return [...hits];
    const top = hits[0]?.score ?? 0;
    return [...own.map((hit) => ({ ...hit, score: top + hit.score })), ...hits.filter((hit) => hit.pagePath !== page.path)];
  }
  const first = page.sections.find((section) => passes === undefined || passes(section));
  if (first === undefined) return [...hits];
  return [{ ...first, score: (hits[0]?.score ?? 0) + 1 }, ...hits].slice(0, limit);
}

/**
 * A page in short, for a reader who asks for it ("sum up this page"): its sections in the page's
 * order, at most `limit`; when they do not all fit, the shallowest (the introduction and the main
 * headings before their subsections). Scores fall with the order, so ranking keeps it.
 */
export function pageOutline(page: IngestedPage, limit: number, passes: ((section: DocSection) => boolean) | undefined): SearchHit[] {
  const sections = page.sections.filter((section) => passes === undefined || passes(section));
  // A stable sort: among sections of one depth, the page's order.
  const chosen = new Set([...sections].sort((left, right) => left.headingTrail.length - right.headingTrail.length).slice(0, Math.max(0, limit)));
  return sections.filter((section) => chosen.has(section)).map((section, position) => ({ ...section, score: chosen.size - position }));
}

/** The sum of a map's weights. */
export function sumOf(weights: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const weight of weights.values()) sum += weight;
  return sum;
}

/**
 * Whether two sections are the same passage on two pages (a second version of the docs side by
 * side, a partial included in several pages): a reader gains nothing from both among the sources.
 */
export function repeatsPassage(left: DocSection, right: DocSection): boolean {
  return left.pagePath !== right.pagePath && left.markdown === right.markdown && left.heading === right.heading;
}
