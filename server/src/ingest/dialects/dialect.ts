import path from 'node:path';
import type { Heading, Root } from 'mdast';
import type { HeadingForAnchor } from '../anchors';
import type { DocsGenerator, DocsLocale } from '../ingested-docs';

/** A Markdown file of the docs folder. */
export interface PageFile {
  /** Path relative to the docs folder, with `/` separators, e.g. `guide/deploy.md`. */
  relativeFile: string;
  /** Absolute path. */
  sourceFile: string;
}

/** A page parsed and turned into plain GFM by its dialect. */
export interface ParsedPage {
  /** The tree: dialect nodes already replaced by ordinary Markdown nodes. */
  tree: Root;
  /** The text the tree's positions point into (the file after text-level includes). */
  text: string;
  /** Absolute paths of the other files the page's content came from (includes, snippets, partials). */
  dependencies: string[];
  /** A title the dialect took out of the content (Docusaurus' leading `#` heading), if any. */
  title?: string;
  /**
   * The page's own anchor rules, when they differ from its dialect's (a notebook's headings are
   * made by its plugin's renderer, not the site's Markdown). Default: the dialect's.
   */
  assignAnchors?: (headings: readonly HeadingForAnchor[]) => string[];
}

/**
 * One generator's reading of a docs folder: which files are pages, how they parse, and the
 * URLs and anchors the generator gives them. Made by the dialect's `create…Dialect` function
 * from the folder's files and the generator's config.
 */
export interface Dialect {
  /** The generator this dialect follows. */
  readonly generator: DocsGenerator;
  /**
   * Everything besides a page's own text that changes how it parses (settings, version), so a
   * cached parse is only reused under the same reading.
   */
  readonly fingerprint: string;
  /** The locales of the site; the first is the default. */
  readonly locales: DocsLocale[];
  /** Code of the default locale. */
  readonly defaultLocale: string;
  /** Whether a Markdown file is a page of its own (partials and include-only files are not). */
  isPage(file: PageFile): boolean;
  /**
   * Whether the site publishes Jupyter notebooks (`.ipynb`) as pages; {@link isPage} then says
   * which. Default: no, and the docs folder's notebooks are not read.
   */
  readonly readsNotebooks?: boolean;
  /**
   * Whether the site reads Markdown under other extensions too (`.markdown`, `.mkd`, `.mkdn`,
   * `.mdown`, as Jekyll does); {@link isPage} then says which. Default: no.
   */
  readonly readsMarkdownVariants?: boolean;
  /** Whether the site's pages include reStructuredText (`.rst`, as Sphinx reads); {@link isPage} then says which. Default: no. */
  readonly readsRestructuredText?: boolean;
  /** Reads a page's source into plain-GFM mdast. */
  parse(source: string, file: PageFile): Promise<ParsedPage>;
  /** The plain text a heading's anchor is made from (and the section heading shown). */
  headingText(heading: Heading): string;
  /** The text a heading's anchor is made from, where the generator renders it otherwise than {@link headingText}. Default: `headingText`. */
  anchorText?(heading: Heading): string;
  /** The anchors of a page's headings, in document order. */
  assignAnchors(headings: readonly HeadingForAnchor[]): string[];
  /**
   * The URL path the generator serves the page at, with the site's prefix, e.g. `/guide/deploy`,
   * `/docs/intro`, `/setup/colors/`.
   */
  pagePath(file: PageFile, frontMatter: Record<string, unknown>): string;
  /** The locale the page belongs to (from its URL or folder), when not given by its front matter. */
  localeOf(pagePath: string, file: PageFile): string;
  /**
   * Whether the generator leaves a page out of a production build by its front matter (Docusaurus
   * and Starlight `draft: true`): then it is no page. Default: never.
   */
  unpublished?(frontMatter: Record<string, unknown>): boolean;
  /** Other URL paths the generator serves the page at (see `IngestedPage.alsoServedAt`). Default: none. */
  alsoServedAt?(file: PageFile): string[];
  /**
   * Whether the site leaves the page out of its own search (see `IngestedPage.excludedFromSearch`),
   * by its config or front matter. Default: never.
   */
  excludesFromSearch?(file: PageFile, frontMatter: Record<string, unknown>): boolean;
  /**
   * The plugins that fill part of a page in at build time from outside the docs folder (an API
   * reference from docstrings), named for a notice: their content is not in the sources the
   * index is built from. Default: none.
   */
  buildTimePlugins?(source: string): string[];
}

/** What every dialect factory gets. */
export interface DialectOptions {
  /** Absolute docs folder. */
  root: string;
  /** Markdown files of the folder, relative, sorted (notebooks are not among them). */
  files: readonly string[];
  /** Files under Markdown's other extensions (`.markdown`…), relative, sorted, for dialects that read them. Default: none. */
  markdownVariants?: readonly string[];
  /** reStructuredText files (`.rst`), relative, sorted, for dialects that read them. Default: none. */
  restructuredText?: readonly string[];
  /** The generator's config file, when one was found. */
  configFile?: string;
  /**
   * URL path the site is served under, replacing the generator's own base when given
   * (`''` serves from the root).
   */
  pathPrefix?: string;
  /** Overrides of settings read from the generator's config. */
  settings: DialectSettings;
}

/** Dialect settings that `docent.config.json` may set when the generator's config cannot be read statically. */
export interface DialectSettings {
  /** VitePress `cleanUrls`; MkDocs `use_directory_urls`; Starlight/Docusaurus trailing slash aside. */
  cleanUrls?: boolean;
  /** Code of the locale served at the site root. */
  defaultLocale?: string;
}

/** Joins a prefix (`''`, `/docs`) and a path inside the site (`guide/deploy`, ``). */
export function joinUrlPath(prefix: string, inner: string): string {
  return `${prefix}/${inner.replace(/^\/+/, '')}`;
}

/** `/docs/` → `/docs`, `docs` → `/docs`, `/` → `''`. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * A page file's path inside `folder` (a generator's source folder, which may lie below or above
 * the docs folder), with `/` separators; `undefined` when the file lies outside it.
 *
 * @example pathInside('/site/src', { relativeFile: 'src/guide.md', sourceFile: '/site/src/guide.md' }) === 'guide.md'
 */
export function pathInside(folder: string, file: PageFile): string | undefined {
  const inside = path.relative(folder, file.sourceFile).split(path.sep).join('/');
  return inside.startsWith('../') || inside === '..' || path.isAbsolute(inside) ? undefined : inside;
}

