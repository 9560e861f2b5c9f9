import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocSection } from '../retrieval/sections';
import { ingestBuiltSite } from './built-site';
import { detectGenerator } from './detect-generator';
import type { Dialect, DialectOptions, DialectSettings, PageFile } from './dialects/dialect';
import { createDialect } from './dialects/create-dialect';
import { pageFields, refuseScriptFrontMatter } from './front-matter';
import { IngestCache, type CachedPage } from './ingest-cache';
import type { DocsGenerator, IngestedDocs, IngestedPage } from './ingested-docs';
import { ingestNotices } from './ingest-notices';
import { listDocsFiles, refuseFolderWithoutPages, titleFromFileName } from './page-files';
import { ParsePool, parsePage, type ParseThreads, type ParseWorkerSetup } from './parse-pool';
import { linkPagesToEachOther, type LinkSpan } from './source-links';

export { DocsFolderError } from './page-files';

/** Options of {@link ingestDocs}. */
export interface IngestDocsOptions extends DialectSettings {
  /** The docs folder: Markdown/MDX sources, or a built site's HTML. */
  docs: string;
  /**
   * Whose dialect the sources are in. Default `'auto'`: detected from the generator's config
   * file (`.vitepress/config.*`, `docusaurus.config.*`, `mkdocs.yml`, `astro.config.*` near the
   * folder), else `'html'` for a folder of HTML pages only, else plain GFM.
   */
  generator?: DocsGenerator | 'auto';
  /**
   * URL path the site is served under, put in front of every page path. Default: the
   * generator's own (`'/docs'` for plain Markdown; VitePress `base`; Docusaurus `baseUrl` plus
   * the docs `routeBasePath`, i.e. `'/docs'`; the path of MkDocs' `site_url`; Astro's `base`;
   * `''` for a built site). `''` serves from the site root.
   * @example { docs: 'docs/en', pathPrefix: '' } // VitePress guide/deploy.md → /guide/deploy
   */
  pathPrefix?: string;
  /**
   * Origin (and base path) the docs are published at, put in front of every section URL.
   * Default: none, so URLs stay relative.
   * @example { siteUrl: 'https://docs.example.com' }
   */
  siteUrl?: string;
  /** With a built site (`html`): a sitemap naming the pages to read. */
  sitemap?: string;
  /**
   * Folder for the parse cache: pages whose text (and included files) did not change since the
   * last run are not parsed again. Default: none (everything is parsed).
   */
  cacheFolder?: string;
  /**
   * When pages are parsed on worker threads besides the main thread: by default once 100 pages or
   * more need parsing, on machines with more than 2 cores (one thread per other core, at most 4);
   * `{ minimumPages: Infinity }` parses on the main thread only.
   */
  parseThreads?: ParseThreads;
}

/**
 * Reads a docs folder into pages and sections the way its generator publishes them: the
 * generator's URLs and heading anchors, its containers, tabs, admonitions and MDX components
 * turned into plain GFM, its includes and code imports resolved, each page with its language.
 * This is what the server indexes and what `docent eval` measures.
 *
 * @throws DocsFolderError when the folder is missing or a page's front matter is invalid (the message names the file).
 * @example
 * const docs = await ingestDocs({ docs: 'website/docs' });           // detects Docusaurus
 * const index = DocsIndex.fromDocs(docs, { siteUrl: 'https://example.com' });
 */
export async function ingestDocs(options: IngestDocsOptions): Promise<IngestedDocs> {
  const root = path.resolve(options.docs);
  const files = await listDocsFiles(root);
  await refuseFolderWithoutPages(root, files);
  const requested = options.generator ?? 'auto';
  // A configured generator picks the dialect; its config file, when it is that generator's, is
  // still read for the settings it holds (clean URLs, locales, base path).
  const found = requested === 'html' ? { generator: requested } : await detectGenerator(root, files);
  const detected = requested === 'auto' || found.generator === requested ? found : { generator: requested };
  if (detected.generator === 'html') {
    const builtSite: Parameters<typeof ingestBuiltSite>[0] = { folder: root };
    if (options.sitemap !== undefined) builtSite.sitemap = options.sitemap;
    if (options.pathPrefix !== undefined) builtSite.pathPrefix = options.pathPrefix;
    if (options.siteUrl !== undefined) builtSite.siteUrl = options.siteUrl;
    if (options.cacheFolder !== undefined) builtSite.cacheFolder = options.cacheFolder;
    const builtDocs = await ingestBuiltSite(builtSite);
    // A built page's relative links (`../setup/`, `#anchor`) are read from its own URL.
    linkPagesToEachOther(builtDocs.pages, { generator: 'html', root });
    return builtDocs;
  }
  const settings: DialectSettings = {};
  if (options.cleanUrls !== undefined) settings.cleanUrls = options.cleanUrls;
  if (options.defaultLocale !== undefined) settings.defaultLocale = options.defaultLocale;
  const dialectOptions: DialectOptions = {
    root,
    files: files.markdown,
    ...(files.markdownVariants.length > 0 ? { markdownVariants: files.markdownVariants } : {}),
    ...(files.restructuredText.length > 0 ? { restructuredText: files.restructuredText } : {}),
    ...(detected.configFile === undefined ? {} : { configFile: detected.configFile }),
    ...(options.pathPrefix === undefined ? {} : { pathPrefix: options.pathPrefix }),
    settings,
  };
  const dialect = await createDialect(detected.generator, dialectOptions);
  const workerSetup: ParseWorkerSetup = { generator: detected.generator, options: dialectOptions };
  const cache = options.cacheFolder === undefined ? undefined : await IngestCache.open(options.cacheFolder, root, dialect.fingerprint);
  const siteUrl = (options.siteUrl ?? '').trim().replace(/\/+$/, '');

  const sources = [
    ...files.markdown,
    ...(dialect.readsMarkdownVariants === true ? files.markdownVariants : []),
    ...(dialect.readsRestructuredText === true ? files.restructuredText : []),
    ...(dialect.readsNotebooks === true ? files.notebooks : []),
  ];
  const pageFiles = sources.map((relativeFile) => ({ relativeFile, sourceFile: path.join(root, relativeFile) })).filter((file) => dialect.isPage(file));
  const recorded: ReadingRecord = { includedFiles: new Map(), spans: new Map(), buildTimePlugins: new Map(), syntaxErrors: new Map() };
  const pages = await readPages(pageFiles, { dialect, workerSetup, cache, siteUrl, recorded, threads: options.parseThreads });
  await cache?.save();
  // Links to other pages' source files become those pages' URLs, now that every URL is known.
  const site = { generator: dialect.generator, root, sitePrefix: dialect.locales[0]?.pathPrefix ?? '' };
  linkPagesToEachOther(pages, detected.configFile === undefined ? site : { ...site, siteFolder: path.dirname(detected.configFile) }, recorded);

  const byPath = new Map<string, IngestedPage>();
  // Two files can claim one URL (`guide.md` and `guide/index.md` under clean URLs); the first in
  // file order wins, as it would in most generators' route tables.
  for (const page of pages) if (!byPath.has(page.path)) byPath.set(page.path, page);
  const sorted = [...byPath.values()].sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  const notices = ingestNotices(sorted, recorded.buildTimePlugins, recorded.syntaxErrors, dialect.generator);
  return { generator: dialect.generator, pages: sorted, locales: dialect.locales, defaultLocale: dialect.defaultLocale, ...(notices.length > 0 ? { notices } : {}) };
}

/**
 * What the reading records beside the pages: for {@link linkPagesToEachOther}, included files by
 * page and link spans by section; for the notices, the build-time plugins each page calls and
 * the pages read as plain Markdown.
 */
interface ReadingRecord {
  includedFiles: Map<string, string[]>;
  spans: Map<DocSection, LinkSpan[]>;
  buildTimePlugins: Map<string, string[]>;
  /** By page path, the file and where its dialect could not parse it (see `parsePage`). */
  syntaxErrors: Map<string, string>;
}

interface ReadContext {
  dialect: Dialect;
  /** How a parse worker makes the same dialect. */
  workerSetup: ParseWorkerSetup;
  cache: IngestCache | undefined;
  siteUrl: string;
  recorded: ReadingRecord;
  threads: ParseThreads | undefined;
}

/**
 * Reads every page: its text, then its parse (from the cache, else parsed), then its URL, title
 * and sections. Parsing is most of the work: with many pages to parse, worker threads share it
 * (see {@link ParsePool}). Without a cache every page is parsed, so the threads start at once and
 * load the parser while the files are read; with one, only after the reads, when it is known how
 * many pages the cache does not hold.
 */
async function readPages(pageFiles: readonly PageFile[], context: ReadContext): Promise<IngestedPage[]> {
  const { dialect, cache, threads } = context;
  const startPool = (count: number) => ParsePool.startFor(count, dialect, context.workerSetup, threads);
  let pool = cache === undefined ? startPool(pageFiles.length) : undefined;
  const reads = pageFiles.map(async (file) => readSource(file, cache));
  try {
    if (cache !== undefined && ParsePool.workersFor(pageFiles.length, threads) > 0) {
      pool = startPool((await Promise.all(reads)).filter((read) => read.cached === undefined).length);
    }
    const parser = pool;
    const parse = parser === undefined ? (source: string, file: PageFile) => parsePage(source, file, dialect) : (source: string, file: PageFile) => parser.parse(source, file);
    // A page is parsed as soon as it is read, while the other files are still being read.
    const pages = await Promise.all(reads.map(async (read) => readPage(await read, parse, context)));
    return pages.filter((page): page is IngestedPage => page !== undefined);
  } finally {
    await pool?.close();
  }
}

/** A page file's text, and its parse when the cache holds it. */
interface PageSource {
  file: PageFile;
  source: string;
  cached: CachedPage | undefined;
}

async function readSource(file: PageFile, cache: IngestCache | undefined): Promise<PageSource> {
  const source = (await readFile(file.sourceFile, 'utf8')).replace(/^\uFEFF/, '');
  refuseScriptFrontMatter(source, file.sourceFile);
  return { file, source, cached: await cache?.get(file.relativeFile, source) };
}

async function readPage(
  { file, source, cached }: PageSource,
  parse: (source: string, file: PageFile) => Promise<CachedPage>,
  { dialect, cache, siteUrl, recorded }: ReadContext,
): Promise<IngestedPage | undefined> {
  const parsed = cached ?? (await parse(source, file));
  if (cached === undefined) await cache?.set(file.relativeFile, source, parsed);
  // A draft the generator leaves out of a production build is no page of the published site.
  if (dialect.unpublished?.(parsed.frontMatter) === true) return undefined;
  // Links resolve against the files a page really includes, not those it names that are missing.
  recorded.includedFiles.set(file.sourceFile, parsed.dependencies.length === 0 ? parsed.dependencies : parsed.dependencies.filter((dependency) => existsSync(dependency)));

  const fields = pageFields(parsed.frontMatter, file.sourceFile);
  const pagePath = dialect.pagePath(file, parsed.frontMatter);
  const plugins = dialect.buildTimePlugins?.(source) ?? [];
  if (plugins.length > 0) recorded.buildTimePlugins.set(pagePath, plugins);
  if (parsed.syntaxError !== undefined) recorded.syntaxErrors.set(pagePath, `${file.relativeFile}:${parsed.syntaxError}`);
  const title = fields.title ?? parsed.firstHeading ?? titleFromFileName(file.relativeFile);
  const language = fields.language ?? dialect.localeOf(pagePath, file);
  const sections = parsed.sections.map((draft): DocSection => {
    const id = draft.anchor === undefined ? pagePath : `${pagePath}#${draft.anchor}`;
    const section: DocSection = {
      id,
      pagePath,
      pageTitle: title,
      heading: draft.heading ?? title,
      headingTrail: draft.headingTrail,
      url: siteUrl + id,
      markdown: draft.markdown,
      groups: fields.groups,
      language,
    };
    if (draft.anchor !== undefined) section.anchor = draft.anchor;
    if (fields.version !== undefined) section.version = fields.version;
    recorded.spans.set(section, draft.links ?? []);
    return section;
  });
  const page: IngestedPage = { path: pagePath, sourceFile: file.sourceFile, title, language, groups: fields.groups, sections };
  if (fields.description !== undefined) page.description = fields.description;
  if (fields.version !== undefined) page.version = fields.version;
  if (dialect.excludesFromSearch?.(file, parsed.frontMatter) === true) page.excludedFromSearch = true;
  const alsoServedAt = (dialect.alsoServedAt?.(file) ?? []).filter((alias) => alias !== pagePath);
  if (alsoServedAt.length > 0) page.alsoServedAt = alsoServedAt;
  return page;
}
