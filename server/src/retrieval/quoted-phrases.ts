import { processTerm, tokenizeText } from './search-terms';

// A quotation: opened after a space or bracket (so the apostrophe of "don't" or "users'" opens
// none), closed before a space or punctuation, on one line.
const quotation = /(?<=^|[\s(\[])(?:'([^'\n]{3,120}?)'|"([^"\n]{3,120}?)"|“([^”\n]{3,120}?)”|‘([^’\n]{3,120}?)’)(?=[\s.,?!:;)\]]|$)/g;

/**
 * The phrases a reader quotes, as search terms in order: text copied from the screen ("the
 * 'Made with Material for MkDocs' text"), an error message ("'is not one of'"). A phrase needs
 * two terms at least: a single quoted word is matched like any other.
 *
 * @example quotedPhrases("How do I hide the 'Made with Material for MkDocs' notice?") // [['mad', 'material', 'mkdoc']]
 */
export function quotedPhrases(question: string): string[][] {
  const phrases: string[][] = [];
  for (const match of question.matchAll(quotation)) {
    const phrase = phraseTerms(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
    if (phrase.length >= 2) phrases.push(phrase);
  }
  return phrases;
}

/**
 * Whether a text holds one of the phrases: its terms one after the other (stop words between
 * them do not count). The text is read once, whatever the number of phrases.
 */
export function containsAnyPhrase(text: string, phrases: readonly (readonly string[])[]): boolean {
  if (phrases.length === 0) return false;
  const terms = phraseTerms(text);
  return phrases.some((phrase) => holdsPhrase(terms, phrase));
}

function holdsPhrase(terms: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let start = 0; start + phrase.length <= terms.length; start++) {
    for (let offset = 0; offset < phrase.length; offset++) if (terms[start + offset] !== phrase[offset]) continue outer;
    return true;
  }
  return false;
}

// Each word's main term (an identifier's whole form), in order; words that are not terms are skipped.
function phraseTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of tokenizeText(text)) {
    const term = processTerm(word)?.[0];
    if (term !== undefined) terms.push(term);
  }
  return terms;
}
