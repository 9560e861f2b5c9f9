/**
 * How often the question's words occur in the whole documentation: what tells a word the docs
 * use everywhere from one they use once, and a reader's own word from one the docs never use.
 * The extractive model reads these as data (JSON in `providerOptions.docent.statistics`); it
 * never sees the index itself.
 */
import { isQuestionWord, processTerm, tokenizeText } from '../retrieval/search-terms';
import { namePhraseWords, questionSubject } from './answer-coverage';

/** Anything that knows the docs' vocabulary: the docs index satisfies it. */
export interface DocsVocabulary {
  /** How many sections the docs have. */
  readonly sectionCount: number;
  /** In how many sections a search term (as `textTerms` gives it) occurs; `0` for a word the docs never use. */
  sectionsWithTerm(term: string): number;
  /**
   * Whether some section writes these words together, in any case: "React Native" in "a React
   * Native app" or "react-native" (see `DocsIndex.containsPhrase`). Optional: without it no name
   * of several words is checked.
   */
  containsPhrase?(words: readonly string[]): boolean;
}

/**
 * The statistics of a question's terms, as JSON.
 *
 * @example { sectionCount: 412, sectionsWithTerm: { theme: 37, nginx: 0 }, names: ['nginx'] }
 */
export type TermStatistics = {
  /** How many sections the docs have. */
  sectionCount: number;
  /** In how many sections each term occurs; `0` for a term the docs never use. */
  sectionsWithTerm: Record<string, number>;
  /**
   * Terms of the reader's words that are not English words, however they were written ("nginx",
   * "hreflang"): names of products and tools, which the docs must mention to answer.
   */
  names?: string[];
  /**
   * Terms of the reader's words that the docs never use and that English uses mostly to
   * describe ("awful", "slowly", "nicer"): they qualify the subject rather than name it, so the
   * docs' silence about them is no reason to decline.
   */
  modifiers?: string[];
  /**
   * Names of several words in the reader's questions (see `QuestionSubject.namePhrases`) that no
   * section writes, lower case: "react native" in docs that say "React" and "native" apart.
   */
  absentNames?: string[];
};

/** An English dictionary: the `WordNet` class satisfies it. */
export interface EnglishDictionary {
  /** Whether a lower-case word (any inflection) is an English word. */
  isEnglishWord(word: string): boolean;
  /** Whether a lower-case word is mostly an adjective or an adverb. Default: never. */
  isModifier?(word: string): boolean;
}

// A word WordNet could judge: plain lower-case letters, long enough not to be an abbreviation.
const plainWord = /^[a-z]{3,}$/;
// Below this share of English words, a question is in another language and its words are not names.
const englishShare = 0.8;

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
    Object.values(statistics.sectionsWithTerm).every((count) => typeof count === 'number') &&
    isStringList(statistics.names) &&
    isStringList(statistics.modifiers) &&
    isStringList(statistics.absentNames)
  );
}

function isStringList(value: unknown): boolean {
  return value === undefined || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
}


/**
 * Adds the names among the reader's words to their statistics: words that are not English
 * ("nginx", "hreflang"), nor two English words written together ("dropdown"). A question in
 * another language (mostly words that are not English) has no such names.
 */
export function withReaderNames(statistics: TermStatistics, text: string, dictionary: EnglishDictionary): TermStatistics {
  const words = [...new Set(tokenizeText(text).map((word) => word.toLowerCase()))].filter(
    (word) => plainWord.test(word) && (processTerm(word) ?? []).some((term) => !isQuestionWord(term)),
  );
  const english = words.filter((word) => dictionary.isEnglishWord(word));
  if (english.length < englishShare * words.length) return statistics;
  const names = new Set<string>();
  for (const word of words) if (!english.includes(word) && !isCompound(word, dictionary)) for (const term of processTerm(word) ?? []) names.add(term);
  return names.size === 0 ? statistics : { ...statistics, names: [...names] };
}

/**
 * Adds the reader's words that describe rather than name (see `TermStatistics.modifiers`) among
 * those the docs never use. Needs a dictionary that knows parts of speech.
 */
export function withReaderModifiers(statistics: TermStatistics, text: string, dictionary: EnglishDictionary): TermStatistics {
  if (dictionary.isModifier === undefined) return statistics;
  const modifiers = new Set<string>();
  for (const word of new Set(tokenizeText(text).map((word) => word.toLowerCase()))) {
    if (!plainWord.test(word)) continue;
    const terms = processTerm(word) ?? [];
    if (terms.some((term) => (statistics.sectionsWithTerm[term] ?? 0) > 0) || !dictionary.isModifier(word)) continue;
    for (const term of terms) modifiers.add(term);
  }
  return modifiers.size === 0 ? statistics : { ...statistics, modifiers: [...modifiers] };
}

/**
 * Adds the names of several words in the reader's questions that the docs never write (see
 * `TermStatistics.absentNames`). Needs a vocabulary that finds phrases.
 */
export function withAbsentNames(statistics: TermStatistics, questions: readonly string[], vocabulary: DocsVocabulary): TermStatistics {
  if (vocabulary.containsPhrase === undefined) return statistics;
  const absent = new Set<string>();
  for (const question of questions) {
    for (const phrase of questionSubject(question).namePhrases ?? []) {
      const words = namePhraseWords(phrase);
      const key = words.join(' ');
      if (!absent.has(key) && !vocabulary.containsPhrase(words)) absent.add(key);
    }
  }
  return absent.size === 0 ? statistics : { ...statistics, absentNames: [...absent] };
}

// "dropdown" and "walkthrough" are English words written together, not names.
function isCompound(word: string, dictionary: EnglishDictionary): boolean {
  for (let split = 2; split <= word.length - 2; split++) {
    if (dictionary.isEnglishWord(word.slice(0, split)) && dictionary.isEnglishWord(word.slice(split))) return true;
  }
  return false;
}
