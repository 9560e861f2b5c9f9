import { processTerm, textTerms, tokenizeText } from '../retrieval/search-terms';
import type { AnswerSection, PageContextItem } from './answer-prompt';
import type { PassageUnit } from './passage-units';
import { passageUnits } from './passage-units';

/** A quotable unit with where it came from and how well it matches the question. */
export type ScoredUnit = PassageUnit & {
  /** Index of its section in the retrieval order (0 is the best). */
  section: number;
  /** Relevance to the question; only comparable within one answer. */
  score: number;
  /** How many of the question's subject terms it contains. */
  matched: number;
  /** How many it contains together with its section's headings ("Default: `mod+i`" under "shortcut"). */
  matchedWithHeading: number;
};

/** A scored code block. */
export type ScoredCode = Extract<ScoredUnit, { kind: 'code' }>;

// Keywords every language shares: they say nothing about what a pasted snippet is about.
const codeKeywords = new Set(
  textTerms(
    'const let var function return import export from default new await async class extends if else for while true false ' +
      'null undefined this that type interface public private static void string number boolean div span script src http https www com',
  ),
);

// Words that say the reader wants to see code rather than prose.
const codeWords = new Set(
  textTerms(
    'code example snippet sample install installation command script tag embed configure config setup import npm yarn pnpm ' +
      'curl request call function method syntax html css javascript typescript js ts jsx tsx json yaml bash shell terminal cli',
  ),
);

/** The distinct search terms of a text, as a set. */
export function termSet(text: string): Set<string> {
  return new Set(textTerms(text));
}

/**
 * Whether a question term occurs among a text's terms. A question word also matches a longer
 * word it begins ("config" → "configuration") once it is long enough not to match by accident
 * ("cook" must not match "cookies").
 */
export function matches(term: string, terms: Set<string>): boolean {
  if (terms.has(term)) return true;
  if (term.length < 5) return false;
  for (const candidate of terms) if (candidate.startsWith(term)) return true;
  return false;
}

/**
 * Weight of each question term: its inverse frequency over the retrieved sections. A word every
 * section contains says little about which one answers; a word no section contains weighs most,
 * so missing it counts heavily against coverage.
 */
export function termWeights(terms: readonly string[], sectionTerms: readonly Set<string>[]): Map<string, number> {
  const count = sectionTerms.length;
  const weights = new Map<string, number>();
  for (const term of terms) {
    const frequency = sectionTerms.filter((set) => matches(term, set)).length;
    weights.set(term, Math.log(1 + (count + 1) / (frequency + 0.5)));
  }
  return weights;
}

/** Share (0–1) of the question's weighted terms that a set of terms contains. */
export function coverage(terms: readonly string[], weights: Map<string, number>, set: Set<string>): number {
  let total = 0;
  let found = 0;
  for (const term of terms) {
    const weight = weights.get(term) ?? 0;
    total += weight;
    if (matches(term, set)) found += weight;
  }
  return total === 0 ? 0 : found / total;
}

/**
 * The subject of attached context: its most frequent distinctive words, without the keywords
 * every programming language shares.
 */
export function contextTerms(context: readonly PageContextItem[]): string[] {
  const counts = new Map<string, number>();
  for (const item of context) {
    for (const word of tokenizeText(item.value.slice(0, 4_000))) {
      for (const term of processTerm(word) ?? []) {
        if (codeKeywords.has(term) || /^\d+$/.test(term)) continue;
        counts.set(term, (counts.get(term) ?? 0) + 1);
      }
    }
  }
  return [...counts.entries()]
    .sort((left, right) => right[1] - left[1] || right[0].length - left[0].length || (left[0] < right[0] ? -1 : 1))
    .slice(0, 12)
    .map(([term]) => term);
}

/** Whether the question asks for code ("example", "install", "curl"…) or code was attached. */
export function wantsCode(question: string, context: readonly PageContextItem[]): boolean {
  if (context.some((item) => item.type === 'code')) return true;
  return tokenizeText(question).some((word) => (processTerm(word) ?? []).some((term) => codeWords.has(term)));
}

/**
 * Cuts every section into units and scores each against the question terms: the weights of
 * the terms it contains or its headings contain, the section's
 * rank, and small adjustments for fragments, very long units and a sentence that leans on the
 * one before; a unit that only matches through its headings counts for less.
 */
export function scoreUnits(sections: readonly AnswerSection[], terms: readonly string[], weights: Map<string, number>): ScoredUnit[] {
  const scored: ScoredUnit[] = [];
  sections.forEach((section, index) => {
    const headingTerms = termSet(`${section.pageTitle} ${section.headingTrail.join(' ')} ${section.heading}`);
    const rankFactor = 1 / (1 + 0.2 * index);
    const units = passageUnits(section.markdown, section.url.replace(/#.*$/, ''));
    units.forEach((unit, position) => {
      const unitTerms = termSet(unit.kind === 'code' ? `${unit.code} ${unit.lead}` : unit.text);
      // A table row is read under its column names as a sentence is under its heading.
      const aboveTerms = unit.kind === 'row' ? new Set([...headingTerms, ...termSet(unit.headers.join(' '))]) : headingTerms;
      let matched = 0;
      let matchedWithHeading = 0;
      let score = 0;
      for (const term of terms) {
        const weight = weights.get(term) ?? 0;
        if (matches(term, unitTerms)) {
          matched += 1;
          matchedWithHeading += 1;
          score += weight;
        } else if (matches(term, aboveTerms)) {
          // Under a heading "Install", every sentence is about installing. (Column names are
          // shared by every row of a table, so they do not make a row any more eligible.)
          if (aboveTerms === headingTerms || matches(term, headingTerms)) matchedWithHeading += 1;
          score += weight;
        }
      }
      const words = unit.text.split(/\s+/).length;
      let factor = rankFactor;
      // A fragment makes a poor sentence, but a short list item or table row is a fine fact.
      if (unit.kind === 'sentence' && words < 5) factor *= 0.6;
      if (words > 60) factor *= 0.8;
      if (position === 0) factor *= 1.1;
      if (unit.kind === 'sentence' && /^(?:it|this|these|they|that|those)\b/i.test(unit.text)) factor *= 0.85;
      // The first sentence under "Restore a backup" answers "how do I restore a backup?" even
      // without those words, but a unit that has them itself is the surer quote.
      if (matched === 0) factor *= 0.6;
      scored.push({ ...unit, section: index, matched, matchedWithHeading, score: score * factor });
    });
  });
  return scored;
}

/** Best first; ties go to the better section, then to the earlier unit. */
export function byScore(left: ScoredUnit, right: ScoredUnit): number {
  return right.score - left.score || left.section - right.section || left.order - right.order;
}
