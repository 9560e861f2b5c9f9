/** An id with its fused score (higher is better; only comparable within one fusion). */
export interface FusedRank {
  id: string;
  score: number;
}

/** Options of {@link reciprocalRankFusion}. */
export interface RankFusionOptions {
  /**
   * The constant added to every rank. Default `60`, the value of the original paper (Cormack,
   * Clarke and Büttcher, 2009): large enough that the first few places of one list do not drown
   * agreement between lists.
   */
  k?: number;
  /** How many fused ids come back at most. Default: all of them. */
  limit?: number;
}

/**
 * Reciprocal rank fusion: each id scores Σ 1 / (k + rank) over the rankings it appears in
 * (rank 1 for the first place), so an id that several rankings place high beats one that a
 * single ranking places first. Only ranks count, never the rankings' own scores, which is what
 * makes a lexical and a dense ranking comparable. An id repeated within one ranking counts at
 * its best place only. Ties keep the order of first appearance, earlier rankings first.
 *
 * @example
 * reciprocalRankFusion([['a', 'b'], ['b', 'c']])
 * // [{ id: 'b', score: 1/62 + 1/61 }, { id: 'a', score: 1/61 }, { id: 'c', score: 1/62 }]
 */
export function reciprocalRankFusion(rankings: readonly (readonly string[])[], options: RankFusionOptions = {}): FusedRank[] {
  const k = options.k ?? 60;
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    const seen = new Set<string>();
    ranking.forEach((id, position) => {
      if (seen.has(id)) return;
      seen.add(id);
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + position + 1));
    });
  }
  // Map iteration follows insertion, and Array.prototype.sort is stable: ties stay in first-seen order.
  const fused = [...scores].map(([id, score]) => ({ id, score })).sort((left, right) => right.score - left.score);
  return options.limit === undefined ? fused : fused.slice(0, Math.max(0, Math.floor(options.limit)));
}
