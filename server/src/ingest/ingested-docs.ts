import type { DocSection } from '../retrieval/sections';

/**
 * The documentation generators whose source dialect (URLs, anchors, containers, includes) the
 * ingestion understands. `gfm` is plain GitHub-flavoured Markdown; `html` is a folder of built
 * pages (any generator: Sphinx, Hugo, a custom one).
 */
export type DocsGenerator = 'vitepress' | 'docusaurus' | 'mkdocs' | 'starlight' | 'mintlify' | 'mdbook' | 'gitbook' | 'hugo' | 'jekyll' | 'sphinx' | 'gfm' | 'html';

/** One documentation page, read and split into sections the way its generator publishes it. */
export interface IngestedPage {
  /**
   * URL path of the page exactly as the generator serves it, with the configured `pathPrefix`
   * in front (e.g. `/docs/guide/deploy`, `/setup/changing-the-colors/`, `/de/guides/sidebar/`).
   */
  path: string;
  /** Absolute path of the file the page came from. */
  sourceFile: string;
  /**
   * Other URL paths the generator serves the same page at, with the prefix: mdBook writes its
   * first chapter again as `index.html`. A reader there is on this page. Absent when none.
   */
  alsoServedAt?: string[];
  /** The page title (front matter `title`, else the first `#` heading, else the file name). */
  title: string;
  /** Front matter `description`, when given. */
  description?: string;
  /** Front matter `version`. */
  version?: string;
  /**
   * Language of the page: front matter `language`/`lang`, else the locale folder it sits in
   * (`de/guide.md` → `de`), else the corpus's default locale. Lower case, e.g. `en`, `zh-cn`.
   */
  language?: string;
  /** Front matter `groups`; `[]` when absent. */
  groups: string[];
  /**
   * Set when the site leaves the page out of its own search (mdBook's `[output.html.search.chapter]`
   * `enable = false`, VitePress `search: false`, Starlight `pagefind: false`, Material for MkDocs
   * `search: { exclude: true }`): it is still a page (linked, cited, answered from when the reader
   * is on it), but it is not retrieved for questions asked elsewhere. Absent otherwise.
   */
  excludedFromSearch?: true;
  /**
   * The page's sections, in page order, with the generator's own anchors. Their `markdown` is
   * plain GitHub-flavoured Markdown: dialect markup (containers, admonitions, tabs, MDX
   * components, imports) turned into ordinary Markdown or dropped, includes resolved.
   */
  sections: DocSection[];
}

/** A locale of a multi-language docs folder. */
export interface DocsLocale {
  /** Lower-case code as used on the pages' `language`, e.g. `en`, `pt-br`. */
  code: string;
  /**
   * URL path under which that locale's pages are served, with the configured prefix, e.g.
   * `/de` (no trailing slash), or the prefix itself (`''` or `/docs`) for the root locale.
   */
  pathPrefix: string;
}

/** Everything read from one configured docs source. */
export interface IngestedDocs {
  /** The dialect the pages were read in (detected from the generator's config file, or configured). */
  generator: DocsGenerator;
  /** The pages, sorted by path. */
  pages: IngestedPage[];
  /** The locales found (one entry, the default, for a single-language site). */
  locales: DocsLocale[];
  /** Code of the default locale (the one served at the root); `undefined` when unknown. */
  defaultLocale?: string;
  /**
   * What a docs team should know about how the folder was read: content the sources do not hold
   * (pages a plugin fills in at build time), printed at start-up and by `docent eval`.
   * Default: none.
   */
  notices?: IngestNotice[];
}

/** Something about the docs that answers will lack, with the pages concerned and what to do. */
export interface IngestNotice {
  /** One sentence, e.g. "2 pages get part of their content from mkdocstrings when the site is built, …". */
  message: string;
  /** URL paths of the pages concerned, in path order. */
  pages: string[];
  /** What to do about it, e.g. "point `docs` at the built site". */
  remedy: string;
}
