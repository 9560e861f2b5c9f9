import { processTerm, textTerms, tokenizeText } from '../retrieval/search-terms';
import { longTextCache } from '../retrieval/long-text-cache';
import type { AnswerSection, PageContextItem } from './answer-prompt';
import type { PassageBlock } from './passage-units';
import type { TermStatistics } from './term-statistics';

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
 * The terms a reader sees in a section's Markdown: link addresses (`](https://github.com/…)`,
 * `<https://…>`, `[x]: /url` definitions) left out, as the search index leaves the targets of
 * inline links out (see `toIndexedSection`). A word
 * only in an address ("github" in a plugin's repository link) is not something the section says.
 * The set may be shared between calls: read it, do not change it.
 */
export function markdownTermSet(markdown: string): Set<string> {
  return rememberedMarkdownTerms(markdown);
}

// A long section is met by question after question: its terms are read once.
const rememberedMarkdownTerms = longTextCache(64, markdownTerms);

function markdownTerms(markdown: string): Set<string> {
  return termSet(
    markdown
      .replace(/\]\([^)\s]*(?:[ \t]+"[^"\n]*")?\)/g, ']')
      .replace(/<(?:https?:|mailto:)[^>\s]*>/gi, ' ')
      // A link reference definition's address; a footnote (`[^1]: text`) is text and stays.
      .replace(/^ {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*\S+[^\n]*$/gm, ' '),
  );
}

/** The terms of a section's headings and page title: what the whole section is about. */
export function headingTermSet(section: AnswerSection): Set<string> {
  return termSet(`${section.pageTitle} ${section.headingTrail.join(' ')} ${section.heading}`);
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
 * Whether a word the docs never use is a spelling of one they do: one letter added or dropped,
 * or "s" for "z", in a word of five letters or more ("colour" and "color", "cancelled" and
 * "canceled", "customise" and "customize").
 */
export function nearlyMatches(term: string, terms: Set<string>): boolean {
  if (term.length < 5) return false;
  for (const candidate of terms) if (candidate.length >= 4 && Math.abs(candidate.length - term.length) <= 1 && withinOneEdit(term, candidate)) return true;
  return false;
}

const variantLetters = new Set(['s', 'z']);

function spellingVariant(left: string | undefined, right: string | undefined): boolean {
  return left !== undefined && right !== undefined && variantLetters.has(left) && variantLetters.has(right);
}

function withinOneEdit(left: string, right: string): boolean {
  if (left === right) return true;
  const [short, long] = left.length <= right.length ? [left, right] : [right, left];
  let start = 0;
  while (start < short.length && short[start] === long[start]) start += 1;
  // Of the changed letters only British and American "s" and "z" ("customise", "customize"):
  // any other change makes another word ("protect" and "project", "spell" and "shell").
  if (short.length === long.length) return spellingVariant(short[start], long[start]) && short.slice(start + 1) === long.slice(start + 1);
  return short.slice(start) === long.slice(start + 1);
}

/**
 * Weight of each question term: its inverse frequency over the whole docs when their statistics
 * are known, else over the retrieved sections. A word every section contains says little about
 * which one answers.
 */
export function termWeights(terms: readonly string[], sectionTerms: readonly Set<string>[], statistics?: TermStatistics): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of terms) {
    const known = statistics?.sectionsWithTerm[term];
    if (statistics !== undefined && known !== undefined && known > 0) {
      weights.set(term, Math.log(1 + statistics.sectionCount / known));
      continue;
    }
    const count = sectionTerms.length;
    const frequency = sectionTerms.filter((set) => matches(term, set)).length;
    weights.set(term, Math.log(1 + (count + 1) / (frequency + 0.5)));
  }
  return weights;
}

/** Share (0–1) of the terms' total weight that a set of terms contains. */
export function coverage(terms: readonly string[], weights: Map<string, number>, set: Set<string>): number {
  let total = 0;
  let found = 0;
  for (const term of terms) {
    const weight = weights.get(term) ?? 0;
    total += weight;
    if (matches(term, set) || nearlyMatches(term, set)) found += weight;
  }
  return total === 0 ? 0 : found / total;
}

/** Sum of the weights of the terms a text contains. */
export function matchedWeight(terms: readonly string[], weights: Map<string, number>, set: Set<string>): number {
  let found = 0;
  for (const term of terms) if (matches(term, set) || nearlyMatches(term, set)) found += weights.get(term) ?? 0;
  return found;
}

/** Relevance of a block to the question: the weight of the terms it contains. Code counts a little less than prose. */
export function blockScore(block: PassageBlock, terms: readonly string[], weights: Map<string, number>): number {
  const score = matchedWeight(terms, weights, termSet(block.text));
  return block.kind === 'code' ? score * 0.8 : score;
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
