import { isQuestionWord, processTerm, tokenizeText } from './search-terms';

/** A query cut down to the words worth looking up. */
export interface FocusedQuery {
  /** The distinctive words, in their original order, for the search library. */
  query: string;
  /** Terms of those words. */
  terms: string[];
  /** Terms of the common words left out: they still count where a section's heading has them. */
  commonTerms: string[];
  /**
   * True when every word was common: the query then holds them all, to be looked up in
   * headings and titles only, where a common word still names a topic.
   */
  headingsOnly: boolean;
}

/** Below this many sections per word, no word counts as common (small docs keep every word). */
const focusFloor = 50;
/** A word in more than this share of the sections counts as common. */
const commonShare = 0.05;
/** Most words a query keeps (the rarest ones), so a pasted file cannot make a search slow. */
const maximumQueryWords = 24;

/**
 * Leaves the common words out of a query. A word in a large share of the sections barely
 * moves a BM25 score, yet looking it up visits (and scores, and sorts) that whole share of the
 * index, which is what makes a large corpus slow to search. A pasted snippet is also cut to its
 * most distinctive words. A query made only of common words keeps them all, but is meant to be
 * looked up in headings only (see {@link FocusedQuery.headingsOnly}).
 *
 * @param frequencyOf how many sections contain a term
 * @param sectionCount how many sections the index holds
 * @example focusQuery('how do I configure webhooks', frequencyOf, 30_000) // { query: 'webhooks', commonTerms: ['configur'] }
 */
export function focusQuery(text: string, frequencyOf: (term: string) => number, sectionCount: number): FocusedQuery {
  const commonFrequency = Math.max(focusFloor, sectionCount * commonShare);
  const seen = new Set<string>();
  const words: Array<{ word: string; terms: string[]; frequency: number; position: number }> = [];
  for (const word of tokenizeText(text)) {
    const terms = processTerm(word);
    const key = word.toLowerCase();
    if (terms === null || seen.has(key)) continue;
    seen.add(key);
    words.push({ word, terms, frequency: Math.min(...terms.map(frequencyOf)), position: words.length });
  }
  const rarestFirst = [...words].sort((left, right) => left.frequency - right.frequency || left.position - right.position);
  const distinctive = rarestFirst.filter((entry) => entry.frequency <= commonFrequency);
  const headingsOnly = distinctive.length === 0;
  // Among common words, "how do I use…" words are the most common of all and name no topic.
  const subjects = rarestFirst.filter((entry) => !entry.terms.every(isQuestionWord));
  const kept = (headingsOnly ? (subjects.length > 0 ? subjects : rarestFirst) : distinctive).slice(0, maximumQueryWords);
  const keptWords = new Set(kept);
  return {
    query: kept
      .sort((left, right) => left.position - right.position)
      .map((entry) => entry.word)
      .join(' '),
    terms: kept.flatMap((entry) => entry.terms),
    commonTerms: words.filter((entry) => !keptWords.has(entry)).flatMap((entry) => entry.terms),
    headingsOnly,
  };
}
