/**
 * How text becomes search terms, shared by the index (what is stored and what a query looks for)
 * and the extractive model (which question words a passage covers), so both agree on what a
 * "matching word" is.
 */

// Words that carry no meaning on their own in a docs question. Kept short on purpose: every
// word here can never be searched for.
const stopWords = new Set(
  (
    'a about above after again all also am an and any are as at be been before being below between both but by ' +
    'can could did do does doing done down during each either else etc for from further had has have having he her ' +
    'here hers him his how i if in into is it its itself just let lets me might more most must my no nor of off ' +
    'on once only or other our ours out over own please same shall she should so some such than that the their ' +
    'theirs them then there these they this those through to too under until up upon us very via was we were what ' +
    'when where which while who whom whose why will with within would yes yet you your yours ' +
    // What is left of a contraction once its apostrophe splits it: "doesn't", "we'll", "you're".
    'aren couldn didn doesn don hadn hasn haven isn ll mustn needn re shouldn ve wasn weren won wouldn ' +
    // The same contractions typed without their apostrophe, as quick questions often are.
    'arent cant couldnt didnt doesnt dont hadnt hasnt havent hows im isnt ive shouldnt thats theres theyre theyve wasnt werent weve whats wheres whos wont wouldnt youre youve'
  ).split(' '),
);

// Words that make up the frame of a question ("how do I use…", "is it possible to…") rather than
// its subject. They are searchable, but they do not count when deciding whether the docs cover
// a question.
const questionWords = new Set(
  (
    'able allow allowed allows anything ask available best change create difference different does example examples explain find get give go help know like look make mean means need ' +
    'possible question show something support supported supports tell thing things try use used uses using want way ways work works write'
  )
    .split(' ')
    .map(stemTerm),
);

const maximumTermLength = 40;

/**
 * Splits text into raw words: runs of letters, digits and underscores. An identifier joined by
 * `.`, `-` or `/` (`c.req.param`, `data-api-key`, `@scope/pkg`, `--flag`, `file.config.ts`) stays
 * one word, which {@link processTerm} turns into the whole identifier and its parts; other symbols
 * and punctuation separate words.
 */
export function tokenizeText(text: string): string[] {
  const words: string[] = [];
  // Unicode property classes are slow to match; most docs text is ASCII, so a plain class finds
  // the candidates and only a candidate with non-ASCII characters gets the exact split.
  for (const candidate of text.match(wordCandidates) ?? []) {
    if (!nonAscii.test(candidate)) words.push(candidate);
    else for (const word of candidate.split(nonWordCharacters)) if (word !== '') words.push(word);
  }
  return words;
}

const wordCandidates = /(?:--|@)?[A-Za-z0-9_\u00C0-\uFFFF]+(?:[.\-/][A-Za-z0-9_\u00C0-\uFFFF]+)*/g;
const nonAscii = /[^\x00-\x7F]/;
const nonWordCharacters = /[^\p{L}\p{N}\p{M}_]+/u;
const identifierSeparators = /[.\-/@]+/;
const acronymPlural = /^\p{Lu}{2,}s$/u;

// Docs repeat a small vocabulary endlessly: remembering each word's terms makes indexing several
// times faster. Bounded, so a stream of unique words (hashes, ids) cannot grow it without end.
const termCache = new Map<string, string[] | null>();
const termCacheSize = 100_000;

/**
 * Normalises one raw word into index terms: lower case, a light English stem, stop words and
 * one-letter words dropped. Identifiers also yield their parts, so `retrievalPageSize` matches
 * "retrieval page size" and `svc_dsc_demo` matches "demo".
 *
 * @returns the terms (possibly several; a shared array, not to be modified), or `null` when the
 *   word is not worth indexing.
 */
export function processTerm(word: string): string[] | null {
  const cached = termCache.get(word);
  if (cached !== undefined) return cached;
  const terms = computeTerms(word);
  if (termCache.size >= termCacheSize) termCache.clear();
  termCache.set(word, terms);
  return terms;
}

function computeTerms(word: string): string[] | null {
  if (identifierSeparators.test(word)) return compoundTerms(word);
  // The plural of an acronym is the acronym: "APIs", "IDs", "PNGs".
  if (acronymPlural.test(word)) return computeTerms(word.slice(0, -1));
  if (word.length > maximumTermLength) return null;
  const whole = normalizeWord(word);
  // Most words are plain lower-case words: only identifiers need splitting.
  const parts = /[\p{Lu}_]/u.test(word) ? identifierParts(word) : [];
  if (parts.length <= 1) return whole === null ? null : [whole];
  const terms = new Set<string>();
  if (whole !== null) terms.add(whole);
  for (const part of parts) {
    const term = normalizeWord(part);
    if (term !== null) terms.add(term);
  }
  return terms.size === 0 ? null : [...terms];
}

// `c.req.param`, `--base-url`, `@scope/pkg`: the identifier as written (lower case, unstemmed, so
// it only meets the same identifier) and the terms of each part, so prose about its words finds it.
function compoundTerms(word: string): string[] | null {
  const terms = new Set<string>();
  for (const piece of word.split(identifierSeparators)) for (const term of (piece === '' ? null : processTerm(piece)) ?? []) terms.add(term);
  // "e.g." or "a-b" name nothing beyond their parts; a URL is too long to be asked for whole.
  if (terms.size > 0 && word.length <= maximumTermLength) return [word.toLowerCase(), ...terms];
  return terms.size === 0 ? null : [...terms];
}

/**
 * The distinct terms of a text, in first-seen order, as the index would store them.
 *
 * @example textTerms('How do I theme the widget?') // ['them', 'widget']
 */
export function textTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const word of tokenizeText(text)) for (const term of processTerm(word) ?? []) terms.add(term);
  return [...terms];
}

/**
 * The terms of a question that name its subject: {@link textTerms} without the words that only
 * frame a question ("how do I use…", "explain…"). Used to judge whether the docs cover it.
 */
export function subjectTerms(text: string): string[] {
  return textTerms(text).filter((term) => !isQuestionWord(term));
}

/** Whether a lower-case word is an English function word ("the", "how", "of"), which names nothing. */
export function isStopWord(word: string): boolean {
  return stopWords.has(word);
}

/** Whether a term only frames a question ("use", "explain", "work"…) rather than naming its subject. */
export function isQuestionWord(term: string): boolean {
  return questionWords.has(term);
}

/**
 * A deliberately light stem (plural, `-ing`, `-ed`, `-ation`, `-tion`/`-sion`, final `e`, final `y` as `i`) so that "theme",
 * "themes" and "theming" meet, without a full stemmer's surprises on code words.
 *
 * @example stemTerm('configuring') === stemTerm('configure')
 */
export function stemTerm(word: string): string {
  let term = word;
  if (term.length <= 3 || /\d/.test(term)) return term;
  // Plural and singular meet at a final "i": library/libraries -> librari, cookie/cookies -> cooki.
  if (term.endsWith('ies') && term.length > 4) term = `${term.slice(0, -3)}i`;
  else if (term.endsWith('sses')) term = term.slice(0, -2);
  else if (term.endsWith('s') && !/(ss|us|is)$/.test(term)) term = term.slice(0, -1);
  for (const [suffix, shortestStem] of [['ation', 3], ['ion', 4], ['ing', 3], ['ed', 3]] as const) {
    if (term.endsWith(suffix) && term.length - suffix.length >= shortestStem && (suffix !== 'ion' || /[st]ion$/.test(term))) {
      term = term.slice(0, -suffix.length);
      // "running" -> "runn" -> "run"; "called" keeps its double l ("call").
      if (/([^aeioulsz])\1$/.test(term)) term = term.slice(0, -1);
      break;
    }
  }
  if (term.endsWith('e') && term.length > 3) term = term.slice(0, -1);
  else if (term.endsWith('y') && term.length > 3) term = `${term.slice(0, -1)}i`;
  return term;
}

function normalizeWord(word: string): string | null {
  const lower = word.toLowerCase().replace(/^_+|_+$/g, '');
  if (lower.length < 2 && !/\d/.test(lower)) return null;
  if (stopWords.has(lower)) return null;
  return stemTerm(lower);
}

// camelCase, PascalCase and snake_case identifiers, split into their words.
function identifierParts(word: string): string[] {
  return word
    .split('_')
    // "HTMLElement" is HTML + Element, but "PNGs" and "APIs" are plurals of one acronym.
    .flatMap((piece) => piece.split(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}(?!s$)\p{Ll})/u))
    .filter((part) => part !== '');
}
