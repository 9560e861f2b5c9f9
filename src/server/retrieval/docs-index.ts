import MiniSearch from 'minisearch';
import type { DocPage, LoadDocPagesOptions } from './docs-folder';
import { loadDocPages } from './docs-folder';
import type { DocSection, SplitIntoSectionsOptions } from './sections';
import { splitIntoSections } from './sections';
import { processTerm, tokenizeText } from './search-terms';

/**
 * Restricts a search to sections whose page front matter matches. A section passes when it
 * matches every field given: `version` and `language` exactly (ignoring case), `groups` when the
 * page shares at least one group with the filter. A page without the field does not match it.
 */
export interface SearchFilter {
  /** Only pages with this `version`, e.g. `'v2'`. */
  version?: string;
  /** Only pages with this `language`, e.g. `'en'`. */
  language?: string;
  /** Only pages in at least one of these groups. */
  groups?: string | string[];
}

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

/**
 * The search index over one documentation folder: every page split into sections, indexed with
 * MiniSearch (BM25+ ranking, prefix and fuzzy matching) over the page title, the section heading,
 * the headings above it, its prose and its code.
 *
 * @example
 * const index = await loadDocsIndex('demo/docs');
 * index.search({ query: 'dark mode', limit: 5, currentPath: '/docs/theming' });
 */
export class DocsIndex {
  /** The pages the index was built from, sorted by path. */
  readonly pages: readonly DocPage[];
  readonly #search: MiniSearch<IndexedSection>;
  readonly #sections = new Map<string, DocSection>();
  readonly #pagePaths = new Map<string, readonly string[]>();
  readonly #currentPageBoost: number;

  private constructor(pages: readonly DocPage[], options: DocsIndexOptions) {
    this.pages = pages;
    this.#currentPageBoost = options.currentPageBoost ?? 1.5;
    this.#search = new MiniSearch<IndexedSection>({
      fields: ['title', 'heading', 'trail', 'text', 'code'],
      tokenize: tokenizeText,
      processTerm,
    });
    const siteUrl = options.siteUrl?.trim().replace(/\/+$/, '') ?? '';
    const documents: IndexedSection[] = [];
    for (const page of pages) {
      const comparable = new Set([comparablePath(page.path)]);
      if (siteUrl !== '') comparable.add(comparablePath(siteUrl + page.path));
      this.#pagePaths.set(page.path, [...comparable]);
      for (const section of splitIntoSections(page, { siteUrl })) {
        this.#sections.set(section.id, section);
        documents.push(toIndexedSection(section));
      }
    }
    this.#search.addAll(documents);
  }

  /**
   * Builds an index from pages already loaded (see {@link loadDocPages}).
   * Section URLs get `options.siteUrl` in front when given.
   */
  static fromPages(pages: readonly DocPage[], options: DocsIndexOptions = {}): DocsIndex {
    return new DocsIndex(pages, options);
  }

  /** How many sections the index holds. */
  get sectionCount(): number {
    return this.#sections.size;
  }

  /**
   * The sections that best match the query, best first, at most `limit` of them.
   * Words match by prefix and, for longer words, with a typo or two.
   */
  search(request: SearchRequest): SearchHit[] {
    const limit = Math.floor(request.limit);
    if (request.query.trim() === '' || !(limit > 0)) return [];
    const passes = sectionFilter(request.filter);
    const current = request.currentPath ? comparablePath(request.currentPath) : undefined;
    const boost = this.#currentPageBoost;
    const results = this.#search.search(request.query, {
      boost: fieldBoosts,
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      maxFuzzy: 2,
      weights: { prefix: 0.4, fuzzy: 0.3 },
      filter: passes === undefined ? undefined : (result) => passes(this.#sections.get(result.id as string)),
      boostDocument:
        current === undefined
          ? undefined
          : (id: string) => {
              const pagePath = this.#sections.get(id)?.pagePath;
              const paths = pagePath === undefined ? undefined : this.#pagePaths.get(pagePath);
              return paths?.includes(current) ? boost : 1;
            },
    });
    const hits: SearchHit[] = [];
    for (const result of results) {
      if (hits.length >= limit) break;
      const section = this.#sections.get(result.id as string);
      if (section !== undefined) hits.push({ ...section, score: result.score });
    }
    return hits;
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
  return DocsIndex.fromPages(pages, options);
}

function toIndexedSection(section: DocSection): IndexedSection {
  const code: string[] = [];
  // Fences in a section are whole (the splitter keeps them so), which makes this scan safe.
  const prose = section.markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n([\s\S]*?)(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm, (_match, _fence, body: string) => {
    code.push(body);
    return '\n';
  });
  return {
    id: section.id,
    title: section.pageTitle,
    heading: section.anchor === undefined ? '' : section.heading,
    trail: section.headingTrail.join(' '),
    // Link targets are addresses, not words the reader would search for.
    text: prose.replace(/\]\([^)]*\)/g, ']').replace(/<[^>]+>/g, ' '),
    code: code.join('\n'),
  };
}

function sectionFilter(filter: SearchFilter | null | undefined): ((section: DocSection | undefined) => boolean) | undefined {
  if (!filter) return undefined;
  const version = filter.version?.trim().toLowerCase();
  const language = filter.language?.trim().toLowerCase();
  const groupList = filter.groups === undefined ? undefined : Array.isArray(filter.groups) ? filter.groups : [filter.groups];
  // An empty list restricts nothing, like an absent one.
  const groups = groupList === undefined || groupList.length === 0 ? undefined : new Set(groupList.map((group) => group.trim().toLowerCase()));
  if (!version && !language && groups === undefined) return undefined;
  return (section) => {
    if (section === undefined) return false;
    if (version && section.version?.toLowerCase() !== version) return false;
    if (language && section.language?.toLowerCase() !== language) return false;
    if (groups !== undefined && !section.groups.some((group) => groups.has(group.toLowerCase()))) return false;
    return true;
  };
}

/**
 * A page address reduced to what identifies the page: the path of a full URL, without query,
 * hash or trailing slash, percent-decoded.
 */
function comparablePath(value: string): string {
  let pathname = value.trim();
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(pathname)) {
    try {
      pathname = new URL(pathname).pathname;
    } catch {
      // Not a parsable URL: compare it as the reader sent it.
    }
  }
  pathname = pathname.replace(/[?#].*$/, '');
  try {
    pathname = decodeURI(pathname);
  } catch {
    // A stray % is not worth rejecting a search over.
  }
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
