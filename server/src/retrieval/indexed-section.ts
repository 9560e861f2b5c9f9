import { SectionIndex } from './section-index';
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

/** A distinct raw word of the sections, with its terms. */
interface Word {
  terms: IndexTerm[];
  /** The field (see `#field`) it was last counted in, and its count there. */
  field: number;
  count: number;
}

/** A distinct term of the sections. */
interface IndexTerm {
  term: string;
  /** Flat postings, three numbers each: field id, short section id, count. */
  postings: number[];
  /** In how many sections it occurs. */
  sections: number;
  /** The field it was last counted in, and its count there. */
  field: number;
  count: number;
  /** The last section it was counted in. */
  section: number;
}

/**
 * Builds the {@link SectionIndex} of many sections: processes each distinct word once (its terms
 * remembered), counts a field's words and terms on the word and term records themselves (no map
 * per field) and keeps each term's postings as a flat list. The index holds what MiniSearch's
 * `addAll` would make of the same sections (see `indexed-section.test.ts`): the same terms in the
 * same order, counts, field lengths (distinct words of a field) and averages.
 */
export class SectionIndexBuilder {
  readonly #words = new Map<string, Word>();
  /** The distinct terms, in the order they first occur (the tree's order under `addAll`). */
  readonly #terms = new Map<string, IndexTerm>();
  readonly #documentIds: string[] = [];
  readonly #fieldLength: number[][] = [];
  readonly #averageFieldLength: number[] = indexedFields.map(() => 0);
  #count = 0;
  /** Number of the field being counted: a new one for each field of each section. */
  #field = 0;

  /**
   * Adds a section (ids must be unique) and returns its distinct terms, in the order they occur.
   */
  add(section: IndexedSection): string[] {
    const shortId = this.#count;
    this.#count += 1;
    this.#documentIds[shortId] = section.id;
    const lengths: number[] = [];
    this.#fieldLength[shortId] = lengths;
    const sectionTerms: string[] = [];
    for (let fieldId = 0; fieldId < indexedFields.length; fieldId++) {
      const field = (this.#field += 1);
      // The field's distinct words in order of first occurrence, each counted.
      const words: Word[] = [];
      for (const text of tokenizeText(section[indexedFields[fieldId] as IndexedField])) {
        const word = this.#words.get(text) ?? this.#addWord(text);
        if (word.field === field) word.count += 1;
        else {
          word.field = field;
          word.count = 1;
          words.push(word);
        }
      }
      // As MiniSearch counts a field's length: distinct words before processing.
      const length = words.length;
      lengths[fieldId] = length;
      this.#averageFieldLength[fieldId] = ((this.#averageFieldLength[fieldId] ?? 0) * shortId + length) / (shortId + 1);
      // Its terms, in the order MiniSearch meets them (word by word), each with its count.
      const terms: IndexTerm[] = [];
      for (const word of words) {
        for (const term of word.terms) {
          if (term.field === field) term.count += word.count;
          else {
            term.field = field;
            term.count = word.count;
            terms.push(term);
          }
        }
      }
      for (const term of terms) {
        term.postings.push(fieldId, shortId, term.count);
        if (term.section !== shortId) {
          term.section = shortId;
          term.sections += 1;
          sectionTerms.push(term.term);
        }
      }
    }
    return sectionTerms;
  }

  /** In how many of the sections added so far each term occurs. */
  documentFrequencies(): Map<string, number> {
    const frequencies = new Map<string, number>();
    for (const [term, { sections }] of this.#terms) frequencies.set(term, sections);
    return frequencies;
  }

  /** The index of every section added so far. */
  build(): SectionIndex {
    return new SectionIndex(
      this.#documentIds,
      this.#fieldLength,
      this.#averageFieldLength,
      [...this.#terms].map(([term, { postings }]) => [term, postings]),
    );
  }

  #addWord(text: string): Word {
    const terms = (processTerm(text) ?? []).map((term) => this.#terms.get(term) ?? this.#addTerm(term));
    const word: Word = { terms, field: 0, count: 0 };
    this.#words.set(text, word);
    return word;
  }

  #addTerm(term: string): IndexTerm {
    const record: IndexTerm = { term, postings: [], sections: 0, field: 0, count: 0, section: -1 };
    this.#terms.set(term, record);
    return record;
  }
}

type IndexedField = (typeof indexedFields)[number];
