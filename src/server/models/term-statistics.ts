/**
 * How often the question's words occur in the whole documentation: what tells a word the docs
 * use everywhere from one they use once, and a reader's own word from one the docs never use.
 * The extractive model reads these as data (JSON in `providerOptions.docent.statistics`); it
 * never sees the index itself.
 */

/** Anything that knows the docs' vocabulary: the docs index satisfies it. */
export interface DocsVocabulary {
  /** How many sections the docs have. */
  readonly sectionCount: number;
  /** In how many sections a search term (as `textTerms` gives it) occurs; `0` for a word the docs never use. */
  sectionsWithTerm(term: string): number;
}

/**
 * The statistics of a question's terms, as JSON.
 *
 * @example { sectionCount: 412, sectionsWithTerm: { theme: 37, giscus: 0 } }
 */
export type TermStatistics = {
  /** How many sections the docs have. */
  sectionCount: number;
  /** In how many sections each term occurs; `0` for a term the docs never use. */
  sectionsWithTerm: Record<string, number>;
};

/** The statistics of `terms` (duplicates once) from a vocabulary. */
export function termStatistics(vocabulary: DocsVocabulary, terms: Iterable<string>): TermStatistics {
  const sectionsWithTerm: Record<string, number> = {};
  for (const term of terms) if (!Object.hasOwn(sectionsWithTerm, term)) sectionsWithTerm[term] = Math.max(0, vocabulary.sectionsWithTerm(term));
  return { sectionCount: Math.max(0, vocabulary.sectionCount), sectionsWithTerm };
}

/** Whether statistics are usable data (they travel as JSON and may come from anywhere). */
export function isTermStatistics(value: unknown): value is TermStatistics {
  const statistics = value as Partial<TermStatistics> | null;
  return (
    typeof statistics === 'object' &&
    statistics !== null &&
    typeof statistics.sectionCount === 'number' &&
    statistics.sectionCount > 0 &&
    typeof statistics.sectionsWithTerm === 'object' &&
    statistics.sectionsWithTerm !== null &&
    Object.values(statistics.sectionsWithTerm).every((count) => typeof count === 'number')
  );
}

