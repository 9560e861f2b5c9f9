import { processTerm, subjectTerms, textTerms, tokenizeText } from '../retrieval/search-terms';
import type { AnswerSection, PageContextItem } from './answer-prompt';
import { sectionLabel } from './answer-prompt';
import type { PassageUnit } from './passage-units';
import { passageUnits } from './passage-units';

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
  /** Most quoted passages after the first sentence. Default `4`. */
  maximumPassages?: number;
}

type ScoredUnit = PassageUnit & { section: number; score: number; matched: number };
type ScoredCode = Extract<ScoredUnit, { kind: 'code' }>;

// Words that say the reader wants to see code rather than prose.
const codeWords = new Set(
  textTerms(
    'code example snippet sample install installation command script tag embed configure config setup import npm yarn pnpm ' +
      'curl request call function method syntax html css javascript typescript js ts jsx tsx json yaml bash shell terminal cli',
  ),
);

// Keywords every language shares: they say nothing about what a pasted snippet is about.
const codeKeywords = new Set(
  textTerms(
    'const let var function return import export from default new await async class extends if else for while true false ' +
      'null undefined this that type interface public private static void string number boolean div span script src http https www com',
  ),
);

const maximumCodeLines = 80;
const passageWordBudget = 140;

/**
 * Composes a grounded Markdown answer by quoting the retrieved sections: a first sentence that
 * answers, the most relevant passages, the most relevant code block when the question is about
 * code (or a block's code contains the question's words), and the list of sources. When the
 * sections do not contain the question's subject, it says so plainly instead.
 *
 * Pure and deterministic: the same input always gives the same answer.
 */
export function composeExtractiveAnswer(input: ExtractiveAnswerInput, options: ExtractiveAnswerOptions = {}): string {
  const context = input.context ?? [];
  let terms = subjectTerms(input.question);
  let threshold = options.coverageThreshold ?? 0.5;
  if (terms.length === 0 && context.length > 0) {
    // "What does this do?" with a code block attached: the attachment is the subject.
    terms = contextTerms(context);
    threshold /= 2;
  }
  if (terms.length === 0) return helpAnswer();
  if (input.sections.length === 0) return notCoveredAnswer(input.question, terms, []);

  const sectionTerms = input.sections.map((section) =>
    termSet(`${section.pageTitle} ${section.headingTrail.join(' ')} ${section.heading} ${section.markdown}`),
  );
  const weights = termWeights(terms, sectionTerms);
  const totalWeight = terms.reduce((sum, term) => sum + (weights.get(term) ?? 0), 0);
  const coverage = sectionTerms.map((set) => terms.reduce((sum, term) => sum + (matches(term, set) ? (weights.get(term) ?? 0) : 0), 0) / totalWeight);
  if (Math.max(...coverage) < threshold) return notCoveredAnswer(input.question, terms, sectionTerms);

  const units = scoreUnits(input.sections, terms, weights);
  const prose = units.filter((unit) => unit.kind !== 'code' && unit.matched > 0);
  const lead = bestOf(prose.filter((unit) => unit.kind !== 'row')) ?? bestOf(prose) ?? firstSentence(units);
  const passages = lead === undefined ? [] : pickPassages(prose, lead, options.maximumPassages ?? 4);
  const code = pickCode(units, terms, input.question, context, lead);

  const used = new Set<number>();
  const parts: string[] = [];
  if (lead !== undefined) {
    if (lead.kind === 'row') parts.push(`${lead.header}\n${lead.markdown}`);
    else if (lead.kind !== 'code') parts.push(lead.markdown);
    used.add(lead.section);
  }
  const passageText = renderPassages(passages);
  if (passageText !== '') parts.push(passageText);
  for (const passage of passages) used.add(passage.section);
  if (code !== undefined) {
    const introduction = codeIntroduction(code, lead, passages);
    if (introduction !== undefined) parts.push(introduction);
    parts.push(fence(code.code, code.language));
    used.add(code.section);
  }
  parts.push(sourcesList([...used].map((index) => input.sections[index]).filter((section) => section !== undefined)));
  return parts.join('\n\n');
}

function scoreUnits(sections: readonly AnswerSection[], terms: string[], weights: Map<string, number>): ScoredUnit[] {
  const scored: ScoredUnit[] = [];
  sections.forEach((section, index) => {
    const headingTerms = termSet(`${section.pageTitle} ${section.headingTrail.join(' ')} ${section.heading}`);
    const headingScore = terms.reduce((sum, term) => sum + (matches(term, headingTerms) ? (weights.get(term) ?? 0) : 0), 0);
    const rankFactor = 1 / (1 + 0.2 * index);
    const pageUrl = section.url.replace(/#.*$/, '');
    const units = passageUnits(section.markdown, pageUrl);
    units.forEach((unit, position) => {
      const unitTerms = termSet(unit.kind === 'code' ? `${unit.code} ${unit.lead}` : unit.text);
      let matched = 0;
      let score = 0;
      for (const term of terms) {
        if (!matches(term, unitTerms)) continue;
        matched += 1;
        score += weights.get(term) ?? 0;
      }
      const words = unit.text.split(/\s+/).length;
      let factor = rankFactor;
      if (unit.kind !== 'code' && words < 5) factor *= 0.6;
      if (words > 60) factor *= 0.8;
      if (position === 0) factor *= 1.1;
      // A sentence opening with "It" or "This" leans on the one before it.
      if (unit.kind === 'sentence' && /^(?:it|this|these|they|that|those)\b/i.test(unit.text)) factor *= 0.85;
      scored.push({ ...unit, section: index, matched, score: (score + 0.3 * headingScore * (matched > 0 ? 1 : 0)) * factor });
    });
  });
  return scored;
}

function pickPassages(prose: ScoredUnit[], lead: ScoredUnit, maximum: number): ScoredUnit[] {
  const chosen: ScoredUnit[] = [];
  const seen = new Set([lead.text.toLowerCase()]);
  const sections = new Set([lead.section]);
  let words = 0;
  const ranked = [...prose].sort(byScore);
  for (const unit of ranked) {
    if (chosen.length >= maximum || unit.score < lead.score * 0.4) break;
    if (unit === lead || seen.has(unit.text.toLowerCase())) continue;
    if (!sections.has(unit.section) && sections.size >= 3) continue;
    const length = unit.text.split(/\s+/).length;
    if (words + length > passageWordBudget && chosen.length > 0) continue;
    chosen.push(unit);
    seen.add(unit.text.toLowerCase());
    sections.add(unit.section);
    words += length;
  }
  // Read in the docs' own order: sections by relevance (the lead's first), units by position.
  const sectionOrder = [lead.section, ...chosen.map((unit) => unit.section)];
  return chosen.sort((left, right) => sectionOrder.indexOf(left.section) - sectionOrder.indexOf(right.section) || left.order - right.order);
}

function pickCode(units: ScoredUnit[], terms: string[], question: string, context: readonly PageContextItem[], lead: ScoredUnit | undefined): ScoredCode | undefined {
  const wantsCode = tokenizeText(question).some((word) => (processTerm(word) ?? []).some((term) => codeWords.has(term))) || context.some((item) => item.type === 'code');
  let best: ScoredCode | undefined;
  for (const unit of units) {
    if (unit.kind !== 'code' || unit.code.split('\n').length > maximumCodeLines) continue;
    const inCode = termSet(unit.code);
    const codeMatches = terms.some((term) => matches(term, inCode));
    if (!wantsCode && !codeMatches) continue;
    if (unit.score <= 0) continue;
    // Prefer the block beside the first sentence: it is the example the prose describes.
    const score = unit.score * (lead !== undefined && unit.section === lead.section ? 1.25 : 1);
    if (best === undefined || score > best.score) best = { ...unit, score };
  }
  return best;
}

function codeIntroduction(code: ScoredCode, lead: ScoredUnit | undefined, passages: ScoredUnit[]): string | undefined {
  const leadIn = code.lead.trim();
  if (!leadIn.endsWith(':')) return undefined;
  const quoted = [lead, ...passages].some((unit) => unit !== undefined && leadIn.includes(unit.text.trim().replace(/[`*_]/g, '')));
  if (quoted) return undefined;
  const sentences = leadIn.split(/(?<=[.!?])\s+(?=[\p{Lu}`])/u);
  return sentences.at(-1);
}

function renderPassages(passages: ScoredUnit[]): string {
  // Consecutive units of one paragraph, list or table stay together, as they are in the docs.
  const blocks: Array<{ kind: PassageUnit['kind']; key: string; lines: string[]; header?: string }> = [];
  for (const unit of passages) {
    const key = `${unit.section}:${unit.block}`;
    let block = blocks.at(-1);
    if (block === undefined || block.kind !== unit.kind || block.key !== key) {
      block = { kind: unit.kind, key, lines: [], ...(unit.kind === 'row' ? { header: unit.header } : {}) };
      blocks.push(block);
    }
    if (unit.kind !== 'code') block.lines.push(unit.markdown);
  }
  return blocks
    .map((block) => {
      if (block.kind === 'item') return block.lines.map((line) => `- ${line}`).join('\n');
      if (block.kind === 'row') return `${block.header}\n${block.lines.join('\n')}`;
      return block.lines.join(' ');
    })
    .join('\n\n');
}

function sourcesList(sections: AnswerSection[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const section of sections) {
    if (seen.has(section.url)) continue;
    seen.add(section.url);
    lines.push(`- [${escapeLinkText(sectionLabel(section))}](${section.url})`);
  }
  return `**Sources**\n\n${lines.join('\n')}`;
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

function contextTerms(context: readonly PageContextItem[]): string[] {
  const counts = new Map<string, number>();
  for (const item of context) {
    for (const term of textTerms(item.value.slice(0, 4_000))) {
      if (codeKeywords.has(term) || /^\d+$/.test(term)) continue;
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .sort((left, right) => right[1] - left[1] || right[0].length - left[0].length || (left[0] < right[0] ? -1 : 1))
    .slice(0, 12)
    .map(([term]) => term);
}

// Inverse section frequency: a word every retrieved section contains says little about which
// one answers; a word no section contains weighs most, so missing it counts against coverage.
function termWeights(terms: string[], sectionTerms: Set<string>[]): Map<string, number> {
  const count = sectionTerms.length;
  const weights = new Map<string, number>();
  for (const term of terms) {
    const frequency = sectionTerms.filter((set) => matches(term, set)).length;
    weights.set(term, Math.log(1 + (count + 1) / (frequency + 0.5)));
  }
  return weights;
}

function termSet(text: string): Set<string> {
  return new Set(textTerms(text));
}

// A question word matches a longer word it begins ("config" → "configuration") once it is long
// enough not to match by accident ("cook" must not match "cookies").
function matches(term: string, terms: Set<string>): boolean {
  if (terms.has(term)) return true;
  if (term.length < 5) return false;
  for (const candidate of terms) if (candidate.startsWith(term)) return true;
  return false;
}

function bestOf(units: ScoredUnit[]): ScoredUnit | undefined {
  return [...units].sort(byScore)[0];
}

function firstSentence(units: ScoredUnit[]): ScoredUnit | undefined {
  return units.find((unit) => unit.kind === 'sentence');
}

function byScore(left: ScoredUnit, right: ScoredUnit): number {
  return right.score - left.score || left.section - right.section || left.order - right.order;
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
