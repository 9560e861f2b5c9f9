import type { DocsLocale, IngestedDocs, IngestedPage, IngestNotice } from '../ingest/ingested-docs';
import type { IngestDocsOptions } from '../ingest/ingest-docs';
import { ingestDocs } from '../ingest/ingest-docs';
import type { DocSection, SplitIntoSectionsOptions } from './sections';
import type { SearchFilter } from './section-filter';
import { comparablePath, sectionFilter } from './section-filter';
import { scopedLanguage, withLanguage } from './language-scope';
import { asksForPageSummary, asksOnlyAboutDefiniteThings, refersToCurrentPage } from './current-page';
import { expandQuery } from './term-expansion';
import { sharedWordNet } from './wordnet';
import type { FocusedQuery } from './query-focus';
import { weightedQueryParts } from './conversation-query';
import { indexedFields, SectionIndexBuilder, toIndexedSection } from './indexed-section';
import type { QueryTerm, SectionIndex, SectionSearchOptions } from './section-index';
import { pageOutline, repeatsPassage, sumOf, withPageFirst } from './result-scoring';
import { focusQuery } from './query-focus';
import { isQuestionWord, processTerm, subjectTerms, textTerms } from './search-terms';
import { rankByPage } from './page-ranking';
import { asksForNews, isNewsPage } from './page-kind';
import { proximityFactor } from './term-proximity';
import { containsAnyPhrase, quotedPhrases } from './quoted-phrases';
import { escapeRegExp } from '../text/escape-regexp';

export type { SearchFilter } from './section-filter';

/** What {@link DocsIndex.search} looks for. */
export interface SearchRequest {
  /** Free text: the reader's question plus any context; an empty or blank query finds nothing. */
  query: string;
  /**
   * The reader's earlier messages in the conversation, most recent first. Their words count too,
   * less the further back they are (0.7, 0.49, 0.34 of the latest message's), so a follow-up
   * ("and what about GitLab?") stays on the conversation's topic. Default: none.
   */
  history?: readonly string[];
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

/** How the reader's situation weighs sections, for any ranking (see {@link DocsIndex.placement}). */
export interface RequestPlacement {
  /** The factor on a section's score: its page being the reader's, or a news page. */
  factor(section: DocSection): number;
  /** The largest factor {@link factor} gives. */
  largest: number;
  /** The reader's page when the question points at it ("what does this do?"): results start with it. */
  pointedPage: IngestedPage | undefined;
  /**
   * Whether the question asks for that page in short ("sum up this page", "TL;DR?", see
   * `asksForPageSummary`): the results are then the page's outline (see `pageOutline`).
   */
  outlinesPointedPage: boolean;
}

/** A request's scope and placement (see {@link DocsIndex.situate}). */
export interface SearchSituation {
  /** The test a section must pass (the request's filter and the reader's language), `undefined` when every section may be found. */
  scope: ((section: DocSection) => boolean) | undefined;
  placement: RequestPlacement;
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
  /**
   * Whether a reader's word the docs never use ("colour", "customise") is also looked up as its
   * WordNet synonyms and derived forms that they do use ("color", "customize"), at a low weight.
   * Default `true`.
   */
  expandWords?: boolean;
  /**
   * Factor for the current page's sections when the question points at it ("what does this
   * do?", "sum up this page"). Default `10`. Such a question's page leads the results even when
   * none of its words match.
   */
  pointedPageBoost?: number;
  /**
   * Factor on the score of blog posts, changelogs, release notes and news pages (by their path:
   * `blog`, `posts`, `changelog`, `changelog_v1`, `releases`, `news`…, or a title such as
   * "Changelog" or "Release notes"; see `isNewsPage`) unless the question asks for news (names a
   * version, "what changed", "release"). Default `0.3`: such pages mention many features in
   * passing but rarely answer a how-to question as well as the feature's own page; a changelog
   * of hundreds of entries matches nearly any question. `1` turns this off.
   */
  newsPageWeight?: number;
  /**
   * How much a candidate section gains when the question's words appear close together in it
   * (see `proximityFactor`): up to `1 + proximityStrength` times its score. Default `1`; `0`
   * turns it off.
   */
  proximityStrength?: number;
}

// Where a word appears says how much it is about the section: a heading word names the topic.
// Tuned on the development question sets: a heading worth more than 1.5 words of prose, or code
// worth less than prose, ranked the right page lower on average (readers ask about what a code
// example shows as often as about what the prose says).
const fieldBoosts = { heading: 1.5, title: 1.5, trail: 1.2, text: 1, code: 1 };
/** Where a query made only of common words is looked up: there, such words still name a topic. */
const headingFields = ['heading', 'title', 'trail'] as const;
/** Weight of a WordNet synonym of a reader's word the docs never use, relative to that word. */
const expansionWeight = 0.3;
const fieldNumber = (field: (typeof indexedFields)[number]): number => indexedFields.indexOf(field);
const fieldBoostsByNumber = new Map(indexedFields.map((field) => [fieldNumber(field), fieldBoosts[field]]));
// Weights of a longer word matched by prefix and of a near spelling, at no extra letters or edits.
const derivedTermWeights = { prefixWeight: 0.4, fuzzyWeight: 0.3, maxFuzzy: 2 };
const allFields: SectionSearchOptions = { fields: indexedFields.map(fieldNumber), fieldBoosts: fieldBoostsByNumber, ...derivedTermWeights };
const headingFieldsOnly: SectionSearchOptions = { ...allFields, fields: headingFields.map(fieldNumber) };
/** Most words that count towards each of the title and heading bonuses. */
const maximumBonusWords = 2;
/** Factor for each query word in the title of a section's page. */
const titleBonus = 0.2;
/** Factor for each common query word (left out of the lookup) that a section's headings contain. */
const commonHeadingBonus = 0.25;
/**
 * Factor for a candidate section that holds a phrase the question quotes. Chosen on the 16
 * question sets: at 5, five questions ranked their page higher and one lower; at 2, four higher and
 * the same one lower.
 */
const quotedPhraseBoost = 5;
/** How many candidate sections per returned one the page ranking looks at. */
const candidatesPerResult = 4;
/** Most sections of one page among the candidates: the best and the two the page ranking adds. */
const sectionsPerPageInPool = 3;
// A question whose every word is in at least this share of the sections may name nothing that
// picks a page (see #namesNothing). At 0.1, over every development and held-out question asked
// from an unrelated page, one question was taken for one about that page; at 0.05, six.
const genericTermShare = 0.1;
// Code in a question names something, however common its words: `next(action)`, `vi.fn`, `--port`, `createSlice`.
const codeInQuestion = /[\p{L}\p{N}_$]\(|\p{L}\.\p{L}|\p{Ll}\p{Lu}|(?:^|\s)--?\p{L}|`/u;

/**
 * The search index over one documentation folder: every page split into sections, indexed for
 * BM25+ ranking (`SectionIndex`, scoring as MiniSearch does) over the page title, the section heading, the headings above it,
 * its prose and its code. Identifiers (`c.req.param`, `--flag`, `data-api-key`) are terms whole
 * and by their parts. Words the docs do not contain match by prefix and with a typo or two, and
 * by their WordNet synonyms the docs do use ("colour" → color). A section holding a phrase the
 * question quotes ('the "Made with …" notice', an error message) is lifted. Earlier messages of the
 * conversation count at lower weights; on a multi-language site the search stays in the reader's
 * language; a question pointing at the reader's page ("what does this do?") gets that page first.
 * To stay fast on thousands of pages, words found in a large share of the sections are looked up
 * only while they fit a small budget (see `focusQuery`); they still lift sections whose headings
 * contain them.
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
  /** What answers will lack from these docs and why (see `IngestedDocs.notices`). */
  readonly notices: readonly IngestNotice[];
  readonly #search: SectionIndex;
  readonly #sections = new Map<string, DocSection>();
  readonly #pagePaths = new Map<string, readonly string[]>();
  readonly #currentPageBoost: number;
  readonly #pointedPageBoost: number;
  readonly #expandWords: boolean;
  readonly #newsPageWeight: number;
  readonly #proximityStrength: number;
  /** Paths of the news pages (see {@link DocsIndexOptions.newsPageWeight}). */
  readonly #newsPages = new Set<string>();
  /** Paths of the pages the site leaves out of its own search (see `IngestedPage.excludedFromSearch`). */
  readonly #unsearchedPages = new Set<string>();
  /** Each page by the comparable forms of its path (see {@link comparablePath}). */
  readonly #pagesByPath = new Map<string, IngestedPage>();
  /** In how many sections each term occurs. */
  readonly #documentFrequency: Map<string, number>;
  /** Terms of each section's heading and the headings above it, by section id. */
  readonly #headingTerms = new Map<string, Set<string>>();
  /** Terms of each page's title, by page path. */
  readonly #titleTerms = new Map<string, Set<string>>();
  /** Each page title's subject terms (without "how do I use…" words), for titles that have some. */
  readonly #titleSubjects: (readonly string[])[] = [];
  /** The terms of each page's headings and text, by page path, computed when first asked for. */
  readonly #pageTerms = new Map<string, Set<string>>();
  /** Phrases looked up by {@link containsPhrase}, with the answer. */
  readonly #phrases = new Map<string, boolean>();
  /** Every term of each language's pages, by language (only for docs with several locales). */
  readonly #vocabularies = new Map<string, Set<string>>();
  /** Path part of the configured `siteUrl` (e.g. `/harbor`), `''` when none. */
  readonly #basePath: string;

  private constructor(docs: IngestedDocs, options: DocsIndexOptions) {
    const pages = docs.pages;
    this.pages = pages;
    this.locales = docs.locales;
    this.defaultLocale = docs.defaultLocale;
    this.notices = docs.notices ?? [];
    this.#currentPageBoost = options.currentPageBoost ?? 1.5;
    this.#pointedPageBoost = options.pointedPageBoost ?? 10;
    this.#expandWords = options.expandWords ?? true;
    this.#newsPageWeight = Math.min(1, Math.max(0, options.newsPageWeight ?? 0.3));
    this.#proximityStrength = Math.max(0, options.proximityStrength ?? 1);
    // The builder counts the sections of each term as it indexes them (the document frequencies
    // that focus queries) and gives each section's distinct terms (a language's vocabulary),
    // without tokenising everything twice.
    const builder = new SectionIndexBuilder();
    const siteUrl = options.siteUrl?.trim().replace(/\/+$/, '') ?? '';
    this.#basePath = siteUrl === '' ? '' : comparablePath(siteUrl).replace(/^\/$/, '');
    const multilingual = docs.locales.length > 1;
    for (const page of pages) {
      const comparable = new Set<string>();
      for (const served of [page.path, ...(page.alsoServedAt ?? [])]) {
        comparable.add(comparablePath(served));
        if (siteUrl !== '') comparable.add(comparablePath(siteUrl + served));
      }
      this.#pagePaths.set(page.path, [...comparable]);
      for (const form of comparable) this.#pagesByPath.set(form, page);
      const titleTerms = textTerms(page.title);
      this.#titleTerms.set(page.path, new Set(titleTerms));
      const titleSubject = titleTerms.filter((term) => !isQuestionWord(term));
      if (titleSubject.length > 0) this.#titleSubjects.push(titleSubject);
      if (isNewsPage(page.path, page.title)) this.#newsPages.add(page.path);
      if (page.excludedFromSearch === true) this.#unsearchedPages.add(page.path);
      page.sections.forEach((section, position) => {
        if (this.#sections.has(section.id)) return;
        this.#sections.set(section.id, section);
        this.#headingTerms.set(section.id, new Set(textTerms(`${section.headingTrail.join(' ')} ${section.heading}`)));
        // The page title is indexed once, with the page's first section; the other sections get
        // its weight after the lookup. Repeating it in every section would make each title word
        // a long posting list that every query containing it has to walk.
        const sectionTerms = builder.add(toIndexedSection(section, position === 0));
        if (multilingual && section.language !== undefined) {
          const language = section.language.toLowerCase();
          const vocabulary = this.#vocabularies.get(language) ?? new Set<string>();
          this.#vocabularies.set(language, vocabulary);
          for (const term of sectionTerms) vocabulary.add(term);
        }
      });
    }
    this.#documentFrequency = builder.documentFrequencies();
    this.#search = builder.build();
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

  /**
   * The section that follows `id` on its page (what a reader scrolls to next), or `undefined` for
   * a page's last section or an unknown id.
   */
  sectionAfter(id: string): DocSection | undefined {
    const section = this.#sections.get(id);
    const sections = section === undefined ? undefined : this.#pagesByPath.get(comparablePath(section.pagePath))?.sections;
    const position = sections?.findIndex((candidate) => candidate.id === id) ?? -1;
    return position === -1 ? undefined : sections?.[position + 1];
  }

  /** How many sections the index holds. */
  get sectionCount(): number {
    return this.#sections.size;
  }

  /**
   * In how many sections a search term occurs (`0` for a word the docs never use). With
   * {@link sectionCount} this makes the index a `DocsVocabulary` for the answer model.
   */
  sectionsWithTerm(term: string): number {
    return this.#documentFrequency.get(term) ?? 0;
  }

  /**
   * Whether some section writes these words one after the other, apart by spaces, hyphens,
   * slashes, underscores, inline markup or a possessive, in any case ("React Native" in
   * "**React** native" or "react-native", "Hono JSX" in "hono/jsx"; a final plural or possessive
   * counts), or as one word ("VS Code" as "VSCode"). Only the sections holding the rarest of the
   * words are read, and answers are remembered.
   */
  containsPhrase(words: readonly string[]): boolean {
    const key = words.join(' ').toLowerCase();
    const known = this.#phrases.get(key);
    if (known !== undefined) return known;
    const terms = words.map((word) => processTerm(word)?.[0]);
    // Written as one word ("VSCode" for "VS Code", "GitHub" for "Git Hub"), it is there too.
    const joined = processTerm(words.join(''))?.[0];
    let found = joined !== undefined && this.sectionsWithTerm(joined) > 0;
    if (!found && words.length > 0 && terms.every((term) => term !== undefined && this.sectionsWithTerm(term) > 0)) {
      const rarest = (terms as string[]).reduce((left, right) => (this.sectionsWithTerm(right) < this.sectionsWithTerm(left) ? right : left));
      const phrase = new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join("(?:['’]s)?[\\s\\-_*`/]+")}(?:['’]?s)?(?![\\p{L}\\p{N}])`, 'iu');
      found = this.#search.sectionsContaining(rarest).some((id) => {
        const section = this.#sections.get(id);
        return section !== undefined && phrase.test(`${section.pageTitle}\n${section.heading}\n${section.markdown}`);
      });
    }
    if (this.#phrases.size >= 10_000) this.#phrases.clear();
    this.#phrases.set(key, found);
    return found;
  }

  /**
   * The sections that best match the query, best first, at most `limit` of them.
   * Words the docs do not contain match by prefix and, when longer, with a typo or two.
   *
   * @param situation the request's {@link situate}, when the caller has it already
   */
  search(request: SearchRequest, situation?: SearchSituation): SearchHit[] {
    const limit = Math.floor(request.limit);
    if (request.query.trim() === '' || !(limit > 0)) return [];
    const frequency = this.#documentFrequency;
    const parts = weightedQueryParts(request.query, request.history);
    const focused = focusQuery(parts, (term) => frequency.get(term) ?? 0, this.#sections.size);
    if (this.#expandWords) {
      const added = expandQuery(parts, {
        wordNet: sharedWordNet(),
        frequencyOf: (term) => frequency.get(term) ?? 0,
        queryTerms: new Set([...focused.terms.keys(), ...focused.commonTerms.keys()]),
        weight: expansionWeight,
        maximumFrequency: Math.max(50, this.#sections.size * 0.05),
      });
      for (const [term, weight] of added) focused.terms.set(term, weight);
    }
    if (focused.terms.size === 0) return [];
    const { scope: passes, placement } = situation ?? this.situate(request);
    if (placement.outlinesPointedPage && placement.pointedPage !== undefined) return pageOutline(placement.pointedPage, limit, passes);
    const weights = focused.terms;
    const query: QueryTerm[] = [...weights].map(([term, weight]) => ({
      term,
      // Earlier turns and "how do I use…" words count less (see focusQuery).
      weight,
      // A word the docs contain is complete (stemming already joins its forms) and not a typo:
      // expanding it by prefix or near spellings only adds noise and cost. A word they do not
      // contain is a partial word ("authent") or a typo ("webhok"). Short stems stay exact, or
      // "pag" would find "packag".
      prefix: term.length >= 4 && !frequency.has(term),
      fuzzy: term.length >= 5 && !frequency.has(term) ? 0.2 : false,
    }));
    const results = this.#search.search(query, focused.headingsOnly ? headingFieldsOnly : allFields);

    // Boosts are applied here rather than per term inside the library: the same factor on every
    // term's score is the same factor on the total, at a fraction of the cost. Results come best
    // first, so once even the largest possible boost cannot lift one into the top `limit`, none
    // of the rest can either.
    const largestFactor =
      placement.largest *
      (1 + titleBonus) ** Math.min(sumOf(focused.terms), maximumBonusWords) *
      (1 + commonHeadingBonus) ** Math.min(sumOf(focused.commonTerms), maximumBonusWords);
    // Pages are ranked from more sections than are returned, so that a page's other matching
    // sections count and the returned sections can come from several pages (see rankByPage).
    const poolSize = limit * candidatesPerResult;
    const pool: SearchHit[] = [];
    // A page brings at most as many sections as its ranking counts (its best and its support):
    // a page split into many small sections (an API reference, one per function) filled the
    // pool on its own, and a search for five pages came back with two.
    for (const result of results) {
      const lowest = pool.length === poolSize ? (pool.at(-1)?.score ?? 0) : 0;
      if (result.score * largestFactor <= lowest) break;
      const section = this.#sections.get(result.id);
      if (section === undefined || (passes !== undefined && !passes(section))) continue;
      const score = result.weightedScore * placement.factor(section) * this.#titleBoost(section, focused);
      if (score <= lowest) continue;
      // The same passage on another page (a second version of the docs side by side, a partial
      // included in several pages) tells the reader nothing new: only the better placed one stays
      // (on the reader's page, it is that one).
      const twin = pool.find((pooled) => repeatsPassage(pooled, section));
      if (twin !== undefined) {
        if (twin.score >= score) continue;
        pool.splice(pool.indexOf(twin), 1);
      }
      const hit: SearchHit = { ...section, score };
      const fromPage = pool.filter((pooled) => pooled.pagePath === section.pagePath);
      if (fromPage.length >= sectionsPerPageInPool) {
        // Only in place of the page's weakest pooled section.
        const weakest = fromPage.at(-1) as SearchHit;
        if (weakest.score >= score) continue;
        pool.splice(pool.indexOf(weakest), 1);
      }
      pool.push(hit);
      pool.sort((left, right) => right.score - left.score);
      if (pool.length > poolSize) pool.pop();
    }
    // Both rescorings change scores in place; rankByPage orders the pool by them.
    this.#rescoreByPhrases(pool, quotedPhrases(request.query));
    this.#rescoreByProximity(pool, weights);
    const hits = rankByPage(pool, { limit });
    const pointed = placement.pointedPage;
    if (pointed !== undefined) return withPageFirst(hits, pointed, limit, passes);
    return hits;
  }

  /**
   * What the reader's situation does to a section's rank, whichever ranking found it (this
   * index's, or embeddings'): the reader's page gets `currentPageBoost` (`pointedPageBoost` when
   * the question points at it: "what does this do?"), news pages `newsPageWeight` unless the
   * question asks for news, and pages the site leaves out of its search nothing unless the reader is on them.
   */
  placement(request: Pick<SearchRequest, 'query' | 'currentPath' | 'history'>): RequestPlacement {
    const current = request.currentPath ? comparablePath(request.currentPath) : undefined;
    const currentPage = current === undefined ? undefined : this.#pagesByPath.get(current);
    const opensConversation = (request.history?.length ?? 0) === 0;
    const pointedPage =
      currentPage !== undefined && (refersToCurrentPage(request.query, { followsEarlierQuestions: !opensConversation }) || (opensConversation && this.#namesNothing(request.query, currentPage)))
        ? currentPage
        : undefined;
    const pageBoost = currentPage === undefined ? 1 : pointedPage !== undefined ? this.#pointedPageBoost : this.#currentPageBoost;
    const newsWeight = this.#newsPages.size === 0 || asksForNews(request.query) ? 1 : this.#newsPageWeight;
    return {
      pointedPage,
      outlinesPointedPage: pointedPage !== undefined && asksForPageSummary(request.query),
      largest: Math.max(1, pageBoost),
      factor: (section) => {
        const onCurrentPage = current !== undefined && this.#pagePaths.get(section.pagePath)?.includes(current) === true;
        // A page the site's own search leaves out is found only by a reader who is on it.
        if (!onCurrentPage && this.#unsearchedPages.has(section.pagePath)) return 0;
        let factor = onCurrentPage ? pageBoost : 1;
        if (newsWeight !== 1 && this.#newsPages.has(section.pagePath)) factor *= newsWeight;
        return factor;
      },
    };
  }

  /**
   * Whether a question names nothing that picks a page of these docs, so, asked on a page, it is
   * about that page ("What's the default value?" on an option's page): it has subject words, all
   * in phrases led by "the" (see `asksOnlyAboutDefiniteThings`), no code; each word is in at least
   * a tenth of the sections; no page has a title whose words it all contains ("the custom theme"
   * names a page); and the reader's page contains one of them at least.
   */
  #namesNothing(question: string, page: IngestedPage): boolean {
    if (codeInQuestion.test(question) || !asksOnlyAboutDefiniteThings(question)) return false;
    const terms = subjectTerms(question);
    const common = genericTermShare * this.#sections.size;
    if (terms.length === 0 || terms.some((term) => (this.#documentFrequency.get(term) ?? 0) < common)) return false;
    const asked = new Set(terms);
    if (this.#titleSubjects.some((title) => title.every((term) => asked.has(term)))) return false;
    const onPage = this.#termsOfPage(page);
    return terms.some((term) => onPage.has(term));
  }

  /** The terms of a page's headings and text (remembered: a reader asks from the same pages again). */
  #termsOfPage(page: IngestedPage): Set<string> {
    let terms = this.#pageTerms.get(page.path);
    if (terms === undefined) {
      terms = new Set(page.sections.flatMap((section) => textTerms(`${section.heading}\n${section.markdown}`)));
      this.#pageTerms.set(page.path, terms);
    }
    return terms;
  }

  /**
   * Lifts the candidate sections that contain a phrase the reader quotes (see `quotedPhrases`):
   * text copied from the screen or an error message, found word for word, is what the question
   * is about, however common its words are.
   */
  #rescoreByPhrases(pool: SearchHit[], phrases: readonly string[][]): void {
    if (phrases.length === 0) return;
    for (const hit of pool) if (containsAnyPhrase(`${hit.heading}\n${hit.markdown}`, phrases)) hit.score *= quotedPhraseBoost;
  }

  /**
   * Lifts the candidate sections in which the latest question's words appear close together (see
   * `proximityFactor`) and sorts them again. Only the question's full-weight words count: earlier
   * turns, "how do I use…" words and synonyms were not written together by the reader.
   */
  #rescoreByProximity(pool: SearchHit[], weights: ReadonlyMap<string, number>): void {
    if (this.#proximityStrength <= 0) return;
    const terms = new Map([...weights].filter(([, weight]) => weight >= 1));
    const sections = this.#sections.size;
    const informativeness = (term: string) => {
      const frequency = this.#documentFrequency.get(term) ?? 0;
      return Math.log(1 + (sections - frequency + 0.5) / (frequency + 0.5));
    };
    for (const hit of pool) hit.score *= proximityFactor(`${hit.heading}\n${hit.markdown}`, { terms, informativeness }, { strength: this.#proximityStrength });
    pool.sort((left, right) => right.score - left.score);
  }

  /**
   * The test sections must pass: the request's filter and, when it names no language on a site
   * with several locales, the reader's language (pages without a language always pass).
   */
  #filterFor(request: Pick<SearchRequest, 'query' | 'currentPath' | 'filter'>): ((section: DocSection) => boolean) | undefined {
    const passes = sectionFilter(request.filter);
    if (request.filter?.language?.trim() || this.#vocabularies.size < 2) return passes;
    const language = scopedLanguage({
      locales: this.locales,
      defaultLocale: this.defaultLocale,
      currentPath: request.currentPath,
      basePath: this.#basePath,
      questionTerms: textTerms(request.query),
      vocabularies: this.#vocabularies,
    });
    return withLanguage(passes, language);
  }

  /** The factor a section's score gets for query words in its page title and headings. */
  #titleBoost(section: DocSection, focused: FocusedQuery): number {
    let factor = 1;
    const titleTerms = this.#titleTerms.get(section.pagePath);
    const headingTerms = this.#headingTerms.get(section.id);
    let titleMatches = 0;
    for (const [term, weight] of focused.terms) if (titleTerms?.has(term)) titleMatches += weight;
    let commonMatches = 0;
    for (const [term, weight] of focused.commonTerms) if (headingTerms?.has(term) || titleTerms?.has(term)) commonMatches += weight;
    factor *= (1 + titleBonus) ** Math.min(titleMatches, maximumBonusWords);
    factor *= (1 + commonHeadingBonus) ** Math.min(commonMatches, maximumBonusWords);
    return factor;
  }

  /**
   * Where a request stands, worked out once for every ranking of it: the sections it may find
   * and how the reader's situation weighs them. Another ranking (embeddings) passes it to
   * {@link DocsIndex.search} and keeps to the same scope and weights.
   */
  situate(request: Pick<SearchRequest, 'query' | 'currentPath' | 'history' | 'filter'>): SearchSituation {
    return { scope: this.#filterFor(request), placement: this.placement(request) };
  }
}

/** Options of {@link loadDocsIndex}: how to read the docs (see `ingestDocs`) and how to index them. */
export type LoadDocsIndexOptions = Omit<IngestDocsOptions, 'docs'> & DocsIndexOptions;

/**
 * Reads a docs folder in its generator's dialect (`ingestDocs`) and indexes it.
 *
 * @throws DocsFolderError when the folder is missing or a page's front matter is invalid (the message names the file).
 * @example const index = await loadDocsIndex('demo/docs', { siteUrl: 'https://docs.example.com' });
 */
export async function loadDocsIndex(folder: string, options: LoadDocsIndexOptions = {}): Promise<DocsIndex> {
  return DocsIndex.fromDocs(await ingestDocs({ ...options, docs: folder }), options);
}
