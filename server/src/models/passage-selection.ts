import type { AnswerSection } from './answer-prompt';
import type { PassageBlock } from './passage-units';
import { pageUrl, passageBlocks, plainText, splitSentences } from './passage-units';
import { blockScore, headingTermSet, markdownTermSet, matchedWeight, termSet } from './passage-scoring';
import { withoutVersionNotes } from './version-notes';

/** A coherent run of one section's blocks, in the docs' order, that the answer quotes. */
export interface QuotedPassage {
  /** Index of the section in the retrieval order. */
  section: number;
  /** The blocks to quote, in the docs' order. */
  blocks: PassageBlock[];
  /** Whether the quote runs to the end of its section. */
  endsSection: boolean;
}

/** What {@link choosePassages} weighs. */
export interface PassageQuestion {
  /** The question's subject terms the docs know. */
  terms: readonly string[];
  /** Their weights. */
  weights: Map<string, number>;
  /** Terms of the earlier questions of the conversation, which steer a follow-up a little. */
  earlierTerms?: readonly string[];
  /** Whether the reader wants code (asked for an example, a command, or attached code). */
  codeWanted: boolean;
  /**
   * Whether the reader asks two things ("How do I install the client and verify signatures?",
   * "… and what does it return?"): then a second page may answer the second. Default `false`.
   */
  twoParts?: boolean;
  /**
   * Whether the reader asks about versions ("Which version added…?"): then an entry's version
   * notes ("Added in: v6.3.0", its History table) may be quoted; otherwise they are passed over
   * (see `version-notes.ts`). Default `false`.
   */
  versionsWanted?: boolean;
}

/** Limits of a quoted answer. */
export interface PassageLimits {
  /** Most words of prose quoted in all. Default `180`. */
  wordBudget?: number;
  /** Longest code block quoted, in lines. Default `40`. */
  maximumCodeLines?: number;
}

const thinPassageWords = 30;
/**
 * How much a section's place in the retrieval order counts against its coverage of the question
 * when choosing what to quote: its score is divided by 1 + this × its place (0 for the first).
 * Measured over the 20 sets (answers citing a right page, development / held out): 0.15 gave
 * 0.707 / 0.686, 0.3 0.711 / 0.691, 0.5 0.710 / 0.695, 1 0.715 / 0.694; at 1, answers asked on an
 * unrelated page quoted that page more often (4 lost, 2 gained), at 0.5 as often as before.
 * Ranking now weighs more than coverage alone can tell: a question on the reader's page is
 * answered from it (22 more such answers cite it).
 */
const retrievalOrderWeight = 0.5;
// Most prose words between two code blocks quoted together.
const followingCodeWords = 40;
// A table longer than this is quoted as its header and the rows that match the question.
const largeTableRows = 3;
// Fewest words left in the budget for one more subsection after an introduction (see `continueIntroduction`).
const minimumPartWords = 25;

/**
 * Picks what to quote: the section that answers best (its coverage of the question, its
 * headings, and the retrieval order), and from it a coherent passage — the paragraph that
 * answers, the steps that follow it and the code block that belongs to them. A second section
 * is quoted only when the first is too thin to stand alone, or when it answers a part of the
 * question the first does not (the question spans two pages).
 */
export function choosePassages(sections: readonly AnswerSection[], question: PassageQuestion, limits: PassageLimits = {}): QuotedPassage[] {
  const budget = limits.wordBudget ?? 180;
  const maximumCodeLines = limits.maximumCodeLines ?? 40;
  const total = questionWeight(question);
  const earlierWeights = new Map((question.earlierTerms ?? []).map((term) => [term, 1]));
  const candidates = sections.map((section, index) => {
    const headings = headingTermSet(section);
    const all = new Set([...markdownTermSet(section.markdown), ...headings]);
    const described = new Set([...markdownTermSet(withoutCode(section.markdown)), ...headings]);
    // A word only in a code example (a sample config, a file listing) says less about what the
    // section answers than the same word in its prose.
    const found = (matchedWeight(question.terms, question.weights, all) + matchedWeight(question.terms, question.weights, described)) / 2;
    const inHeadings = matchedWeight(question.terms, question.weights, headings);
    const earlier = question.earlierTerms?.length ? matchedWeight(question.earlierTerms, earlierWeights, all) / question.earlierTerms.length : 0;
    // Coverage of the question, headings counting half again (a heading names what its section
    // is about), a third less at the second place of the retrieval order, half at the third (see
    // `retrievalOrderWeight`).
    const score = (total === 0 ? 0 : (found + 0.5 * inHeadings) / total) / (1 + retrievalOrderWeight * index) + 0.2 * earlier;
    return { index, section, all, score, page: pageUrl(section.url) };
  });
  const ranked = [...candidates].sort((left, right) => right.score - left.score || left.index - right.index);
  const first = ranked[0];
  if (first === undefined) return [];

  const firstSection = quotableBlocks(first.section.markdown, first.page, maximumCodeLines, question);
  const firstBlocks = passageWindow(firstSection, question, budget, maximumCodeLines);
  const passages: QuotedPassage[] = [{ section: first.index, blocks: firstBlocks, endsSection: endsSection(firstBlocks, firstSection) }];
  const firstWords = proseWords(firstBlocks);
  const firstHasCode = firstBlocks.some(hasCode);
  const thin = firstWords < thinPassageWords && !firstHasCode;
  const uncovered = question.terms.filter((term) => matchedWeight([term], question.weights, first.all) === 0);
  const coverageOf = (terms: Set<string>) => (total === 0 ? 0 : matchedWeight(question.terms, question.weights, terms) / total);
  const firstCoverage = coverageOf(first.all);
  // A second section: the rest of a thin answer from the same page, or the part of the question
  // another section answers (a question that spans two pages).
  for (const candidate of ranked.slice(1)) {
    const gain = total === 0 ? 0 : matchedWeight(uncovered, question.weights, candidate.all) / total;
    const completes = thin && candidate.page === first.page && candidate.score >= first.score * 0.4;
    // Spanning: the first section leaves a large part of the question open, and this one answers
    // that part on its own terms. Strict unless the reader asked two things: judged by hand, a
    // second passage added on weaker evidence (the first covering up to 70%, the second adding
    // 30%) to a question asking one thing was noise in 10 of 10 answers.
    const spans = question.twoParts === true
      ? firstCoverage < 0.7 && gain >= 0.3 && coverageOf(candidate.all) >= 0.35
      : firstCoverage < 0.6 && gain >= 0.45 && coverageOf(candidate.all) >= 0.5;
    if (!completes && !spans) continue;
    const candidateSection = quotableBlocks(candidate.section.markdown, candidate.page, maximumCodeLines, question);
    const blocks = passageWindow(candidateSection, question, Math.max(60, budget - firstWords), maximumCodeLines, firstHasCode, false);
    const quoted = termSet(blocks.map((block) => block.text).join(' '));
    const words = proseWords(blocks);
    // The quoted words themselves, not just the section's headings, must answer the open part.
    const answersRest = total > 0 && matchedWeight(uncovered, question.weights, quoted) / total >= 0.25 && (words >= 8 || blocks.some(hasCode));
    if ((completes && (words >= 15 || blocks.some(hasCode))) || (spans && answersRest)) {
      passages.push({ section: candidate.index, blocks, endsSection: endsSection(blocks, candidateSection) });
      break;
    }
  }
  return passages.filter((passage) => passage.blocks.length > 0);
}

/**
 * The start of the section after a quoted one, when the quote showed no code and reached the end
 * of its section, and the next section's code is about the question: the page explains, then
 * shows ("## Pattern" after a recipe's introduction); its `section` is the quoted one's index
 * (`next` is not among the retrieved sections). `undefined` when it should not continue.
 */
export function continuePassage(section: AnswerSection, quoted: QuotedPassage, next: AnswerSection, question: PassageQuestion, limits: PassageLimits = {}): QuotedPassage | undefined {
  const budget = limits.wordBudget ?? 180;
  const maximumCodeLines = limits.maximumCodeLines ?? 40;
  const page = pageUrl(section.url);
  if (quoted.blocks.some(hasCode) || !quoted.endsSection) return undefined;
  // Only into a part of the quoted section ("Pattern" under a recipe's introduction), not into
  // the next topic beside it ("GitLab Pages" after "GitHub Pages").
  if (next.headingTrail.at(-1) !== section.heading) return undefined;
  const blocks = quotableBlocks(next.markdown, page, maximumCodeLines, question);
  // Code that shows the question's subject, not code that merely shares a word with it.
  const total = questionWeight(question);
  const relevantCode = total > 0 && blocks.some((block) => hasCode(block) && blockScore(block, question.terms, question.weights) / total >= 0.3);
  if (!relevantCode) return undefined;
  const window = passageWindow(blocks, { ...question, codeWanted: true }, Math.max(60, budget - proseWords(quoted.blocks)), maximumCodeLines);
  return window.some(hasCode) ? { section: quoted.section, blocks: window, endsSection: endsSection(window, blocks) } : undefined;
}

// A section's blocks as an answer may quote them: version notes only when the reader asks about versions.
function quotableBlocks(markdown: string, page: string, maximumCodeLines: number, question: PassageQuestion): PassageBlock[] {
  const blocks = passageBlocks(markdown, page, maximumCodeLines);
  return question.versionsWanted === true ? blocks : withoutVersionNotes(blocks);
}

// Whether quoted blocks reach the last block of the section they come from.
function endsSection(quoted: readonly PassageBlock[], section: readonly PassageBlock[]): boolean {
  const last = quoted.at(-1);
  return last !== undefined && last.order === section.length - 1;
}

/** The weight of all the question's terms: what coverage shares are shares of. */
function questionWeight(question: PassageQuestion): number {
  return question.terms.reduce((sum, term) => sum + (question.weights.get(term) ?? 0), 0);
}

function withoutCode(markdown: string): string {
  return markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm, ' ');
}

function hasCode(block: PassageBlock): boolean {
  return block.kind === 'code' || (block.kind === 'list' && block.codeLines > 0);
}

/** Prose words of some blocks (code does not count against the budget). */
export function proseWords(blocks: readonly PassageBlock[]): number {
  return blocks.reduce((sum, block) => sum + block.words, 0);
}

/** Lines of code in a block: a code block's, or those inside a list's items. */
function codeLinesOf(block: PassageBlock): number {
  return block.kind === 'code' ? block.lines : block.kind === 'list' ? block.codeLines : 0;
}

/** Whether each code block of a section follows the one before closely (see `followingCodeWords`). */
function codeFollowsOn(blocks: readonly PassageBlock[]): boolean {
  let seenCode = false;
  let wordsSince = 0;
  for (const block of blocks) {
    if (hasCode(block)) {
      if (seenCode && wordsSince > followingCodeWords) return false;
      seenCode = true;
      wordsSince = 0;
    } else {
      wordsSince += block.words;
    }
  }
  return true;
}

/**
 * The run of a section's blocks to quote: the whole section when it is short; otherwise from
 * the block that answers best (or the paragraph that introduces it) onwards, keeping lists
 * whole and the code blocks that follow one another in it (a "before" and an "after", a module
 * and its test, a signature and its example) while they fit `maximumCodeLines` together, until
 * the word budget is spent.
 */
function passageWindow(blocks: PassageBlock[], question: PassageQuestion, budget: number, maximumCodeLines: number, haveCode = false, leads = true): PassageBlock[] {
  if (blocks.length === 0) return [];
  const scores = blocks.map((block) => blockScore(block, question.terms, question.weights));
  const quotableCode = (block: PassageBlock) => block.kind === 'code' && block.lines <= maximumCodeLines;
  const chosenCode = haveCode ? undefined : bestCode(blocks, scores, quotableCode);

  let window: PassageBlock[];
  const codeBlocks = blocks.filter((block) => block.kind === 'code');
  const allCodeLines = blocks.reduce((sum, block) => sum + codeLinesOf(block), 0);
  if (proseWords(blocks) <= budget && codeBlocks.every(quotableCode) && (haveCode ? blocks.filter(hasCode).length <= 1 : allCodeLines <= maximumCodeLines && codeFollowsOn(blocks))) {
    // A short section is its own best passage (a second passage leaves its code to the first).
    window = haveCode ? blocks.filter((block) => block.kind !== 'code' || block === chosenCode) : blocks;
  } else {
    window = forwardWindow(blocks, scores, budget, (block) => !haveCode && quotableCode(block), question, haveCode ? 0 : maximumCodeLines);
  }
  if (question.codeWanted && !haveCode && !window.some(hasCode) && chosenCode !== undefined) {
    const introduction = blocks[chosenCode.order - 1];
    const extra = introduction !== undefined && introducesNext(introduction) && proseWords(window) + introduction.words <= budget ? [introduction, chosenCode] : [chosenCode];
    window = [...new Set([...window, ...extra])].sort((left, right) => left.order - right.order);
  }
  const quoted = dropDanglingIntroductions(
    window.map((block) => (block.kind === 'table' && block.rows.length > largeTableRows ? (matchingRows(block, question) ?? block) : block)),
    blocks,
    leads,
  );
  // Never nothing: a section chosen to answer has at least its opening words to quote.
  const opening = blocks.find((block) => block.kind === 'paragraph' || block.kind === 'list');
  return quoted.length > 0 || opening === undefined ? quoted : [opening.kind === 'paragraph' ? shortenParagraph(opening, budget) : opening];
}

function forwardWindow(blocks: PassageBlock[], scores: number[], budget: number, codeAllowed: (block: PassageBlock) => boolean, question: PassageQuestion, codeBudget: number): PassageBlock[] {
  // The block that answers: the best match, earlier blocks winning near-ties (a section opens
  // with what it is about).
  let anchor = blocks.findIndex((block) => block.kind !== 'code');
  let anchorValue = 0;
  blocks.forEach((block, index) => {
    const value = (scores[index] ?? 0) / (1 + 0.1 * index);
    if (block.kind !== 'code' && block.kind !== 'heading' && value > anchorValue) {
      anchor = index;
      anchorValue = value;
    }
  });
  if (anchor === -1) anchor = 0;
  let start = anchor;
  // Read from the section's start when the answer is near it: the docs introduce before they detail.
  if (proseWords(blocks.slice(0, anchor + 1)) <= budget * 0.6) start = 0;
  const previous = blocks[anchor - 1];
  const anchorBlock = blocks[anchor];
  // Steps, a table or code are introduced by the paragraph before them; a sentence that opens
  // with "It" or "This" leans on the one before.
  if (previous?.kind === 'paragraph' && anchorBlock !== undefined && (anchorBlock.kind !== 'paragraph' || /^(?:it|this|these|they|that|those|then)\b/i.test(anchorBlock.text))) start = anchor - 1;

  const window: PassageBlock[] = [];
  let words = 0;
  let codeLines = 0;
  // Prose words since the last code quoted: a later example belongs with it only when little
  // more than its introduction lies between ("Then build it:", "**Output**").
  let wordsSinceCode = 0;
  // Code beyond the first block only while all of it fits the code budget, and when it follows
  // on closely or is itself about the question (the test after the module it tests).
  const codeFits = (lines: number, relevant: boolean) => codeLines === 0 || (codeLines + lines <= codeBudget && (relevant || wordsSinceCode <= followingCodeWords));
  for (let index = start; index < blocks.length; index++) {
    const block = blocks[index] as PassageBlock;
    const remaining = budget - words;
    const wordsBefore = words;
    if (block.kind === 'heading') {
      if (words >= 40) break;
      window.push(block);
      words += block.words;
    } else if (block.kind === 'code') {
      // The prose after an example that does not fit, or after one left out, goes on about it.
      if ((codeAllowed(block) && !codeFits(block.lines, (scores[index] ?? 0) > 0)) || (!codeAllowed(block) && window.length > 0 && introducesNext(window.at(-1) as PassageBlock))) break;
      if (!codeAllowed(block)) continue;
      window.push(block);
      codeLines += block.lines;
      wordsSinceCode = 0;
      continue;
    } else if (block.kind === 'list') {
      // A procedure's steps stay whole; another list is cut to the items that fit.
      if (block.words <= remaining || (block.ordered && block.words <= budget * 2 && words <= budget / 2)) {
        if (block.codeLines > 0 && !codeFits(block.codeLines, (scores[index] ?? 0) > 0)) break;
        window.push(block);
        words += block.words;
        codeLines += block.codeLines;
        wordsSinceCode = block.codeLines > 0 ? 0 : wordsSinceCode + block.words;
        if (words >= budget) break;
        continue;
      }
      // Too long to quote whole: the items that answer (a list of alternatives: plugins,
      // integrations), else the first ones.
      const items = fittingItems(block.ordered ? block.items : (matchingItems(block.items, question) ?? block.items), remaining);
      if (items.length > 0 && !(block.codeLines > 0 && codeLines > 0)) {
        const shown = items.length < block.items.length ? [...items, moreItems(items.at(-1) as string)] : items;
        window.push({ ...block, items: shown, markdown: shown.join('\n'), text: plainText(items.join('\n')), words: remaining });
      }
      break;
    } else if (block.kind === 'table') {
      const table = block.words > remaining ? matchingRows(block, question) : block;
      if (table === undefined || (window.length > 0 && table.words > remaining)) break;
      window.push(table);
      words += table.words;
    } else if (block.words <= remaining) {
      window.push(block);
      words += block.words;
    } else {
      if (window.length === 0) window.push(shortenParagraph(block, remaining));
      break;
    }
    wordsSinceCode += words - wordsBefore;
    if (words >= budget) break;
  }
  // An answer found in a section's last paragraph reads better with the paragraph before it.
  const before = blocks[start - 1];
  if (before?.kind === 'paragraph' && words < 60 && words + before.words <= budget) {
    window.unshift(before);
    words += before.words;
  }
  // A quote from further down keeps the section's opening sentence when it is short: it says
  // what the section is about ("Discover and print all test names…", "Try --runInBand").
  const opening = blocks[0];
  if (opening !== undefined && opening.kind === 'paragraph' && !window.includes(opening) && (window[0]?.order ?? 0) > 0 && opening.words <= 35 && words + opening.words <= budget) {
    window.unshift(opening);
  }
  return window;
}

function bestCode(blocks: PassageBlock[], scores: number[], quotable: (block: PassageBlock) => boolean): PassageBlock | undefined {
  let best: PassageBlock | undefined;
  let bestScore = -1;
  blocks.forEach((block, index) => {
    if (!quotable(block)) return;
    const score = scores[index] ?? 0;
    if (score > bestScore) {
      best = block;
      bestScore = score;
    }
  });
  return best;
}

function introducesNext(block: PassageBlock): boolean {
  return (block.kind === 'paragraph' && /[^:]:\s*$/.test(block.markdown)) || isLabel(block);
}

// "**Input**", "#### Example": a label for what follows, meaningless without it.
function isLabel(block: PassageBlock): boolean {
  return block.kind === 'heading' || (block.kind === 'paragraph' && block.words <= 4 && /^(?:\*\*|__|_|\*)[^*_]+(?:\*\*|__|_|\*):?$/.test(block.markdown));
}

// "Run the container:" followed by something else than what it introduced reads as a promise
// broken: a short label is left out, a sentence ends as a statement instead.
function dropDanglingIntroductions(window: PassageBlock[], blocks: readonly PassageBlock[], leads: boolean): PassageBlock[] {
  const kept = window.flatMap((block, index) => {
    if (!introducesNext(block)) return [block];
    const next = window[index + 1];
    const inDocs = blocks[block.order + 1];
    // The block the docs put next, whole or cut to the items that fit.
    const introduced = next !== undefined && inDocs !== undefined && next.order === inDocs.order && (isLabel(block) || next.kind !== 'paragraph');
    if (introduced) return [block];
    // Its section's last block introduces the subsections after it ("Jest sets the following
    // environment variables:" before "### NODE_ENV"): the answer may go on into them (see
    // `continueIntroduction`), else it drops the introduction (`withoutClosingIntroduction`).
    if (leads && inDocs === undefined && next === undefined && block.kind === 'paragraph') return [block];
    if (isLabel(block) || block.words <= 5) return [];
    // Last in the quote, what it introduces left out (code too long to quote): the paragraph
    // ends at the sentence before it, if it has one. Not in a second passage, which must answer
    // the rest of the question in full: a sentence left of an introduction rarely does.
    if (next === undefined) return leads ? withoutLastSentence(block) : [];
    return [{ ...block, markdown: block.markdown.replace(/:\s*$/, '.') }];
  });
  // A last word or two ("and", "Or:") led on to something left out.
  while (kept.length > 1 && kept.at(-1)?.kind === 'paragraph' && (kept.at(-1)?.words ?? 0) <= 3) kept.pop();
  return kept;
}

// A paragraph without its last sentence; nothing when it has only one.
function withoutLastSentence(block: PassageBlock): PassageBlock[] {
  const sentences = splitSentences(block.markdown);
  if (sentences.length < 2) return [];
  const kept = sentences.slice(0, -1).join(' ');
  return [{ ...block, markdown: kept, text: plainText(kept), words: kept.split(/\s+/).length }];
}

/**
 * A quote that ends its section on an introduction to the subsections after it ("Jest sets the
 * following environment variables:") goes on into them, in order, while the word budget lasts:
 * one passage for each (each `section` is the quoted one's index). Empty when the quote does not
 * end so, or the first of `parts` is not a subsection of the quoted section.
 */
export function continueIntroduction(section: AnswerSection, quoted: QuotedPassage, parts: readonly AnswerSection[], question: PassageQuestion, limits: PassageLimits = {}): QuotedPassage[] {
  if (!endsOnIntroduction(quoted)) return [];
  const budget = limits.wordBudget ?? 180;
  const maximumCodeLines = limits.maximumCodeLines ?? 40;
  let words = proseWords(quoted.blocks);
  let haveCode = quoted.blocks.some(hasCode);
  const continued: QuotedPassage[] = [];
  for (const part of parts) {
    const remaining = budget - words;
    if (!isSubsection(part, section) || (continued.length > 0 && remaining < minimumPartWords)) break;
    const blocks = quotableBlocks(part.markdown, pageUrl(section.url), maximumCodeLines, question);
    const window = passageWindow(blocks, question, Math.max(continued.length === 0 ? 60 : minimumPartWords, remaining), maximumCodeLines, haveCode);
    if (window.length === 0 || endsOnIntroduction({ ...quoted, blocks: window })) break;
    continued.push({ section: quoted.section, blocks: window, endsSection: endsSection(window, blocks) });
    words += proseWords(window);
    haveCode ||= window.some(hasCode);
  }
  return continued;
}

/**
 * A quote without the introduction it ends on when nothing it introduces follows (see
 * `continueIntroduction`): the paragraph ends at the sentence before, or goes when it has no
 * other; a quote that is nothing else keeps it.
 */
export function withoutClosingIntroduction(quoted: QuotedPassage): QuotedPassage {
  const last = quoted.blocks.at(-1);
  if (last === undefined || !endsOnIntroduction(quoted)) return quoted;
  const blocks = [...quoted.blocks.slice(0, -1), ...withoutLastSentence(last)];
  return blocks.length === 0 ? quoted : { ...quoted, blocks, endsSection: false };
}

// Whether `next` is a part of `section`: under its heading, or, after a page's introduction (the
// section without an anchor), one of the page's top headings.
function isSubsection(next: AnswerSection, section: AnswerSection): boolean {
  const parent = next.headingTrail.at(-1);
  return parent === undefined || parent === section.pageTitle ? !section.url.includes('#') : parent === section.heading;
}

function endsOnIntroduction(quoted: QuotedPassage): boolean {
  const last = quoted.blocks.at(-1);
  return quoted.endsSection && last !== undefined && last.kind === 'paragraph' && introducesNext(last);
}

// A last item "…" in the list's own marker: the docs' list goes on (its other conditions,
// options or steps are on the page the answer cites).
function moreItems(lastItem: string): string {
  const marker = /^(\s*)(?:([-*+])|(\d+)([.)]))\s/.exec(lastItem);
  if (marker === null) return '- …';
  const [, indent = '', bullet, number, delimiter = '.'] = marker;
  return bullet !== undefined ? `${indent}${bullet} …` : `${indent}${Number(number) + 1}${delimiter} …`;
}

function fittingItems(items: readonly string[], words: number): string[] {
  const chosen: string[] = [];
  let used = 0;
  for (const item of items) {
    const length = item.split(/\s+/).length;
    if (used + length > words && chosen.length > 0) break;
    chosen.push(item);
    used += length;
  }
  return chosen;
}

// The items of a list that match the question best (at most five, in order); `undefined` when
// none matches or all do.
function matchingItems(items: readonly string[], question: PassageQuestion): string[] | undefined {
  const positions = bestMatching(items.map(markdownTermSet), question);
  return positions === undefined || positions.length === items.length ? undefined : items.filter((_item, position) => positions.includes(position)).slice(0, 5);
}

// The positions of the texts that match the question within 60% of the best match, in order;
// `undefined` when none matches.
function bestMatching(texts: readonly Set<string>[], question: PassageQuestion): number[] | undefined {
  const scores = texts.map((terms) => matchedWeight(question.terms, question.weights, terms));
  const best = Math.max(0, ...scores);
  if (best === 0) return undefined;
  return scores.flatMap((score, position) => (score >= best * 0.6 ? [position] : []));
}

// A large table is quoted as its header and the rows that match the question.
// A long section's blocks are remembered (see `passageBlocks`), and so are its table rows' terms.
const rowTermSets = new WeakMap<readonly string[], Set<string>[]>();

function matchingRows(block: Extract<PassageBlock, { kind: 'table' }>, question: PassageQuestion): PassageBlock | undefined {
  let rowTerms = rowTermSets.get(block.rowTexts);
  if (rowTerms === undefined) {
    rowTerms = block.rowTexts.map(termSet);
    rowTermSets.set(block.rowTexts, rowTerms);
  }
  const positions = bestMatching(rowTerms, question) ?? [];
  const rows = block.rows.filter((_row, position) => positions.includes(position)).slice(0, 5);
  if (rows.length === 0 || rows.length === block.rows.length) return rows.length === 0 ? undefined : block;
  return { ...block, rows, markdown: `${block.header}\n${rows.join('\n')}`, words: rows.join(' ').split(/\s+/).length };
}

function shortenParagraph(block: PassageBlock, words: number): PassageBlock {
  const sentences = splitSentences(block.markdown);
  const kept: string[] = [];
  let used = 0;
  for (const sentence of sentences) {
    const length = sentence.split(/\s+/).length;
    if (used + length > words && kept.length > 0) break;
    kept.push(sentence);
    used += length;
  }
  return { ...block, markdown: kept.join(' '), words: used };
}
