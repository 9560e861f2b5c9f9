import { processTerm, subjectTerms, textTerms, tokenizeText } from '../retrieval/search-terms';
import type { AnswerSection, PageContextItem } from './answer-prompt';
import { sectionLabel } from './answer-prompt';
import type { ScoredCode, ScoredUnit } from './passage-scoring';
import { byScore, contextTerms, coverage, matches, scoreUnits, termSet, termWeights, wantsCode } from './passage-scoring';

/** What the extractive answer is composed from. */
export interface ExtractiveAnswerInput {
  /** The reader's question (the last user message). */
  question: string;
  /** The retrieved sections, best first. */
  sections: readonly AnswerSection[];
  /** What the reader attached from the page. */
  context?: readonly PageContextItem[];
}

/** Tuning of {@link composeExtractiveAnswer}; the defaults suit documentation of a few hundred pages or more. */
export interface ExtractiveAnswerOptions {
  /**
   * Share (0–1) of the question's weighted subject words one section must contain for the docs
   * to count as covering the question. Default `0.5`.
   */
  coverageThreshold?: number;
  /** Most quoted passages after the first sentence (sentences, list items or table rows). Default `3`. */
  maximumPassages?: number;
}

// Greetings and thanks are not questions about the docs.
const smallTalk = new Set(textTerms('hi hello hey thanks thank ok okay cool great bye'));

const maximumCodeLines = 80;
const passageWordBudget = 120;

/**
 * Composes a grounded Markdown answer by quoting the retrieved sections: a first sentence that
 * answers, the most relevant passages, the most relevant code block when the question is about
 * code (or the answering section's code contains the question's words), and the list of
 * sources. When the sections do not contain the question's subject, it says so plainly instead.
 *
 * Pure and deterministic: the same input always gives the same answer.
 */
export function composeExtractiveAnswer(input: ExtractiveAnswerInput, options: ExtractiveAnswerOptions = {}): string {
  const context = input.context ?? [];
  let terms = subjectTerms(input.question).filter((term) => !smallTalk.has(term));
  let threshold = options.coverageThreshold ?? 0.5;
  if (terms.length === 0 && context.length > 0) {
    // "What does this do?" with a code block attached: the attachment is the subject, and only
    // part of a pasted snippet's words can be expected in the docs.
    terms = contextTerms(context);
    threshold /= 2;
  }
  if (terms.length === 0) return helpAnswer();
  if (input.sections.length === 0) return notCoveredAnswer(input.question, terms, []);

  const sectionTerms = input.sections.map((section) => termSet(`${section.pageTitle} ${section.headingTrail.join(' ')} ${section.heading} ${section.markdown}`));
  const weights = termWeights(terms, sectionTerms);
  if (Math.max(...sectionTerms.map((set) => coverage(terms, weights, set))) < threshold) return notCoveredAnswer(input.question, terms, sectionTerms);

  const units = scoreUnits(input.sections, terms, weights);
  const prose = units.filter((unit) => unit.kind !== 'code' && unit.matchedWithHeading > 0);
  const lead = pickLead(prose);
  const minimumMatched = terms.length >= 3 ? 2 : 1;
  let passages = lead === undefined ? [] : pickPassages(prose.filter((unit) => unit.matchedWithHeading >= minimumMatched), lead, options.maximumPassages ?? 3);

  // A first sentence that ends in a colon introduces the code after it: show that code next.
  const leadCode = lead !== undefined && endsWithColon(lead) ? codeAfter(units, lead) : undefined;
  const code = leadCode ?? pickCode(units, terms, wantsCode(input.question, context), lead, passages);
  if (code !== undefined && leadCode === undefined) {
    // Otherwise the code goes where the docs have it, after the sentence that introduces it.
    const introduction = unitBefore(units, code);
    passages = placeInReadingOrder([...passages.filter((unit) => unit !== introduction), ...(introduction === undefined ? [] : [introduction]), code], lead);
  }

  const parts: string[] = [];
  const used = new Set<number>();
  if (lead !== undefined) {
    parts.push(lead.kind === 'row' ? rowSentence(lead) : leadCode === undefined ? settle(unitMarkdown(lead)) : unitMarkdown(lead));
    used.add(lead.section);
  }
  if (leadCode !== undefined) {
    parts.push(fence(leadCode.code, leadCode.language));
    used.add(leadCode.section);
  }
  const passageText = renderPassages(passages);
  if (passageText !== '') parts.push(passageText);
  for (const passage of passages) used.add(passage.section);
  if (parts.length === 0) return notCoveredAnswer(input.question, terms, sectionTerms);
  parts.push(sourcesList([...used].map((index) => input.sections[index]).filter((section) => section !== undefined)));
  return parts.join('\n\n');
}

// A sentence reads best as the opening of an answer; a list item or a table row only when no
// sentence comes close.
function pickLead(prose: ScoredUnit[]): ScoredUnit | undefined {
  const ranked = [...prose].sort(byScore);
  const best = ranked[0];
  if (best === undefined) return undefined;
  const close = (unit: ScoredUnit) => unit.score >= best.score * 0.75;
  return ranked.find((unit) => unit.kind === 'sentence' && close(unit)) ?? ranked.find((unit) => unit.kind === 'item' && close(unit)) ?? best;
}

// A table row as a sentence: "`cache.ttl` (environment variable `HARBOR_CACHE_TTL`, default `10m`): How long…".
function rowSentence(row: Extract<ScoredUnit, { kind: 'row' }>): string {
  const [first = '', ...rest] = row.cells;
  // The last cell written as prose is the row's description; the others are its attributes.
  const descriptionIndex = rest.findLastIndex((cell) => plainWords(cell) >= 4);
  const attributes = rest
    .map((cell, index) => (index === descriptionIndex || cell.trim() === '' ? '' : `${(row.headers[index + 1] ?? '').toLowerCase()} ${cell}`.trim()))
    .filter((attribute) => attribute !== '');
  const description = descriptionIndex === -1 ? '' : (rest[descriptionIndex] ?? '');
  const sentence = `${first}${attributes.length > 0 ? ` (${attributes.join(', ')})` : ''}${description === '' ? '' : `: ${description}`}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

function plainWords(markdown: string): number {
  return markdown.trim().split(/\s+/).length;
}

function pickPassages(prose: ScoredUnit[], lead: ScoredUnit, maximum: number): ScoredUnit[] {
  const chosen: ScoredUnit[] = [];
  const seen = new Set([normalized(lead)]);
  const sections = new Set([lead.section]);
  let words = 0;
  for (const unit of [...prose].sort(byScore)) {
    if (chosen.length >= maximum || unit.score < lead.score * 0.45) break;
    if (unit === lead || seen.has(normalized(unit))) continue;
    if (!sections.has(unit.section) && sections.size >= 3) continue;
    const length = unit.text.split(/\s+/).length;
    if (words + length > passageWordBudget && chosen.length > 0) continue;
    chosen.push(unit);
    seen.add(normalized(unit));
    sections.add(unit.section);
    words += length;
  }
  return placeInReadingOrder(chosen, lead);
}

// Read in the docs' own order: sections by relevance (the lead's first), units by position.
function placeInReadingOrder(units: ScoredUnit[], lead: ScoredUnit | undefined): ScoredUnit[] {
  const sectionOrder = [...(lead === undefined ? [] : [lead.section]), ...[...units].sort(byScore).map((unit) => unit.section)];
  return [...units].sort((left, right) => sectionOrder.indexOf(left.section) - sectionOrder.indexOf(right.section) || left.order - right.order);
}

/**
 * The code block to show. When the reader asked for code (or attached some), the best-scoring
 * block of any section; otherwise only a block of the answering section that contains a
 * question word or follows a quoted sentence, since a stray example would distract more than help.
 */
function pickCode(units: ScoredUnit[], terms: string[], codeWanted: boolean, lead: ScoredUnit | undefined, passages: ScoredUnit[]): ScoredCode | undefined {
  const quoted = lead === undefined ? passages : [lead, ...passages];
  let best: ScoredCode | undefined;
  for (const unit of units) {
    if (unit.kind !== 'code' || unit.score <= 0 || unit.code.split('\n').length > maximumCodeLines) continue;
    const sameSection = lead !== undefined && unit.section === lead.section;
    const followsQuote = quoted.some((quote) => quote.section === unit.section && quote.order === unit.order - 1);
    if (!codeWanted && !(sameSection && (followsQuote || terms.some((term) => matches(term, termSet(unit.code)))))) continue;
    // Prefer the block beside the first sentence: it is the example the prose describes.
    const score = unit.score * (sameSection ? 1.25 : 1);
    if (best === undefined || score > best.score) best = { ...unit, score };
  }
  return best;
}

function codeAfter(units: ScoredUnit[], unit: ScoredUnit): ScoredCode | undefined {
  const next = units.find((candidate) => candidate.section === unit.section && candidate.order === unit.order + 1);
  return next?.kind === 'code' && next.code.split('\n').length <= maximumCodeLines ? next : undefined;
}

// The sentence that introduces a code block ("Add this to your page:"), if there is one.
function unitBefore(units: ScoredUnit[], code: ScoredCode): ScoredUnit | undefined {
  const previous = units.find((candidate) => candidate.section === code.section && candidate.order === code.order - 1);
  return previous !== undefined && previous.kind === 'sentence' && endsWithColon(previous) ? previous : undefined;
}

function renderPassages(passages: ScoredUnit[]): string {
  // Consecutive units of one paragraph, list or table stay together, as they are in the docs.
  const blocks: Array<{ kind: ScoredUnit['kind']; key: string; lines: string[]; header?: string }> = [];
  passages.forEach((unit, index) => {
    const key = `${unit.section}:${unit.block}`;
    let block = blocks.at(-1);
    if (block === undefined || block.kind !== unit.kind || block.key !== key || unit.kind === 'code') {
      block = { kind: unit.kind, key, lines: [], ...(unit.kind === 'row' ? { header: unit.header } : {}) };
      blocks.push(block);
    }
    const next = passages[index + 1];
    const introducesNext = next?.kind === 'code' && next.section === unit.section && next.order === unit.order + 1;
    block.lines.push(unit.kind === 'row' || unit.kind === 'code' || introducesNext ? unitMarkdown(unit) : settle(unitMarkdown(unit)));
  });
  return blocks
    .map((block) => {
      if (block.kind === 'item') return block.lines.map((line) => `- ${line}`).join('\n');
      if (block.kind === 'row') return `${block.header}\n${block.lines.join('\n')}`;
      return block.lines.join(' ');
    })
    .join('\n\n');
}

function unitMarkdown(unit: ScoredUnit): string {
  return unit.kind === 'code' ? fence(unit.code, unit.language) : unit.markdown;
}

// A quoted sentence that introduced code no longer shown, or a list item quoted on its own,
// ends as a statement rather than with a colon or semicolon.
function settle(markdown: string): string {
  return markdown.replace(/[:;,]\s*$/, '.');
}

function endsWithColon(unit: ScoredUnit): boolean {
  return unit.kind !== 'code' && unit.kind !== 'row' && /:\s*$/.test(unit.markdown);
}

function normalized(unit: ScoredUnit): string {
  return unit.text.toLowerCase().replace(/\W+/g, ' ').trim();
}

function sourcesList(sections: AnswerSection[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const section of sections) {
    if (seen.has(section.url)) continue;
    seen.add(section.url);
    lines.push(`[${escapeLinkText(sectionLabel(section))}](${section.url})`);
  }
  // One line naming the sections quoted above, not a second "Sources" list: clients already
  // show the retrieved pages from the stream's source parts under the answer.
  const listed = lines.length <= 1 ? lines.join('') : `${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}`;
  return `Quoted from ${listed}.`;
}

function notCoveredAnswer(question: string, terms: string[], sectionTerms: Set<string>[]): string {
  const missing: string[] = [];
  for (const word of tokenizeText(question)) {
    const wordTerms = processTerm(word) ?? [];
    const term = wordTerms[0];
    if (term === undefined || !terms.includes(term)) continue;
    if (sectionTerms.some((set) => matches(term, set))) continue;
    if (!missing.some((seen) => seen.toLowerCase() === word.toLowerCase())) missing.push(word);
  }
  const subject = missing.length === 0 ? 'that' : joinWords(missing.slice(0, 3).map((word) => `“${word}”`));
  return [
    `The documentation doesn't cover this: I couldn't find anything about ${subject} in these docs.`,
    'Try rephrasing the question with the name of a feature, an option or an error message, or ask about another part of the documentation.',
  ].join('\n\n');
}

function helpAnswer(): string {
  return 'I answer questions from this documentation. Ask about a feature, an option or an error message, for example "How do I get started?"';
}

function fence(code: string, language: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`{3,}/g)].map((match) => match[0].length));
  const marker = '`'.repeat(longest + 1);
  return `${marker}${language}\n${code.replace(/\n+$/, '')}\n${marker}`;
}

function escapeLinkText(text: string): string {
  return text.replace(/[[\]]/g, '\\$&');
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
