import MiniSearch from 'minisearch';
import type { Options } from 'minisearch';
import type { DocSection } from './sections';
import { processTerm, tokenizeText } from './search-terms';

/** A section as the search library stores it: one text field per place a word can appear. */
export interface IndexedSection {
  id: string;
  /** The page title, only on the page's first section (see `DocsIndex`). */
  title: string;
  heading: string;
  /** The headings above this one. */
  trail: string;
  /** Prose, without link targets and HTML tags. */
  text: string;
  /** The bodies of the section's code blocks. */
  code: string;
}

/**
 * Splits a section into the fields the index weighs differently: prose and code apart, link
 * targets and HTML tags left out (addresses and markup, not words a reader would search for).
 */
export function toIndexedSection(section: DocSection, withTitle: boolean): IndexedSection {
  const code: string[] = [];
  // Fences in a section are whole (the splitter keeps them so), which makes this scan safe.
  const prose = section.markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n([\s\S]*?)(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm, (_match, _fence, body: string) => {
    code.push(body);
    return '\n';
  });
  return {
    id: section.id,
    title: withTitle ? section.pageTitle : '',
    heading: section.anchor === undefined ? '' : section.heading,
    trail: section.headingTrail.join(' '),
    text: prose.replace(/\]\([^)]*\)/g, ']').replace(/<[^>]+>/g, ' '),
    code: code.join('\n'),
  };
}

/** The fields of an {@link IndexedSection} the index searches, in the order they are indexed. */
export const indexedFields = ['title', 'heading', 'trail', 'text', 'code'] as const;

/** MiniSearch options of the section index: how a section's text becomes terms (see `search-terms`). */
export const sectionIndexOptions: Options<IndexedSection> = {
  fields: [...indexedFields],
  tokenize: tokenizeText,
  processTerm,
  searchOptions: { processTerm },
};

/** Occurrence counts of one term: by field id, then by (short) section id. */
type Postings = Map<number, Map<number, number>>;
/** The part of MiniSearch's term tree the builder fills (what `MiniSearch.loadJS` fills). */
interface TermTree {
  set(term: string, postings: Postings): unknown;
}

/**
 * Builds the MiniSearch index of many sections at once, faster than adding them one by one:
 * `MiniSearch.add` looks every word occurrence up in its radix tree, while this processes each
 * distinct word of a field once, counts terms in hash maps and inserts each distinct term into
 * the tree once, as `MiniSearch.loadJS` does when it loads a saved index. The index is the same
 * as `addAll` would make: the same terms in the same order, counts, field lengths and averages.
 */
export class SectionIndexBuilder {
  readonly #postings = new Map<string, Postings>();
  readonly #documentIds: Record<number, string> = {};
  readonly #fieldLength: Record<number, number[]> = {};
  readonly #averageFieldLength: number[] = indexedFields.map(() => 0);
  #count = 0;

  /**
   * Adds a section (ids must be unique) and returns its distinct terms, for the document
   * frequencies the caller keeps.
   */
  add(section: IndexedSection): Set<string> {
    const shortId = this.#count;
    this.#count += 1;
    this.#documentIds[shortId] = section.id;
    const lengths: number[] = [];
    this.#fieldLength[shortId] = lengths;
    const sectionTerms = new Set<string>();
    indexedFields.forEach((field, fieldId) => {
      const wordCounts = new Map<string, number>();
      for (const word of tokenizeText(section[field])) wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
      // As MiniSearch counts a field's length: distinct words before processing.
      const length = wordCounts.size;
      lengths[fieldId] = length;
      this.#averageFieldLength[fieldId] = ((this.#averageFieldLength[fieldId] ?? 0) * shortId + length) / (shortId + 1);
      const termCounts = new Map<string, number>();
      for (const [word, count] of wordCounts) {
        for (const term of processTerm(word) ?? []) termCounts.set(term, (termCounts.get(term) ?? 0) + count);
      }
      // Terms reach the tree in the order of their first occurrence, as with `MiniSearch.add`.
      for (const [term, count] of termCounts) {
        sectionTerms.add(term);
        let postings = this.#postings.get(term);
        if (postings === undefined) {
          postings = new Map();
          this.#postings.set(term, postings);
        }
        let counts = postings.get(fieldId);
        if (counts === undefined) {
          counts = new Map();
          postings.set(fieldId, counts);
        }
        counts.set(shortId, count);
      }
    });
    return sectionTerms;
  }

  /** The index of every section added so far. */
  build(): MiniSearch<IndexedSection> {
    const saved = {
      documentCount: this.#count,
      nextId: this.#count,
      documentIds: this.#documentIds,
      fieldIds: Object.fromEntries(indexedFields.map((field, fieldId) => [field, fieldId])),
      fieldLength: this.#fieldLength,
      averageFieldLength: this.#averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      serializationVersion: 2,
    };
    const search = MiniSearch.loadJS<IndexedSection>({ ...saved, index: [] }, sectionIndexOptions);
    const tree = (search as unknown as { _index?: Partial<TermTree> })._index;
    if (typeof tree?.set === 'function') {
      for (const [term, postings] of this.#postings) tree.set(term, postings);
      return search;
    }
    // A MiniSearch whose insides differ: load the same index through its serialized form.
    const index = [...this.#postings].map(([term, postings]): [string, Record<number, Record<number, number>>] => [
      term,
      Object.fromEntries([...postings].map(([fieldId, counts]) => [fieldId, Object.fromEntries(counts)])),
    ]);
    return MiniSearch.loadJS<IndexedSection>({ ...saved, index }, sectionIndexOptions);
  }
}
