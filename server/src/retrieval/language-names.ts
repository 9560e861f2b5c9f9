/**
 * English names of languages and the locale codes docs write them with: readers ask for "German",
 * docs configure `de`. Built from the runtime's own CLDR data (`Intl.DisplayNames`), not a list
 * kept here: the ISO 639-1 codes whose English name is one word.
 */

// Codes ISO 639-1 withdrew, which Intl still names: their current codes stand for the language.
const withdrawnCodes = new Set(['in', 'iw', 'ji', 'jw', 'mo']);

let codesByName: Map<string, string> | undefined;

function languageCodes(): Map<string, string> {
  if (codesByName !== undefined) return codesByName;
  codesByName = new Map();
  const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  for (let first = 97; first <= 122; first++) {
    for (let second = 97; second <= 122; second++) {
      const code = String.fromCharCode(first, second);
      if (withdrawnCodes.has(code)) continue;
      const name = names.of(code);
      if (name !== undefined && /^\p{L}+$/u.test(name) && !codesByName.has(name.toLowerCase())) codesByName.set(name.toLowerCase(), code);
    }
  }
  return codesByName;
}

/**
 * The locale code of a language named in English, any case.
 *
 * @example localeCodeOf('German') === 'de'
 * @example localeCodeOf('colour') === undefined
 */
export function localeCodeOf(word: string): string | undefined {
  return languageCodes().get(word.toLowerCase());
}

/** Every language name as written, lower case ("german", "french", …). */
export function languageNames(): IterableIterator<string> {
  return languageCodes().keys();
}
