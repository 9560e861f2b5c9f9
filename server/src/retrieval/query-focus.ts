import { isQuestionWord, processTerm, tokenizeText } from './search-terms';

/** A piece of the query with how much its words count (the latest question 1, earlier turns less). */
export interface QueryPart {
  text: string;
  /** Factor on the score of this part's words, in (0, 1]. */
  weight: number;
}

/** A query cut down to the terms worth looking up, each with its weight. */
export interface FocusedQuery {
  /** The terms to look up, rarest first, with their weights. */
  terms: Map<string, number>;
  /** Terms of the common words left out, with their weights: they still count where a section's heading has them. */
  commonTerms: Map<string, number>;
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
/**
 * How many postings (sections containing a word) the common words of one query may add to the
 * lookup. On a small or medium corpus this keeps every word: dropping a topic word there loses
 * ranking signal for no gain in speed. On thousands of pages it keeps only the rarest few.
 */
const commonPostingsBudget = 1_500;
/** A word in more than this share of the sections is never looked up beside rarer words: it names no topic. */
const ubiquitousShare = 0.25;
/** Most words a query keeps (the rarest ones), so a pasted file cannot make a search slow. */
const maximumQueryWords = 24;
/** Weight of a word that only frames a question ("use", "explain", "work"…). */
const questionWordWeight = 0.3;
/**
 * Weight of the parts of an identifier the docs contain whole (`cache` and `ttl` of `cache.ttl`):
 * the reader named that exact identifier, so sections that merely use its words come after.
 */
const identifierPartWeight = 0.5;

interface QueryWord {
  terms: string[];
  /** Whether the word is an identifier whose whole form (its first term) the docs contain. */
  knownIdentifier: boolean;
  frequency: number;
  weight: number;
  position: number;
}

/**
 * Chooses the words of a query worth looking up. A word in a large share of the sections barely
 * moves a BM25 score, yet looking it up visits (and scores, and sorts) that whole share of the
 * index, which is what makes a large corpus slow to search: common words are looked up only while
 * they fit a small budget of postings, the rest are set aside (they still lift sections whose
 * headings name them). A pasted snippet is cut to its most distinctive words, the latest
 * question's first. A query made only of common words keeps them all, but is meant to be looked up
 * in headings only (see {@link FocusedQuery.headingsOnly}).
 *
 * @param parts the query's pieces with their weights; a word in several keeps its largest weight
 * @param frequencyOf how many sections contain a term
 * @param sectionCount how many sections the index holds
 * @example focusQuery([{ text: 'how do I configure webhooks', weight: 1 }], frequencyOf, 30_000) // terms: webhook; commonTerms: configur
 */
export function focusQuery(parts: readonly QueryPart[], frequencyOf: (term: string) => number, sectionCount: number): FocusedQuery {
  const commonFrequency = Math.max(focusFloor, sectionCount * commonShare);
  const byKey = new Map<string, QueryWord>();
  for (const part of parts) {
    for (const word of tokenizeText(part.text)) {
      const terms = processTerm(word);
      if (terms === null) continue;
      const key = word.toLowerCase();
      const known = byKey.get(key);
      if (known !== undefined) known.weight = Math.max(known.weight, part.weight);
      else {
        const knownIdentifier = terms.length > 1 && frequencyOf(terms[0] as string) > 0;
        byKey.set(key, { terms, knownIdentifier, frequency: Math.min(...terms.map(frequencyOf)), weight: part.weight, position: byKey.size });
      }
    }
  }
  const words = [...byKey.values()];
  // The most weighted words first (the latest question), then the rarest.
  const ranked = words.sort((left, right) => right.weight - left.weight || left.frequency - right.frequency || left.position - right.position);
  const distinctive = ranked.filter((entry) => entry.frequency <= commonFrequency).slice(0, maximumQueryWords);
  const headingsOnly = distinctive.length === 0;
  let kept: QueryWord[];
  if (headingsOnly) {
    // Among common words, "how do I use…" words are the most common of all and name no topic.
    const subjects = ranked.filter((entry) => !entry.terms.every(isQuestionWord));
    kept = (subjects.length > 0 ? subjects : ranked).slice(0, maximumQueryWords);
  } else {
    kept = distinctive;
    let postings = 0;
    const ubiquitous = sectionCount * ubiquitousShare;
    for (const entry of ranked) {
      if (kept.length >= maximumQueryWords) break;
      if (entry.frequency <= commonFrequency || entry.frequency > ubiquitous || postings + entry.frequency > commonPostingsBudget) continue;
      postings += entry.frequency;
      kept.push(entry);
    }
  }
  const keptWords = new Set(kept);
  return {
    terms: weightedTerms(kept),
    commonTerms: weightedTerms(words.filter((entry) => !keptWords.has(entry))),
    headingsOnly,
  };
}

function weightedTerms(words: readonly QueryWord[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const word of words) {
    for (const [position, term] of word.terms.entries()) {
      const weight = word.weight * (isQuestionWord(term) ? questionWordWeight : 1) * (word.knownIdentifier && position > 0 ? identifierPartWeight : 1);
      weights.set(term, Math.max(weights.get(term) ?? 0, weight));
    }
  }
  return weights;
}
