import type { AnswerSection, FollowingSection, PageContextItem } from './answer-prompt';
import { notCoveredPhrase } from './answer-prompt';
import { citation, joinWords, link } from './answer-links';
import { pageUrl } from './passage-units';
import { composePageSummary } from './page-summary';
import { asksForPageSummary } from '../retrieval/current-page';
import type { CoverageOptions, QuestionSubject } from './answer-coverage';
import { judgeCoverage, questionSubject } from './answer-coverage';
import { sharedWordNet } from '../retrieval/wordnet';
import { contextTerms, wantsCode } from './passage-scoring';
import type { PassageLimits, QuotedPassage } from './passage-selection';
import { choosePassages, continueIntroduction, continuePassage, withoutClosingIntroduction } from './passage-selection';
import type { TermStatistics } from './term-statistics';
import { asksAboutVersions } from './version-notes';

/** What the extractive answer is composed from. */
export interface ExtractiveAnswerInput {
  /** The reader's question (the last user message). */
  question: string;
  /** The reader's earlier questions in the conversation, oldest first. Default: none. */
  earlierQuestions?: readonly string[];
  /** The retrieved sections, best first. */
  sections: readonly AnswerSection[];
  /** What the reader attached from the page. */
  context?: readonly PageContextItem[];
  /** How often the question's words occur in the whole docs, when known (see `buildAnswerPrompt`). */
  statistics?: TermStatistics;
  /** The page the reader is on, when known. Default: none. */
  currentPath?: string | null;
}

/** Tuning of {@link composeExtractiveAnswer}; the defaults suit real documentation sites. */
export interface ExtractiveAnswerOptions extends CoverageOptions, PassageLimits {
  /** How many of the nearest pages a decline offers. Default `2`. */
  closestPages?: number;
}

/**
 * Composes a grounded Markdown answer by quoting the docs: the passage of the section that
 * answers (its paragraph, the steps that follow and their code, in the docs' order, within a
 * word budget), a second section only when the question spans two, and a line citing every
 * section quoted. When nothing retrieved answers, it says "The documentation doesn't cover
 * this", names what it could not find and offers the nearest pages. A follow-up its own words
 * do not cover is judged with the question before it, and then quotes only the first page
 * retrieved; "sum up this page", asked on a page, gets that page in short (see
 * `composePageSummary`).
 *
 * Pure and deterministic: the same input always gives the same answer.
 */
export function composeExtractiveAnswer(input: ExtractiveAnswerInput, options: ExtractiveAnswerOptions = {}): string {
  const context = input.context ?? [];
  // "Sum up this page": retrieval gave the reader's page in its order (see `pageOutline`).
  if (input.currentPath && asksForPageSummary(input.question)) {
    const summary = composePageSummary(input.sections, input.question);
    if (summary !== undefined) return summary;
  }
  let subject = questionSubject(input.question);
  let coverageOptions: CoverageOptions = options;
  if (subject.terms.length === 0 && context.length > 0) {
    // "What does this do?" with a code block attached: the attachment is the subject, and only
    // part of a pasted snippet's words can be expected in the docs.
    const terms = contextTerms(context);
    subject = { terms, words: new Map(terms.map((term) => [term, term])), names: new Set(), partOf: new Map() };
    coverageOptions = { ...options, threshold: (options.threshold ?? 0.55) / 2, unknownWordWeight: 0 };
  }
  const earlier = (input.earlierQuestions ?? []).map(questionSubject);
  if (subject.terms.length === 0 && earlier.length > 0) subject = earlier.at(-1) as QuestionSubject;
  if (subject.terms.length === 0) return helpAnswer();

  const judgement = judgeCoverage(subject, input.sections, input.statistics, coverageOptions);
  const previous = earlier.at(-1);
  // A follow-up leans on the question before it ("And how do I wipe what was saved on the server
  // side?"): judged with that question's subject too, what the pages lack of its own words weighs
  // against all the conversation asks. Its passage is still chosen by its own words first.
  const leaning = !judgement.covered && previous !== undefined && previous !== subject && judgeCoverage(withEarlierSubject(subject, previous), input.sections, input.statistics, coverageOptions).covered;
  if (!judgement.covered && !leaning) return notCoveredAnswer(judgement.missing, input.sections, options.closestPages ?? 2);

  const earlierTerms = [...new Set(earlier.flatMap((question) => question.terms))].filter((term) => !judgement.terms.includes(term));
  const question = { terms: judgement.terms, weights: judgement.weights, earlierTerms, codeWanted: wantsCode(input.question, context), twoParts: asksTwoThings(input.question), versionsWanted: asksAboutVersions(input.question) };
  const passages = choosePassages(input.sections, question, options);
  if (passages.length === 0) return notCoveredAnswer(judgement.missing, input.sections, options.closestPages ?? 2);
  // Leaning on the earlier question, only the page the conversation's search put first answers:
  // a passage elsewhere matched the follow-up's own words, which alone did not cover it.
  const pageOf = (section: AnswerSection | undefined) => (section === undefined ? undefined : pageUrl(section.url));
  if (leaning && pageOf(input.sections[passages[0]?.section ?? -1]) !== pageOf(input.sections[0])) {
    return notCoveredAnswer(judgement.missing, input.sections, options.closestPages ?? 2);
  }
  const quoted: Array<{ passage: QuotedPassage; section: AnswerSection; continues?: boolean }> = [];
  for (const passage of passages) {
    const section = input.sections[passage.section];
    if (section !== undefined) quoted.push({ passage, section });
  }
  // A passage that ends its section without showing how, on a page that goes on to show it; one
  // that ends on an introduction to the subsection after it ("the following variables:").
  const [only] = quoted;
  const asFound = (part: FollowingSection): AnswerSection => ({ ...part, number: only?.section.number ?? 0, pageTitle: only?.section.pageTitle ?? '' });
  if (quoted.length === 1 && only !== undefined && only.section.next !== undefined) {
    const next = asFound(only.section.next);
    const continuation = asksHow(input.question) ? continuePassage(only.section, only.passage, next, question, options) : undefined;
    if (continuation !== undefined) quoted.push({ passage: continuation, section: next, continues: true });
  }
  if (quoted.length === 1 && only !== undefined) {
    const parts = (only.section.subsections ?? (only.section.next === undefined ? [] : [only.section.next])).map(asFound);
    continueIntroduction(only.section, only.passage, parts, question, options).forEach((passage, index) => quoted.push({ passage, section: parts[index] as AnswerSection, continues: true }));
  }
  // An introduction to what the answer does not go on with is left out.
  const finished = quoted.map((entry, index) => (quoted[index + 1]?.continues === true ? entry : { ...entry, passage: withoutClosingIntroduction(entry.passage) }));
  // The section the quote continues into is led by its heading, as the page shows it.
  // (A reference entry is led by its name already, see `renderPassage`.)
  const rendered = finished.map(
    ({ passage, section, continues }) =>
      (continues === true && !opensWithName(passage, section.heading) && !opensWithDefinition(passage) ? `**${section.heading.replace(/\*\*/g, '')}**\n\n` : '') + renderPassage(passage, section),
  );
  return [...rendered, citation(quoted.map(({ section }) => section))].join('\n\n');
}

// A follow-up's subject with the earlier question's words after its own; a name the follow-up
// brings stays the follow-up's (the earlier question's were judged when it was asked).
function withEarlierSubject(subject: QuestionSubject, earlier: QuestionSubject): QuestionSubject {
  const words = new Map(earlier.words);
  for (const [term, word] of subject.words) words.set(term, word);
  return {
    ...subject,
    terms: [...new Set([...subject.terms, ...earlier.terms])],
    words,
    partOf: new Map([...earlier.partOf, ...subject.partOf]),
  };
}

// Whether a passage opens with the name its section's heading gives (a reference entry's
// "**`text`**" under "### text"): the heading need not lead it again.
function opensWithName(passage: QuotedPassage, heading: string): boolean {
  const first = passage.blocks[0];
  const name = (text: string) => text.replace(/[*_`\s]/g, '').toLowerCase();
  return first !== undefined && name(first.markdown) === name(heading);
}

// "How do I…", "how to…", "is there a way to…", "what's the idiomatic way…": the reader wants the
// steps or the code, not only the explanation.
const howQuestion = /\bhow (?:do|can|could|should|would|to)\b|\bways? to\b|\bidiomatic\b/i;

function asksHow(question: string): boolean {
  return howQuestion.test(question);
}

function renderPassage(passage: QuotedPassage, section: AnswerSection | undefined): string {
  const text = passage.blocks.map((block) => block.markdown).join('\n\n');
  return section !== undefined && opensWithDefinition(passage) ? `${definitionName(section.heading)}\n\n${text}` : text;
}

// A reference entry's first lines ("- **Type:** `number`", "Default: `true`", "**type:** `string`")
// describe something the section's heading names: quoted from the start, they need the name.
const definitionLine = /^(?:[-*]\s+)?(?:\*\*required\*\*\s+)?(?:\*\*|__|_)?(?:type|default|since|signature|alias|required)(?:\s*:|(?:\*\*|__|_)\s*:)/i;

function opensWithDefinition(passage: QuotedPassage): boolean {
  const first = passage.blocks[0];
  return first !== undefined && first.order === 0 && first.kind !== 'heading' && definitionLine.test(first.markdown.trimStart());
}

// The heading as a bold lead line: an identifier ("testTimeout", "--shard", "vi.mock()") as code.
function definitionName(heading: string): string {
  const name = heading.trim();
  return /^[^\s`]+$/.test(name) ? `**\`${name}\`**` : `**${name.replace(/\*\*/g, '')}**`;
}

function notCoveredAnswer(missing: readonly string[], sections: readonly AnswerSection[], closest: number): string {
  const subject = missing.length === 0 ? '' : `: I couldn't find anything about ${joinWords(missing.slice(0, 3).map((word) => `“${word}”`), 'or')} in these docs`;
  const parts = [`${notCoveredPhrase}${subject}.`];
  const pages = closestPages(sections, closest);
  if (pages.length > 0) parts.push(`The closest ${pages.length === 1 ? 'page is' : 'pages are'} ${joinWords(pages, 'and')}.`);
  parts.push('Try rephrasing the question with the name of a feature, an option or an error message, or ask about another part of the documentation.');
  return parts.join('\n\n');
}

// Nearest pages in retrieval order, each linked once, by its title.
function closestPages(sections: readonly AnswerSection[], count: number): string[] {
  const pages = new Map<string, string>();
  for (const section of sections) {
    const url = pageUrl(section.url);
    if (!pages.has(url) && pages.size < count) pages.set(url, link(section.pageTitle, url));
  }
  return [...pages.values()];
}

// "… and what / how / can …", or "… and <verb> …": a second request joined to the first.
const secondRequest = /\b(?:and|then)\s+(?:also\s+|then\s+)?([a-z]+)/gi;
const questionOpeners = new Set(['how', 'what', 'which', 'where', 'when', 'why', 'whether', 'can', 'could', 'should', 'is', 'are', 'do', 'does', 'will', 'would']);

/**
 * Whether a question asks two things: a second request joined by "and" or "then", opening
 * with a question word or a verb in its base form ("How do I install the client and verify webhook
 * signatures?"); "the client and server" joins two things of one request.
 */
export function asksTwoThings(question: string): boolean {
  for (const match of question.matchAll(secondRequest)) {
    const word = (match[1] ?? '').toLowerCase();
    // A verb as the reader writes a request: its base form ("verify"), not "retries" or "runs".
    if (questionOpeners.has(word) || (!/[^s]s$/.test(word) && sharedWordNet().isVerb(word))) return true;
  }
  return false;
}

function helpAnswer(): string {
  return 'I answer questions from this documentation. Ask about a feature, an option or an error message, for example "How do I get started?"';
}
