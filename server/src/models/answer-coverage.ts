import { languageNames, localeCodeOf } from '../retrieval/language-names';
import { isQuestionWord, processTerm, textTerms } from '../retrieval/search-terms';
import type { AnswerSection } from './answer-prompt';
import { pageUrl } from './passage-units';
import { headingTermSet, markdownTermSet, matchedWeight, matches, nearlyMatches, termWeights } from './passage-scoring';
import { questionAsides, sceneStatements, withReaderCode } from './question-asides';
import type { TermStatistics } from './term-statistics';

/** The words of a question that name its subject, with how the reader wrote them. */
export interface QuestionSubject {
  /** Subject terms in the question's order (no stop words, question frame or small talk). */
  terms: string[];
  /** The reader's word for each term, as written (for "I couldn't find anything about “Giscus”"). */
  words: Map<string, string>;
  /** Terms whose word looks like a name: a product, an acronym, an identifier ("Giscus", "WSL", "GitLab"). */
  names: Set<string>;
  /**
   * The parts of a word that is an identifier or a name, each with the whole word's term
   * ("GitHub" gives `git` and `hub` for `github`). A part only stands in for a whole the docs
   * never use: "DeepL" is not covered by docs that say "deep".
   */
  partOf: Map<string, string>;
  /**
   * Terms that occur only in the question's asides (its reason or purpose, see `questionAsides`):
   * they neither make the docs' silence about them a decline nor must a page contain them.
   * Default: none.
   */
  asides?: Set<string>;
  /**
   * Terms that occur only in the statements setting the scene before the question itself (see
   * `sceneStatements`): "The backend sits behind nginx. How do I fix that?". A name among them
   * is the reader's setup, not what they ask about, so the docs never naming it does not decline
   * the question on its own; it still counts as a word the docs lack, one of the weightiest (see
   * `CoverageOptions.unknownWordWeight`). So where the question sentence names nothing ("I run
   * ffmpeg with spawn and want its progress live in my terminal. Possible?") the rest of the
   * scene must still be well covered. Default: none.
   */
  scene?: Set<string>;
  /**
   * Names of two or more words in the question itself (not its scene or asides), as written:
   * "React Native", "Flask-Login", "Django REST Framework": capitalised words in a row, apart by
   * one space or a hyphen, not all acronyms ("HTTPS URL" describes). Docs that use each word but never
   * the name ("react", "native") do not mention it. Default: none.
   */
  namePhrases?: string[];
}

/** Whether the retrieved sections answer the question, and what the answer should look for. */
export interface CoverageJudgement {
  /** True when a retrieved page covers the question's subject well enough to quote it. */
  covered: boolean;
  /** The reader's words no retrieved section contains, most telling first (for a decline). */
  missing: string[];
  /** The subject terms the docs know, to score passages with. */
  terms: string[];
  /** Weight of each of those terms (rarer in the docs weighs more). */
  weights: Map<string, number>;
  /** Share (0–1) of the subject the best page covers; only comparable within one question. */
  score: number;
}

/** Tuning of {@link judgeCoverage}; the defaults were set on whole development question sets. */
export interface CoverageOptions {
  /**
   * How much of the question's subject one retrieved page must cover, with a bonus for its
   * headings (see {@link judgeCoverage}). Default `0.55`.
   */
  threshold?: number;
  /**
   * Weight of a reader's word the docs never use (and that is not a name), as a share of the
   * average weight of the words they do use. Default `2`: such a word ("telemetry",
   * "password") is as often the subject the docs lack as a reader's own wording ("dozen",
   * "tidy"), and the docs' words around it then carry the answer.
   */
  unknownWordWeight?: number;
  /**
   * How many of the question's weightiest words a page must cover. Default `4`: a long question
   * tells a story ("we have a dozen repos…") whose every word the answer need not contain.
   */
  essentialWords?: number;
  /** Bonus for the share of the subject a page's headings and title contain. Default `0.5`. */
  headingBonus?: number;
}

// Greetings and thanks are not questions about the docs.
const smallTalk = new Set(textTerms('hi hello hey thanks thank ok okay cool great bye'));

// Words that frame what the reader says rather than name a subject: pronouns, vague nouns and
// adverbs of everyday English. The docs rarely contain them, and their absence means nothing.
const frameWords = new Set(
  textTerms(
    'myself yourself ourselves themselves someone somebody anyone anybody everyone something anything everything nothing ' +
      'somewhere anywhere everywhere instead already really actually still even rather maybe perhaps probably kind sort lot lots ' +
      'bit stuff whatever whenever wherever however though although since else per etc ever never always sometimes usually ' +
      'much many few several lot thing things way ways yes okay right wrong good bad better best sure certain every',
  ),
);

const sentenceEnd = new Set(['.', '!', '?', ':', ';']);

/**
 * Whether a word opens a sentence, judged from the text between the previous word and it (the
 * whole question before it is never rescanned, which made long questions quadratic): the start of
 * the question, or a gap whose last non-space character ends a sentence or whose trailing spaces
 * hold a line break.
 */
function opensSentence(gap: string, atStart: boolean): boolean {
  if (atStart) return true;
  const trimmed = gap.trimEnd();
  if (trimmed.length > 0 && sentenceEnd.has(trimmed[trimmed.length - 1] ?? '')) return true;
  return gap.includes('\n', trimmed.length);
}

// A word with its contraction: "we're", "didn't", "project's". What follows the apostrophe is
// grammar, and a negated auxiliary ("didn't", "haven't") names nothing.
const questionWord = /([\p{L}\p{N}_]+)(?:['’](\p{L}+))?/gu;
const negation = /^t$/i;

/**
 * The subject of a question: its terms, without stop words, the words that only frame a
 * question ("how do I use…") and small talk.
 */
export function questionSubject(question: string): QuestionSubject {
  const terms: string[] = [];
  const words = new Map<string, string>();
  const names = new Set<string>();
  const partOf = new Map<string, string>();
  const asides = withReaderCode(questionAsides(question), question);
  const sceneRanges = sceneStatements(question);
  const inScene = new Set<string>();
  const outsideScene = new Set<string>();
  const inAsides = new Set<string>();
  const outsideAsides = new Set<string>();
  let aside = 0;
  let previousEnd = 0;
  let previousWord = '';
  const namePhrases: string[] = [];
  let nameRun: { words: string[]; start: number; end: number; quiet: boolean } = { words: [], start: 0, end: 0, quiet: false };
  const endNameRun = () => {
    // Acronyms in a row describe ("HTTPS URL", "JSON API"); a name has a word in lower case too.
    const named = nameRun.words.length >= 2 && nameRun.words.some((word) => /\p{Ll}/u.test(word));
    if (named && !nameRun.quiet) namePhrases.push(question.slice(nameRun.start, nameRun.end));
    nameRun = { words: [], start: 0, end: 0, quiet: false };
  };
  // A dotted identifier ("sitemap.xml", "test.each") is a word of its own besides its parts, found
  // by where its first part starts: docs that write it answer about it. Not a name: the reader's
  // own (`state.settings.profile`, `docs.example.com`) are not the docs' to write.
  const dotted = new Map<number, string>();
  for (const identifier of question.matchAll(dottedIdentifier)) dotted.set(identifier.index, identifier[0]);
  for (const match of question.matchAll(questionWord)) {
    const word = match[1] ?? '';
    const gap = question.slice(previousEnd, match.index);
    const initial = opensSentence(gap, match.index === 0);
    // "5 MB", "300 ms": a unit after its number is a quantity, as "5MB" is, not a name.
    const unitOfNumber = /^\d+(?:\.\d+)?$/.test(previousWord) && /^[ \t]{1,2}$/.test(gap) && quantity.test(`1${word}`);
    previousEnd = match.index + match[0].length;
    previousWord = word;
    if (match[2] !== undefined && negation.test(match[2])) {
      endNameRun();
      continue;
    }
    while ((asides[aside]?.end ?? Number.POSITIVE_INFINITY) <= match.index) aside += 1;
    const withinAside = (asides[aside]?.start ?? Number.POSITIVE_INFINITY) <= match.index;
    // The scene is a prefix of the question: its sentences come first.
    const withinScene = match.index < (sceneRanges.at(-1)?.end ?? 0);
    const wordTerms = processTerm(word) ?? [];
    const whole = wordTerms[0];
    // A name of several words: names next to each other, apart by one space or a hyphen ("React
    // Native", "Flask-Login"); a possessive ("Algolia's DocSearch") or a contraction ends it.
    // Its words are capitalised: an identifier ("useQuery") is code, not part of a name.
    const isName = whole !== undefined && !unitOfNumber && /^\p{Lu}/u.test(word) && looksLikeName(word, initial);
    if (!isName || (nameRun.words.length > 0 && !/^[ -]$/.test(gap))) endNameRun();
    if (isName) {
      if (nameRun.words.length === 0) nameRun.start = match.index;
      nameRun.words.push(word);
      nameRun.end = match.index + word.length;
      nameRun.quiet ||= withinAside || withinScene;
      if (match[2] !== undefined) endNameRun();
    }
    // A subject term, where it was written and how.
    const note = (term: string, written: string) => {
      (withinAside ? inAsides : outsideAsides).add(term);
      (withinScene ? inScene : outsideScene).add(term);
      if (!words.has(term)) {
        terms.push(term);
        words.set(term, written);
      }
    };
    const identifier = dotted.get(match.index);
    const identifierTerm = identifier === undefined ? undefined : processTerm(identifier)?.[0];
    if (identifier !== undefined && identifierTerm !== undefined) note(identifierTerm, identifier);
    wordTerms.forEach((term, position) => {
      if (isQuestionWord(term) || smallTalk.has(term) || frameWords.has(term)) return;
      note(term, word);
      if (position === 0 && !unitOfNumber && looksLikeName(word, initial)) names.add(term);
      if (position > 0 && whole !== undefined && whole !== term && !partOf.has(term)) partOf.set(term, whole);
    });
  }
  endNameRun();
  const asideTerms = new Set([...inAsides].filter((term) => !outsideAsides.has(term)));
  const scene = new Set([...inScene].filter((term) => !outsideScene.has(term)));
  // A question that is all aside ("So I can log it?") still has a subject.
  return { terms, words, names, partOf, asides: asideTerms.size < terms.length ? asideTerms : new Set(), scene, namePhrases };
}

/** The words of a name of several words (see `QuestionSubject.namePhrases`), lower case: "Flask-Login" gives flask, login. */
export function namePhraseWords(phrase: string): string[] {
  return phrase.toLowerCase().split(/[\s-]+/).filter((word) => word !== '');
}

// The subject without the words of its asides the docs never use: the reader's reason ("for our
// GDPR banner") is not what the docs must mention. Aside words the docs do use still count.
function withoutUnknownAsides(subject: QuestionSubject, inDocs: (term: string) => boolean): QuestionSubject {
  const asides = subject.asides;
  if (asides === undefined || asides.size === 0) return subject;
  const keep = (term: string) => !asides.has(term) || inDocs(term);
  return {
    ...subject,
    terms: subject.terms.filter(keep),
    names: new Set([...subject.names].filter(keep)),
    partOf: new Map([...subject.partOf].filter(([term]) => keep(term))),
  };
}

// "sitemap.xml", "import.meta.glob", "Node.js": words of two letters or more joined by dots (not
// "e.g.", a version or a path).
const dottedIdentifier = /(?<![\p{L}\p{N}_$.\/-])[\p{L}_$][\p{L}\p{N}_$]+(?:\.[\p{L}_$][\p{L}\p{N}_$]+)+(?![\p{L}\p{N}_$\/-]|\.[\p{L}\p{N}])/gu;

// A number with a unit of time, size, screen length or speed: "40s", "300ms", "5MB", "2x", "60fps"
// (not "2FA", "4K" or "5G", which name things).
const quantity = /^\d+(?:\.\d+)?(?:ms|s|m|h|d|b|kb|mb|gb|tb|px|em|rem|vh|vw|x|fps|hz|khz|mhz|ghz)$/i;

/**
 * A product, an acronym or an identifier: "Giscus", "WSL", "GitLab", "es2015". A capitalised word
 * that opens a sentence is just a word; a version ("v3"), a number or a quantity ("40s", "300ms",
 * "2x", "5MB") is not a name.
 */
function looksLikeName(word: string, sentenceInitial: boolean): boolean {
  if (/^v?\d+(?:\.\d+)*$/i.test(word) || quantity.test(word)) return false;
  if (/^[A-Z]{2,}s?$/.test(word)) return true;
  if (/\p{Ll}\p{Lu}/u.test(word)) return true;
  if (/\p{L}/u.test(word) && /\d/.test(word)) return true;
  return !sentenceInitial && /^\p{Lu}\p{Ll}/u.test(word);
}

/**
 * Judges whether the retrieved sections answer the question. It declines when the question
 * names something the docs never mention (a product, an acronym; a name in the statements that
 * set the scene counts only as a missing word), when none of its words are
 * in the docs, or when no retrieved page covers enough of the question's weightiest words
 * (words rare in the docs weigh more; a word the docs never use counts as missing). A page whose
 * headings or title name the subject gets a bonus: that page is about it. Questions are worded in
 * the reader's words, so a page need not contain every word of a long question.
 */
export function judgeCoverage(
  subject: QuestionSubject,
  sections: readonly AnswerSection[],
  statistics: TermStatistics | undefined,
  options: CoverageOptions = {},
): CoverageJudgement {
  subject = withoutModifiers(withDictionaryNames(subject, statistics), statistics);
  const sectionTerms = sections.map((section) => new Set([...markdownTermSet(section.markdown), ...headingTermSet(section)]));
  const everywhere = new Set(sectionTerms.flatMap((set) => [...set]));
  // A name is spelt one way and is a word of its own: "LaTeX" is not "later", nor "DeepL" "deeply".
  const foundAnywhere = (term: string) =>
    subject.names.has(term) ? everywhere.has(term) : matches(term, everywhere) || nearlyMatches(term, everywhere);
  // Asked several times per term, each a scan of the retrieved words: remembered once known.
  const inDocsByTerm = new Map<string, boolean>();
  const inDocs = (term: string) => {
    let found = inDocsByTerm.get(term);
    if (found === undefined) {
      found = foundAnywhere(term) || (statistics?.sectionsWithTerm[term] ?? 0) > 0;
      inDocsByTerm.set(term, found);
    }
    return found;
  };

  subject = withoutUnknownAsides(subject, inDocs);
  subject = withLocaleCodes(subject, everywhere, sectionTerms);
  // A name of several words the docs never write ("React Native") is the whole story too.
  const absentNames = new Set(statistics?.absentNames ?? []);
  const absentPhrase = subject.namePhrases?.find((phrase) => absentNames.has(namePhraseWords(phrase).join(' ')));
  if (absentPhrase !== undefined) return { covered: false, missing: [absentPhrase], terms: [], weights: new Map(), score: 0 };
  const unknown = subjectTerms(subject, inDocs).filter((term) => !inDocs(term));
  // A name only the scene mentions ("behind nginx") is the reader's setup: it weighs as a missing word, below.
  const unknownNames = unknown.filter((term) => subject.names.has(term) && subject.scene?.has(term) !== true);
  const known = subjectTerms(subject, inDocs).filter((term) => inDocs(term));
  const weights = termWeights(known, sectionTerms, statistics);
  // A name the docs never mention is the whole story; otherwise, what the retrieved pages lack.
  const missing = unknownNames.length > 0 ? unknownNames.map((term) => subject.words.get(term) ?? term) : missingWords(subject, foundAnywhere, weights);
  if (unknownNames.length > 0 || known.length === 0) return { covered: false, missing, terms: known, weights, score: 0 };

  const knownTotal = known.reduce((sum, term) => sum + (weights.get(term) ?? 0), 0);
  const unknownWeight = (options.unknownWordWeight ?? 2) * (knownTotal / known.length);
  const essential = [...known.map((term) => weights.get(term) ?? 0), ...unknown.map(() => unknownWeight)]
    .sort((left, right) => right - left)
    .slice(0, options.essentialWords ?? 4)
    .reduce((sum, weight) => sum + weight, 0);
  let best = 0;
  for (const page of termsByPage(sections, sectionTerms)) {
    const found = matchedWeight(known, weights, page.terms);
    const inHeadings = matchedWeight(known, weights, page.headings);
    const score = Math.min(1, found / essential) + (options.headingBonus ?? 0.5) * (inHeadings / knownTotal);
    best = Math.max(best, score);
  }
  return { covered: best >= (options.threshold ?? 0.55), missing, terms: known, weights, score: best };
}

// A language the retrieved pages never name: asked about by its locale code where they write it
// ("German": `de`); where they name other languages instead (a translation guide's French and
// Arabic examples), one example of what they explain for any, like a describing word.
function withLocaleCodes(subject: QuestionSubject, retrieved: ReadonlySet<string>, sectionTerms: readonly Set<string>[]): QuestionSubject {
  const codes = new Map<string, string>();
  const examples = new Set<string>();
  for (const term of subject.terms) {
    const word = subject.words.get(term) ?? term;
    const code = localeCodeOf(word);
    if (code === undefined || retrieved.has(term)) continue;
    const codeTerm = processTerm(code)?.[0];
    if (codeTerm !== undefined && retrieved.has(codeTerm)) {
      codes.set(term, codeTerm);
      continue;
    }
    const other = otherLanguage(retrieved, sectionTerms, new Set(subject.terms));
    if (other === undefined) continue;
    // The language the pages name most stands for the reader's, unless the question names it too.
    if (other.inQuestion) examples.add(term);
    else codes.set(term, other.term);
  }
  if (codes.size === 0 && examples.size === 0) return subject;
  const rename = (term: string) => codes.get(term) ?? term;
  const words = new Map(subject.words);
  for (const [term, code] of codes) words.set(code, subject.words.get(term) ?? term);
  const kept = (term: string) => !examples.has(term);
  return {
    ...subject,
    terms: [...new Set(subject.terms.filter(kept).map(rename))],
    words,
    names: new Set([...subject.names].filter(kept).map(rename)),
  };
}

// The language the most retrieved sections name, and whether the question names it as well.
function otherLanguage(retrieved: ReadonlySet<string>, sectionTerms: readonly Set<string>[], asked: ReadonlySet<string>): { term: string; inQuestion: boolean } | undefined {
  let best: { term: string; sections: number } | undefined;
  for (const name of languageNames()) {
    const term = processTerm(name)?.[0];
    if (term === undefined || !retrieved.has(term)) continue;
    const sections = sectionTerms.filter((terms) => terms.has(term)).length;
    if (best === undefined || sections > best.sections) best = { term, sections };
  }
  return best === undefined ? undefined : { term: best.term, inQuestion: asked.has(best.term) };
}

// A word the statistics found is not English ("nginx") is a name, however it was written.
function withDictionaryNames(subject: QuestionSubject, statistics: TermStatistics | undefined): QuestionSubject {
  const names = (statistics?.names ?? []).filter((term) => subject.words.has(term) && !subject.partOf.has(term));
  if (names.length === 0) return subject;
  return { ...subject, names: new Set([...subject.names, ...names]) };
}

// A reader's word the docs never use that only describes ("awful", "nicer", "slowly") says how
// the reader sees the subject, not what it is: like a frame word, its absence means nothing.
function withoutModifiers(subject: QuestionSubject, statistics: TermStatistics | undefined): QuestionSubject {
  const modifiers = new Set(statistics?.modifiers ?? []);
  const terms = subject.terms.filter((term) => !modifiers.has(term) || subject.names.has(term));
  if (terms.length === subject.terms.length || terms.length === 0) return subject;
  return { ...subject, terms };
}

// The parts of an identifier or a name ("ESLint": lint) count as evidence where the docs use
// them, never as words the docs lack when the docs use the whole ("ESLint": es), and never in place
// of a name the docs do not use ("DeepL": deep).
function subjectTerms(subject: QuestionSubject, inDocs: (term: string) => boolean): string[] {
  return subject.terms.filter((term) => {
    const whole = subject.partOf.get(term);
    if (whole === undefined) return true;
    if (inDocs(whole)) return inDocs(term);
    return !subject.names.has(whole);
  });
}

// A page's retrieved sections together: "Deploy" and "Deploy › GitLab Pages" answer as one.
function termsByPage(sections: readonly AnswerSection[], sectionTerms: readonly Set<string>[]): Array<{ terms: Set<string>; headings: Set<string> }> {
  const pages = new Map<string, { terms: Set<string>; headings: Set<string> }>();
  sections.forEach((section, index) => {
    const url = pageUrl(section.url);
    const page = pages.get(url) ?? { terms: new Set<string>(), headings: new Set<string>() };
    for (const term of sectionTerms[index] ?? []) page.terms.add(term);
    for (const term of headingTermSet(section)) page.headings.add(term);
    pages.set(url, page);
  });
  return [...pages.values()];
}

// Names first, then the rarest words: they are what the docs would have to mention.
function missingWords(subject: QuestionSubject, foundAnywhere: (term: string) => boolean, weights: Map<string, number>): string[] {
  const absent = subject.terms.filter((term) => !foundAnywhere(term));
  const rank = (term: string) => (subject.names.has(term) ? 0 : weights.has(term) ? 2 : 1);
  const words: string[] = [];
  const seen = new Set<string>();
  for (const term of [...absent].sort((left, right) => rank(left) - rank(right) || (weights.get(right) ?? 0) - (weights.get(left) ?? 0))) {
    const word = subject.words.get(term) ?? term;
    if (seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    words.push(word);
  }
  return words;
}
