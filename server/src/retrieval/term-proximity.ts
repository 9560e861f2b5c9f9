import { processTerm, tokenizeText } from './search-terms';
import { longTextCache, longTextLength } from './long-text-cache';

/** Tuning of {@link proximityFactor}; the defaults were chosen on the development question sets. */
export interface ProximityOptions {
  /**
   * How far apart (in words) two query words may be and still count as used together. Default
   * `8`: about a clause, so "a warning callout box" meets "callouts … as warnings".
   */
  window?: number;
  /** How much a section whose words are all used together gains at most. Default `1` (up to twice its score). */
  strength?: number;
  /**
   * Fewest words of the latest question that must be looked up for proximity to count. Default
   * `3`: with two words, their being close says little, and it was measured to outweigh the
   * reader's current page ("Can I put an icon on it?").
   */
  minimumTerms?: number;
}

/** The query as {@link proximityFactor} needs it: the latest question's terms and their weight in the ranking. */
export interface ProximityQuery {
  /** Terms of the latest question (earlier turns are left out: their words were not asked together), with their weights. */
  terms: ReadonlyMap<string, number>;
  /** How telling a term is (its inverse document frequency): a pair counts as much as its weaker word. */
  informativeness: (term: string) => number;
}

/** Where each term of a text occurs (word positions, ascending), read once for a long text (see `longTextCache`). */
const termPositions = longTextCache(16, (text: string): Map<string, number[]> => {
  const positions = new Map<string, number[]>();
  let position = 0;
  for (const word of tokenizeText(text)) {
    const terms = processTerm(word);
    if (terms === null) continue;
    for (const term of terms) {
      const list = positions.get(term);
      if (list === undefined) positions.set(term, [position]);
      else if (list.at(-1) !== position) list.push(position);
    }
    position += 1;
  }
  return positions;
});

/**
 * The factor (≥ 1) by which a section's score grows when the question's words appear close
 * together in it, as in a passage about exactly that ("draw a flowchart", "skip unchanged
 * files"), rather than scattered over a long section that mentions each in passing. BM25 sees
 * each word alone; this is the classic term-proximity complement. Each pair of the question's
 * words found within {@link ProximityOptions.window} words of each other adds the weight of its
 * weaker word; the sum, as a share of the question's total weight, scales
 * {@link ProximityOptions.strength}.
 *
 * Meant for the few candidate sections a search already found (it tokenises their text; a
 * long one's term positions are remembered).
 *
 * @param text the section's heading and Markdown
 * @example proximityFactor('Draw a flowchart …', query) // 1.6
 */
export function proximityFactor(text: string, query: ProximityQuery, options: ProximityOptions = {}): number {
  const strength = options.strength ?? 1;
  const window = options.window ?? 8;
  if (strength <= 0 || query.terms.size < (options.minimumTerms ?? 3)) return 1;
  const positions = new Map<string, number[]>();
  if (text.length >= longTextLength) {
    // A long section is met by question after question: where each of its terms occurs is read once.
    const all = termPositions(text);
    for (const term of query.terms.keys()) {
      const list = all.get(term);
      if (list !== undefined) positions.set(term, list);
    }
  } else {
    let position = 0;
    for (const word of tokenizeText(text)) {
      const terms = processTerm(word);
      if (terms === null) continue;
      for (const term of terms) {
        if (!query.terms.has(term)) continue;
        const list = positions.get(term);
        if (list === undefined) positions.set(term, [position]);
        else if (list.at(-1) !== position) list.push(position);
      }
      position += 1;
    }
  }
  if (positions.size < 2) return 1;
  const weightOf = (term: string) => query.informativeness(term) * (query.terms.get(term) ?? 0);
  let total = 0;
  for (const term of query.terms.keys()) total += weightOf(term);
  if (!(total > 0)) return 1;
  const found = [...positions];
  let together = 0;
  for (let first = 0; first < found.length; first++) {
    for (let second = first + 1; second < found.length; second++) {
      const [leftTerm, left] = found[first] as [string, number[]];
      const [rightTerm, right] = found[second] as [string, number[]];
      if (closestDistance(left, right) <= window) together += Math.min(weightOf(leftTerm), weightOf(rightTerm));
    }
  }
  return 1 + strength * Math.min(1, together / total);
}

/** The smallest distance between a position of one sorted list and one of the other. */
function closestDistance(left: readonly number[], right: readonly number[]): number {
  let best = Number.POSITIVE_INFINITY;
  let leftIndex = 0;
  let rightIndex = 0;
  while (leftIndex < left.length && rightIndex < right.length) {
    const a = left[leftIndex] as number;
    const b = right[rightIndex] as number;
    best = Math.min(best, Math.abs(a - b));
    if (a < b) leftIndex += 1;
    else rightIndex += 1;
  }
  return best;
}
