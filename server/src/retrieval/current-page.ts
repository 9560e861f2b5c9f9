import { isQuestionWord, isStopWord, processTerm } from './search-terms';
import { sharedWordNet } from './wordnet';

/**
 * Words by which a reader points at what they are looking at ("what does this do?", "can you
 * sum up this page?", "which of these should I pick?", "why does it fail here?").
 */
const pointingWords = new Set(['this', 'these', 'here']);

/** What else {@link refersToCurrentPage} knows of the question. */
export interface PointingContext {
  /** Whether the reader asked earlier questions in this conversation: "it" then refers to their subject. Default: false. */
  followsEarlierQuestions?: boolean;
}

/**
 * Whether a question points at the page the reader is on rather than naming its subject, so that
 * page should lead the results: by a pointing word ("this", "these", "here"), or by an "it" that
 * nothing before it in the question can stand for ("How do I start it behind nginx?", "Are there
 * limitations before enabling it?"), when the conversation has no earlier question it could
 * refer to. Only the reader's own words count, not text they attached.
 *
 * @example refersToCurrentPage('What props does this accept?') === true
 * @example refersToCurrentPage('How do I check that it worked?') === true
 * @example refersToCurrentPage('How do I add a sidebar and style it?') === false
 */
export function refersToCurrentPage(question: string, context: PointingContext = {}): boolean {
  for (const word of question.toLowerCase().match(/[a-z]+/g) ?? []) if (pointingWords.has(word)) return true;
  return context.followsEarlierQuestions !== true && hasUnresolvedIt(question);
}

// A word, from the start of its run of word characters only: a pattern free to start anywhere
// retried every position of a long run of dashes or apostrophes, quadratic in the run's length.
const word = /(?<![\p{L}\p{N}_$'’.-])[\p{L}\p{N}_$'’.-]*[\p{L}\p{N}_$]/gu;
// Words after which the next word is the verb of the clause: "do I start", "to enable", "we deploy".
const beforeVerb = new Set(['i', 'we', 'you', 'they', 'to', 'please', 'not', "don't", 'dont', "can't", 'cannot']);
// Words after which an "-ing" word is a verb: "before enabling it", "without breaking it", "keep running it".
const verbFormFollows = new Set(['before', 'after', 'when', 'while', 'by', 'without', 'of', 'about', 'for', 'from', 'on', 'in', 'through', 'avoid', 'stop', 'start', 'keep']);
const auxiliaries = new Set(['do', 'does', 'did', 'can', 'could', 'should', 'would', 'will', 'must', 'might', 'may', 'shall']);
// "Is it possible to…", "it's worth checking that…": an "it" that stands for what follows, not for a thing.
const expletive = /\b(?:is|was|isn't|wasn't|would|will)\s+it\b|\bit(?:['’]s|\s+is|\s+was|\s+seems|\s+takes|\s+makes)\b/i;
const clauseAfter = /\b(?:to|that|if|whether|when|how)\b/i;

/**
 * Whether the question's first "it" has no word before it, in any of its sentences, that it could
 * stand for: a thing named in the singular that is not a clause's verb ("start" in "how do I start
 * it", "enabling" in "before enabling it") nor a plural ("limitations"). An "it" that stands for
 * a clause ("is it possible to…") does not count.
 */
function hasUnresolvedIt(question: string): boolean {
  const words = [...question.matchAll(word)];
  const position = words.findIndex((candidate) => candidate[0].toLowerCase() === 'it');
  const it = words[position];
  if (it === undefined) return false;
  const sentenceStart = Math.max(...['.', '?', '!', '\n'].map((mark) => question.lastIndexOf(mark, it.index))) + 1;
  const sentenceText = question.slice(sentenceStart).split(/[.?!\n]/)[0] ?? '';
  if (expletive.test(sentenceText) && clauseAfter.test(question.slice(it.index + 2, sentenceStart + sentenceText.length))) return false;
  return !words.slice(0, position).some((candidate, index) => {
    const previous = words[index - 1];
    const opensSentence = previous === undefined || /[.?!\n]/.test(question.slice(previous.index + previous[0].length, candidate.index));
    // A word another word of the same phrase follows ("known" in "known limitations") describes that one.
    const next = words[index + 1];
    const describesNext = next !== undefined && index + 1 < position && describes(next[0]) && /^[ \t]+$/.test(question.slice(candidate.index + candidate[0].length, next.index));
    // "Sidebar: how do I hide it?": a word before a colon names the topic.
    const labelsTopic = /^[ \t]*:/.test(question.slice(candidate.index + candidate[0].length, next?.index)) && !isStopWord(candidate[0].toLowerCase());
    return labelsTopic || ((!describesNext || looksLikeName(candidate[0], opensSentence)) && couldStandFor(candidate[0], previous?.[0], words[index - 2]?.[0], opensSentence));
  });
}

const definite = new Set(['the', 'its', 'that', 'those']);

/**
 * Whether every word of the question that is not a function word stands in a phrase led by a
 * definite article ("the", "its", "that"): "What's the default value?", "What is the maximum?"
 * refer to something the reader already has in front of them; "How do I add a page?" and "What
 * options can I configure?" ask about pages and options in general.
 */
export function asksOnlyAboutDefiniteThings(question: string): boolean {
  let inPhrase = false;
  let content = 0;
  let previousEnd = 0;
  for (const match of question.matchAll(word)) {
    const lower = match[0].toLowerCase();
    const gap = question.slice(previousEnd, match.index);
    previousEnd = match.index + match[0].length;
    if (/[^\s]/.test(gap)) inPhrase = false;
    if (definite.has(lower)) {
      inPhrase = true;
      continue;
    }
    if (!isContentWord(lower) || /^what['’]s$/.test(lower)) {
      inPhrase = false;
      continue;
    }
    if (!inPhrase) return false;
    content += 1;
  }
  return content > 0;
}

// Whether a lower-case word names something: not a function word ("the", "of") nor one that only
// frames a question ("use", "get", "example").
function isContentWord(lower: string): boolean {
  if (isStopWord(lower)) return false;
  const terms = processTerm(lower);
  return terms !== null && !terms.every(isQuestionWord);
}

// Whether a word is followed by the word of its phrase it describes: "known limitations", "dev
// server"; not "bot tells", where the next word is the verb.
function describes(next: string): boolean {
  const lower = next.toLowerCase();
  if (isStopWord(lower) || !/^\p{L}+$/u.test(next)) return false;
  const wordNet = sharedWordNet();
  return !wordNet.isVerb(lower) && !wordNet.isModifier(lower);
}

// A name ("Vitest", "PluginError", "vite.config.ts", "nginx") can always be what "it" stands for.
function looksLikeName(word: string, opensSentence: boolean): boolean {
  if (/\p{Lu}/u.test(word.slice(1)) || /[._$\d]/.test(word) || (!opensSentence && /^\p{Lu}/u.test(word))) return true;
  return /^\p{L}{3,}$/u.test(word) && !isStopWord(word.toLowerCase()) && !sharedWordNet().isEnglishWord(word.toLowerCase());
}

// Whether a word before "it" could be what "it" stands for.
function couldStandFor(candidate: string, previous: string | undefined, beforePrevious: string | undefined, opensSentence: boolean): boolean {
  const lower = candidate.toLowerCase();
  if (!isContentWord(lower)) return false;
  if (looksLikeName(candidate, opensSentence)) return true;
  // A verb's "-ing" form after a preposition ("before enabling it"; "set up logging" names a
  // thing), and words English uses mostly to describe ("known", "new").
  if ((/ing$/.test(lower) && verbFormFollows.has(previous?.toLowerCase() ?? '')) || sharedWordNet().isModifier(lower)) return false;
  // A plural ("limitations", "props") is "they", not "it"; "status", "alias" and "process" are singular.
  if (/[^su]s$/.test(lower) && sharedWordNet().isEnglishWord(lower.slice(0, -1))) return false;
  // The clause's verb: the first word of an imperative, or the word after "I", "to" or "do I".
  if (opensSentence) return false;
  const before = previous?.toLowerCase() ?? '';
  if (beforeVerb.has(before) || auxiliaries.has(before)) return false;
  if (auxiliaries.has(beforePrevious?.toLowerCase() ?? '') && /^(?:i|we|you|they)$/.test(before)) return false;
  return true;
}

// What asks for a page in short: "sum up", "summarise", "recap", "TL;DR", "the short version",
// "an overview", "the gist", "key points", "in a nutshell", "what is this page about".
const summaryMarker =
  /\b(?:sum(?:s|med|ming)?\s+(?:\w+\s+){0,2}?up|summar(?:y|ies|i[sz]e[sd]?|i[sz]ing)|recap|tl\s*;?\s*dr|short(?:er)?\s+version|overview|gist|(?:key|main)\s+(?:points?|takeaways?|ideas?)|nutshell|(?:page|article)\s+(?:is\s+)?about|(?:page|article)\s+(?:covers?|says?|explains?|describes?))\b/i;
// Everything else such a request may say: how short, in what form, about which page.
const summaryWords = new Set(
  [
    'sum summary summaries summarise summarize summarised summarized summarising summarizing recap tl dr tldr short shorter version brief briefly quick overview',
    'gist key main point points takeaway takeaways idea ideas nutshell outline page article doc docs document section about cover covers say says explain explains describe describes',
    'bullet bullets list sentence sentences line lines paragraph word words few couple one two three four five six seven eight nine ten please me give',
  ]
    .join(' ')
    .split(' ')
    .flatMap((word) => processTerm(word) ?? []),
);

/**
 * Whether a question only asks for the page the reader is on in short ("Can you sum up this page
 * in three bullet points?", "TL;DR of this?", "What is this page about?"): it says so, points at
 * the page, and asks nothing else. "How do I turn off this summary?" asks something else.
 */
export function asksForPageSummary(question: string): boolean {
  if (!summaryMarker.test(question)) return false;
  if (!refersToCurrentPage(question) && !/\b(?:the|this)\s+(?:page|article)\b/i.test(question)) return false;
  const words = question.match(/[\p{L}\p{N}_]+/gu) ?? [];
  return words.every((raw) => (processTerm(raw) ?? []).every((term) => summaryWords.has(term) || isQuestionWord(term)));
}

const numberWords: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** How many points a summary request asks for ("in three bullet points": 3), if it says. */
export function requestedPointCount(question: string): number | undefined {
  const match = /\b(one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(?:bullet|point|sentence|line|item|takeaway|key)/i.exec(question);
  if (match === null) return undefined;
  const word = (match[1] ?? '').toLowerCase();
  const count = numberWords[word] ?? Number.parseInt(word, 10);
  return count > 0 ? count : undefined;
}
