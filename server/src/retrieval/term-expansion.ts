import type { QueryPart } from './query-focus';
import { isQuestionWord, processTerm, tokenizeText } from './search-terms';
import type { WordNet } from './wordnet';
import { localeCodeOf } from './language-names';

/** Options of {@link expandQuery}. */
export interface ExpandQueryOptions {
  /** The thesaurus. */
  wordNet: WordNet;
  /** How many sections contain a term (0: the docs do not use it). */
  frequencyOf: (term: string) => number;
  /** Terms already in the query: never added again. */
  queryTerms: ReadonlySet<string>;
  /** Weight of an added term, relative to the word it came from. */
  weight: number;
  /** Terms in more sections than this are not added (they would cost more than they tell). */
  maximumFrequency: number;
}

const plainWord = /^[a-z]{3,}$/;

/**
 * Terms to add to a query for the reader's words the docs never use: WordNet synonyms in the
 * word's commonest sense and derived forms ("colour" → color, "configure" → configuration,
 * "erase" → erasure), British and American spellings included, and a language's locale code
 * ("German" → de), kept only where the docs use them.
 * Each comes at a fraction of its word's weight, so it can only support a match, not decide one.
 *
 * @returns the added terms with their weights
 */
export function expandQuery(parts: readonly QueryPart[], options: ExpandQueryOptions): Map<string, number> {
  const added = new Map<string, number>();
  for (const part of parts) {
    // A term at the expansion's share of its part's weight, the largest when added twice.
    const add = (term: string) => {
      const weight = part.weight * options.weight;
      if (weight > (added.get(term) ?? 0)) added.set(term, weight);
    };
    for (const raw of tokenizeText(part.text)) {
      const word = raw.toLowerCase();
      // A language the docs never name is written as its locale code: "German" → de.
      const code = localeCodeOf(raw);
      const codeTerm = code === undefined ? undefined : processTerm(code)?.[0];
      if (codeTerm !== undefined && !options.queryTerms.has(codeTerm) && options.frequencyOf(codeTerm) > 0 && (processTerm(word) ?? []).every((term) => options.frequencyOf(term) === 0)) add(codeTerm);
      // Identifiers and code words are exact names, not English.
      if (word !== raw || !plainWord.test(word)) continue;
      const own = processTerm(word);
      if (own === null || own.some(isQuestionWord)) continue;
      // Expanding words the docs do use as well was measured to hurt ranking: their synonyms in
      // other senses pull in unrelated sections. A word the docs never use has nothing to lose.
      if (own.some((term) => options.frequencyOf(term) > 0)) continue;
      for (const related of options.wordNet.related(word)) {
        for (const term of processTerm(related.word) ?? []) {
          if (options.queryTerms.has(term) || isQuestionWord(term)) continue;
          const frequency = options.frequencyOf(term);
          if (frequency === 0 || frequency > options.maximumFrequency) continue;
          add(term);
        }
      }
    }
  }
  return added;
}
