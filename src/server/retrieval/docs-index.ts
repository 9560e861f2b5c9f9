import MiniSearch from 'minisearch';
import type { SearchOptions } from 'minisearch';
import type { DocsLocale, IngestedDocs, IngestedPage } from '../ingest/ingested-docs';
import type { LoadDocPagesOptions } from './docs-folder';
import { loadDocPages } from './docs-folder';
import type { DocSection, SplitIntoSectionsOptions } from './sections';
import { pagesWithSections } from './sections';
import type { SearchFilter } from './section-filter';
import { comparablePath, sectionFilter } from './section-filter';
import type { FocusedQuery } from './query-focus';
import { focusQuery } from './query-focus';
import { isQuestionWord, processTerm, textTerms, tokenizeText } from './search-terms';

export type { SearchFilter } from './section-filter';

/** What {@link DocsIndex.search} looks for. */
export interface SearchRequest {
  /** Free text: the reader's question plus any context; an empty or blank query finds nothing. */
  query: string;
  /** How many sections come back at most (the request's `retrievalPageSize`). */
  limit: number;
  /**
   * Path (or full URL) of the page the reader is on; its sections get a boost.
   * Trailing slashes, query strings, hashes and the `siteUrl` origin are ignored when comparing.
   */
  currentPath?: string | null;
  /** Front matter restrictions; see {@link SearchFilter}. `null` means none. */
  filter?: SearchFilter | null;
}

/** A retrieved section with its relevance score (higher is better; only comparable within one search). */
export type SearchHit = DocSection & { score: number };

/** Options of {@link DocsIndex.fromPages}. */
export interface DocsIndexOptions extends SplitIntoSectionsOptions {
  /**
   * Factor applied to the score of sections on the reader's current page. Default `1.5`:
   * enough to break near-ties in favour of the page being read, not enough to outrank a clearly
   * better section elsewhere.
   */
  currentPageBoost?: number;
}

interface IndexedSection {
  id: string;
  title: string;
  heading: string;
  trail: string;
  text: string;
  code: string;
}

// Where a word appears says how much it is about the section: a heading word names the topic.
const fieldBoosts = { heading: 2, title: 1.5, trail: 1.2, text: 1, code: 0.8 };
/** Where a query made only of common words is looked up: there, such words still name a topic. */
const headingFields = ['heading', 'title', 'trail'];
/** Weight of a word that only frames a question ("use", "explain", "work"…). */
const questionWordWeight = 0.3;
/** Most words that count towards each of the title and heading bonuses. */
const maximumBonusWords = 2;
/** Factor for each query word in the title of a section's page. */
const titleBonus = 0.2;
/** Factor for each common query word (left out of the lookup) that a section's headings contain. */
const commonHeadingBonus = 0.25;

/**
 * The search index over one documentation folder: every page split into sections, indexed with
 * MiniSearch (BM25+ ranking) over the page title, the section heading, the headings above it,
 * its prose and its code. Words the docs do not contain match by prefix and with a typo or two.
 * To stay fast on thousands of pages, words found in a large share of the sections are looked up
 * only when nothing rarer was asked (and then in headings only); they still lift sections whose
 * headings contain them.
 *
 * @example
 * const index = await loadDocsIndex('demo/docs');
 * index.search({ query: 'dark mode', limit: 5, currentPath: '/docs/theming' });
 */
export class DocsIndex {
  /** The pages the index was built from, sorted by path. */
  readonly pages: readonly IngestedPage[];
  /** The locales of the docs (one, the default, for a single-language site). */
  readonly locales: readonly DocsLocale[];
  /** Code of the default locale, when known. */
  readonly defaultLocale: string | undefined;
  readonly #search: MiniSearch<IndexedSection>;
  readonly #sections = new Map<string, DocSection>();
  readonly #pagePaths = new Map<string, readonly string[]>();
  readonly #currentPageBoost: number;
  /** In how many sections each term occurs. */
  readonly #documentFrequency = new Map<string, number>();
  /** Terms of each section's heading and the headings above it, by section id. */
  readonly #headingTerms = new Map<string, Set<string>>();
  /** Terms of each page's title, by page path. */
  readonly #titleTerms = new Map<string, Set<string>>();

  private constructor(docs: IngestedDocs, options: DocsIndexOptions) {
    const pages = docs.pages;
    this.pages = pages;
    this.locales = docs.locales;
    this.defaultLocale = docs.defaultLocale;
    this.#currentPageBoost = options.currentPageBoost ?? 1.5;
    // Counting each section's distinct terms as MiniSearch indexes them gives the document
    // frequencies that focus queries, without tokenising everything twice.
    let sectionTerms: Set<string> | undefined;
    this.#search = new MiniSearch<IndexedSection>({
      fields: ['title', 'heading', 'trail', 'text', 'code'],
      tokenize: tokenizeText,
      processTerm: (word) => {
        const terms = processTerm(word);
        if (terms !== null && sectionTerms !== undefined) for (const term of terms) sectionTerms.add(term);
        return terms;
      },
      searchOptions: { processTerm },
    });
    const siteUrl = options.siteUrl?.trim().replace(/\/+$/, '') ?? '';
    for (const page of pages) {
      const comparable = new Set([comparablePath(page.path)]);
      if (siteUrl !== '') comparable.add(comparablePath(siteUrl + page.path));
      this.#pagePaths.set(page.path, [...comparable]);
      this.#titleTerms.set(page.path, new Set(textTerms(page.title)));
      page.sections.forEach((section, position) => {
        if (this.#sections.has(section.id)) return;
        this.#sections.set(section.id, section);
        this.#headingTerms.set(section.id, new Set(textTerms(`${section.headingTrail.join(' ')} ${section.heading}`)));
        sectionTerms = new Set();
        // The page title is indexed once, with the page's first section; the other sections get
        // its weight after the lookup. Repeating it in every section would make each title word
        // a long posting list that every query containing it has to walk.
        this.#search.add(toIndexedSection(section, position === 0));
        for (const term of sectionTerms) this.#documentFrequency.set(term, (this.#documentFrequency.get(term) ?? 0) + 1);
      });
    }
    sectionTerms = undefined;
  }

  /** Builds an index from ingested docs (pages already split into sections). */
  static fromDocs(docs: IngestedDocs, options: DocsIndexOptions = {}): DocsIndex {
    return new DocsIndex(docs, options);
  }

  /**
   * Builds an index from pages already split into sections, as one single-language site.
   * `options.siteUrl` is only used to recognise the reader's page from a full URL; section URLs
   * keep what ingestion gave them.
   */
  static fromPages(pages: readonly IngestedPage[], options: DocsIndexOptions = {}): DocsIndex {
    return new DocsIndex({ generator: 'gfm', pages: [...pages], locales: [] }, options);
  }

  /** How many sections the index holds. */
  get sectionCount(): number {
    return this.#sections.size;
  }

  /**
   * The sections that best match the query, best first, at most `limit` of them.
   * Words the docs do not contain match by prefix and, when longer, with a typo or two.
   */
  search(request: SearchRequest): SearchHit[] {
    const limit = Math.floor(request.limit);
    if (request.query.trim() === '' || !(limit > 0)) return [];
    const frequency = this.#documentFrequency;
    const focused = focusQuery(request.query, (term) => frequency.get(term) ?? 0, this.#sections.size);
    if (focused.query === '') return [];
    const passes = sectionFilter(request.filter);
    const searchOptions: SearchOptions = {
      boost: fieldBoosts,
      // A word the docs contain is complete (stemming already joins its forms) and not a typo:
      // expanding it by prefix or near spellings only adds noise and cost. A word they do not
      // contain is a partial word ("authent") or a typo ("webhok"). Short stems stay exact, or
      // "pag" would find "packag".
      prefix: (term) => term.length >= 4 && !frequency.has(term),
      fuzzy: (term) => (term.length >= 5 && !frequency.has(term) ? 0.2 : false),
      maxFuzzy: 2,
      weights: { prefix: 0.4, fuzzy: 0.3 },
      // "How do I use…", "what does … mean": such words frame the question, they do not name its topic.
      boostTerm: (term) => (isQuestionWord(term) ? questionWordWeight : 1),
      filter: passes === undefined ? undefined : (result) => passes(this.#sections.get(result.id as string) as DocSection),
    };
    const results = this.#search.search(focused.query, focused.headingsOnly ? { ...searchOptions, fields: headingFields } : searchOptions);

    // Boosts are applied here rather than per term inside the library: the same factor on every
    // term's score is the same factor on the total, at a fraction of the cost. Results come best
    // first, so once even the largest possible boost cannot lift one into the top `limit`, none
    // of the rest can either.
    const current = request.currentPath ? comparablePath(request.currentPath) : undefined;
    const largestFactor =
      (current === undefined ? 1 : this.#currentPageBoost) *
      (1 + titleBonus) ** Math.min(focused.terms.length, maximumBonusWords) *
      (1 + commonHeadingBonus) ** Math.min(focused.commonTerms.length, maximumBonusWords);
    const hits: SearchHit[] = [];
    for (const result of results) {
      const lowest = hits.length === limit ? (hits.at(-1)?.score ?? 0) : 0;
      if (result.score * largestFactor <= lowest) break;
      const section = this.#sections.get(result.id as string);
      if (section === undefined) continue;
      const score = result.score * this.#boostFor(section, current, focused);
      if (score <= lowest) continue;
      hits.push({ ...section, score });
      hits.sort((left, right) => right.score - left.score);
      if (hits.length > limit) hits.pop();
    }
    return hits;
  }

  /** The factor a section's score gets for the reader's page and for query words in its titles. */
  #boostFor(section: DocSection, current: string | undefined, focused: FocusedQuery): number {
    let factor = current !== undefined && this.#pagePaths.get(section.pagePath)?.includes(current) ? this.#currentPageBoost : 1;
    const titleTerms = this.#titleTerms.get(section.pagePath);
    const headingTerms = this.#headingTerms.get(section.id);
    let titleMatches = 0;
    for (const term of focused.terms) if (titleTerms?.has(term)) titleMatches += 1;
    let commonMatches = 0;
    for (const term of focused.commonTerms) if (headingTerms?.has(term) || titleTerms?.has(term)) commonMatches += 1;
    factor *= (1 + titleBonus) ** Math.min(titleMatches, maximumBonusWords);
    factor *= (1 + commonHeadingBonus) ** Math.min(commonMatches, maximumBonusWords);
    return factor;
  }
}

/** Options of {@link loadDocsIndex}. */
export type LoadDocsIndexOptions = LoadDocPagesOptions & DocsIndexOptions;

/**
 * Reads a docs folder and indexes it.
 *
 * @throws DocsFolderError when a page's front matter is invalid (the message names the file).
 * @example const index = await loadDocsIndex('demo/docs', { siteUrl: 'https://docs.example.com' });
 */
export async function loadDocsIndex(folder: string, options: LoadDocsIndexOptions = {}): Promise<DocsIndex> {
  const pages = await loadDocPages(folder, options);
  return DocsIndex.fromPages(pagesWithSections(pages, options), options);
}

function toIndexedSection(section: DocSection, withTitle: boolean): IndexedSection {
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
    // Link targets are addresses, not words the reader would search for.
    text: prose.replace(/\]\([^)]*\)/g, ']').replace(/<[^>]+>/g, ' '),
    code: code.join('\n'),
  };
}
