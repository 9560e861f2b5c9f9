import { readFile } from 'node:fs/promises';
import { includeBoundary } from '../included-files';
import path from 'node:path';
import type { Root } from 'mdast';
import { githubAnchors } from '../anchors';
import { objectSetting, readConfigLiterals, stringEntries, stringListSetting, stringSetting } from '../config-literals';
import { dropNonContentHtml, restoreInlineDirectives } from '../common-transforms';
import { flattenContainers, normalizeContainerFences } from '../directive-containers';
import { rewriteLinesOutsideFences } from '../line-scanner';
import { localeOfPath, normalizeLocale, siteLocales } from '../locales';
import { parseMarkdown, plainText, usesRemarkMath } from '../markdown-parser';
import { rewriteTree, takeCustomId } from '../mdast-edits';
import { docusaurusCodeBlock } from '../mdx-components';
import { flattenMdxWithImports, pageChain, type PartialChain } from '../mdx-imports';
import { matchesAnyGlob } from '../path-glob';
import { cleanCodeBlock, defaultMagicComments, isTwoslashBlock, isTwoslashInclude, type MagicComment, removeMagicComments } from './code-cleanup';
import type { Dialect, DialectOptions } from './dialect';
import { joinUrlPath, normalizePrefix } from './dialect';
import { docusaurusPrefix, docusaurusSlug, isExcludedDoc } from './docusaurus-paths';

/** Docusaurus settings read statically from `docusaurus.config.*`. */
interface DocusaurusConfig {
  baseUrl: string;
  routeBasePath: string;
  trailingSlash?: boolean;
  defaultLocale: string;
  /** `markdown.format`: `mdx` (Docusaurus 3's default: `.md` is MDX too), `md` or `detect` (`.md` as Markdown). */
  format: string;
  /**
   * Path of the indexed folder's version under the route base path: `''` for the last version
   * (`lastVersion`, default the newest of `versions.json`, else the docs folder itself); for the
   * docs folder of a site with releases `next`; for `versioned_docs/version-<name>` the name;
   * or that version's `versions.<name>.path`.
   */
  versionPath: string;
  /** The docs plugin's `include` globs (default: every `.md`/`.mdx`). */
  include: string[];
  /** The docs plugin's `exclude` globs, beside the default partials and tests. */
  exclude: string[];
  /** `themeConfig.prism.magicComments`: the comments removed from code (default `highlight-next-line` and the like). */
  magicComments: readonly MagicComment[];
  /** `themeConfig.prism.defaultLanguage`: the language of code blocks that name none. */
  defaultLanguage?: string;
  /** Whether the config imports remark-math: then `$…$` is math (see `usesRemarkMath`). */
  math: boolean;
}

/** Options of Docusaurus' docs plugin, any of which tells its `docs: {…}` in a preset from `themeConfig.docs`. */
const docsPluginKeys = [
  'path',
  'routeBasePath',
  'sidebarPath',
  'editUrl',
  'include',
  'exclude',
  'lastVersion',
  'versions',
  'onlyIncludeVersions',
  'disableVersioning',
  'includeCurrentVersion',
  'showLastUpdateTime',
  'showLastUpdateAuthor',
  'remarkPlugins',
  'rehypePlugins',
  'admonitions',
  'breadcrumbs',
  'sidebarCollapsible',
  'sidebarCollapsed',
  'tagsBasePath',
  'numberPrefixParser',
];

// Keys of the site config itself: a setting counts only in the object that holds them.
const siteSettings = { beside: ['baseUrl', 'url', 'title', 'tagline', 'presets', 'themeConfig', 'organizationName', 'projectName', 'onBrokenLinks', 'favicon'] };

async function readDocusaurusConfig(configFile: string | undefined, docsFolder: string): Promise<DocusaurusConfig> {
  const source = configFile === undefined ? undefined : await readFile(configFile, 'utf8');
  const config = source === undefined ? undefined : readConfigLiterals(source);
  // The docs plugin's options, not `themeConfig.docs` (the sidebar's look), which sits shallower.
  const docs = objectSetting(config?.setting('docs', { having: docsPluginKeys }));
  // The site's own settings, not a plugin's or the theme's namesakes (a plugin's `trailingSlash`).
  const trailingSlash = config?.setting('trailingSlash', siteSettings);
  const result: DocusaurusConfig = {
    baseUrl: stringSetting(config?.setting('baseUrl')) ?? '/',
    routeBasePath: stringSetting(docs?.routeBasePath) ?? 'docs',
    defaultLocale: stringSetting(objectSetting(config?.setting('i18n', siteSettings))?.defaultLocale) ?? 'en',
    format: stringSetting(objectSetting(config?.setting('markdown', siteSettings))?.format) ?? 'mdx',
    versionPath: '',
    // An include list read only in part would drop pages the site publishes: then the default.
    include: stringListSetting(docs?.include) ?? [],
    // Excluding fewer files than the site does is the safe side of an exclude list read in part.
    exclude: stringEntries(docs?.exclude),
    magicComments: magicCommentsSetting(config?.setting('magicComments')),
    math: source !== undefined && usesRemarkMath(source),
  };
  const defaultLanguage = stringSetting(objectSetting(config?.setting('prism'))?.defaultLanguage);
  if (defaultLanguage !== undefined) result.defaultLanguage = defaultLanguage;
  if (configFile !== undefined && docs?.disableVersioning !== true) {
    const siteFolder = path.dirname(configFile);
    const released = await releasedVersions(siteFolder);
    const lastVersion = stringSetting(docs?.lastVersion) ?? released[0] ?? 'current';
    const versioned = /^versioned_docs[\\/]version-([^\\/]+)$/.exec(path.relative(siteFolder, docsFolder))?.[1];
    const version = versioned ?? 'current';
    const configured = stringSetting(objectSetting(objectSetting(docs?.versions)?.[version])?.path);
    // A version's own `path` wins; else the last version is served at the route base path, the
    // docs folder under `next`, a released one under its name.
    result.versionPath = configured ?? (version === lastVersion ? '' : version === 'current' ? 'next' : version);
  }
  if (typeof trailingSlash === 'boolean') result.trailingSlash = trailingSlash;
  return result;
}

/**
 * The site's magic comments: Docusaurus' default when the setting is absent or computed; the
 * entries written as literals when it is a list (a site's list replaces the default).
 */
function magicCommentsSetting(value: unknown): readonly MagicComment[] {
  if (!Array.isArray(value)) return defaultMagicComments;
  return value.flatMap((entry): MagicComment[] => {
    const line = stringSetting(objectSetting(entry)?.line);
    const block = objectSetting(objectSetting(entry)?.block);
    const start = stringSetting(block?.start);
    const end = stringSetting(block?.end);
    const comment: MagicComment = {};
    if (line !== undefined) comment.line = line;
    if (start !== undefined && end !== undefined) comment.block = { start, end };
    return comment.line === undefined && comment.block === undefined ? [] : [comment];
  });
}

// The site's released versions, newest first: `versions.json` beside the config (none when it
// is missing or not a list of names).
async function releasedVersions(siteFolder: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(path.join(siteFolder, 'versions.json'), 'utf8');
  } catch {
    return [];
  }
  try {
    const versions: unknown = JSON.parse(text);
    return Array.isArray(versions) ? versions.filter((version): version is string => typeof version === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Docusaurus' dialect.
 * - Parsing: MDX for `.mdx`, and for `.md` too under `markdown.format: 'mdx'` (Docusaurus 3's
 *   default; a `.md` page that is not valid MDX is read as plain Markdown instead), after
 *   ```` ```mdx-code-block ```` fences are unwrapped (their content is the page's MDX). `import`
 *   and `export` lines and `{expressions}` dropped; `:::note[Title]` (or legacy `:::note Title`)
 *   admonitions flattened with an explicit title as a bold lead line; `<Tabs>`/`<TabItem label>`
 *   flattened, each tab's label (from `<Tabs values>` when given) as a bold line before its
 *   content; an imported partial (`import Intro from './_intro.mdx'` or `'@site/docs/_intro.mdx'`
 *   … `<Intro pkg="x" />`) replaced by its content, its `{props.pkg}` by string props;
 *   `<CodeBlock language title>` as fenced code (a literal, or a file imported with
 *   `!!raw-loader!`); magic comments (`// highlight-next-line`, or the config's `magicComments`)
 *   removed from code, as the theme does.
 * - Pages: `_`-prefixed files and folders are partials, not pages; the docs plugin's `include`
 *   and `exclude` globs, when written as literals, narrow the pages further.
 * - Anchors: `{#custom-id}` as written, else github-slugger.
 * - URLs: front matter `slug` (absolute, or relative to the folder) or `id`, number prefixes
 *   (`01-intro.md`) removed, `index`/`README`/`<folder>/<folder>.md` as the folder's page, under
 *   `baseUrl` + the docs `routeBasePath` (default `/docs`), or `pathPrefix` when given; a
 *   trailing slash when the config sets `trailingSlash: true`. On a versioned site
 *   (`versions.json` lists releases) the docs folder is the unreleased version, served under
 *   `/next` unless it is the `lastVersion`, and `versioned_docs/version-<name>` is served under
 *   `/<name>` unless it is the last version (newest release by default); `versions.<name>.path`
 *   renames either.
 * - Locale: `i18n.defaultLocale` (translations live outside the docs folder).
 */
export async function createDocusaurusDialect(options: DialectOptions): Promise<Dialect> {
  const config = await readDocusaurusConfig(options.configFile, options.root);
  const boundary = includeBoundary(options.root, options.configFile);
  const prefix = normalizePrefix(options.pathPrefix ?? docusaurusPrefix(config.baseUrl, config.routeBasePath, config.versionPath));
  const defaultLocale = normalizeLocale(options.settings.defaultLocale ?? config.defaultLocale);
  const locales = siteLocales(defaultLocale, [], prefix);
  // `@site/…` imports name files from the site folder, the one holding the config.
  const aliases: Record<string, string> = options.configFile === undefined ? {} : { '@site': path.dirname(options.configFile) };
  const headings = { headingText: plainText, assignAnchors: githubAnchors };

  const parseFile = async (source: string, file: string, dependencies: string[], chain: PartialChain): Promise<{ tree: Root; text: string }> => {
    const mdx = file.endsWith('.mdx') || config.format === 'mdx';
    const unwrapped = unwrapMdxCodeBlocks(source);
    const text = normalizeContainerFences(mdx ? mdxCompatible(unwrapped) : unwrapped);
    let tree: Root;
    try {
      tree = parseMarkdown(text, { mdx, directives: true, math: config.math });
    } catch (error) {
      if (!mdx || file.endsWith('.mdx')) throw error;
      tree = parseMarkdown(text, { directives: true, math: config.math });
    }
    restoreInlineDirectives(tree, text);
    const parsePartial = async (partialSource: string, partialFile: string, partialChain: PartialChain) => (await parseFile(partialSource, partialFile, dependencies, partialChain)).tree;
    await flattenMdxWithImports(tree, { file, chain, boundary, aliases, headings, dependencies, parsePartial }, (rawFiles) => ({ CodeBlock: docusaurusCodeBlock(rawFiles) }));
    flattenContainers(tree);
    dropNonContentHtml(tree);
    rewriteTree(tree, (node) => {
      if (node.type === 'heading') takeCustomId(node);
      if (node.type === 'code') {
        // docusaurus-preset-shiki-twoslash: an include block is not shown, a twoslash block only below its cut.
        if (isTwoslashInclude(node)) return [];
        if (isTwoslashBlock(node)) cleanCodeBlock(node);
        removeMagicComments(node, config.magicComments, config.defaultLanguage);
      }
      return undefined;
    });
    return { tree, text };
  };

  return {
    generator: 'docusaurus',
    fingerprint: `docusaurus:9:${config.format}:${boundary}:${JSON.stringify([config.magicComments, config.defaultLanguage ?? null, config.math])}`,
    locales,
    defaultLocale,
    isPage: (file) =>
      !isExcludedDoc(file.relativeFile) &&
      (config.include.length === 0 || matchesAnyGlob(file.relativeFile, config.include)) &&
      !matchesAnyGlob(file.relativeFile, config.exclude),
    async parse(source, file) {
      const dependencies: string[] = [];
      const { tree, text } = await parseFile(source, file.sourceFile, dependencies, pageChain(file.sourceFile));
      const title = takeContentTitle(tree);
      return title === undefined ? { tree, text, dependencies } : { tree, text, dependencies, title };
    },
    // `draft: true` is only built in development; `unlisted: true` is built but kept out of the
    // sidebar, the search index and the sitemap.
    unpublished: (frontMatter) => frontMatter.draft === true,
    excludesFromSearch: (_file, frontMatter) => frontMatter.unlisted === true,
    headingText: (heading) => plainText(heading),
    assignAnchors: githubAnchors,
    pagePath(file, frontMatter) {
      let slug = docusaurusSlug(file.relativeFile, frontMatter);
      if (config.trailingSlash === true && !slug.endsWith('/')) slug += '/';
      if (config.trailingSlash === false && slug.length > 1) slug = slug.replace(/\/+$/, '');
      return joinUrlPath(prefix, slug);
    },
    localeOf: (pagePath) => localeOfPath(pagePath, locales),
  };
}

/**
 * Docusaurus makes a `#` heading that opens the content the page's title (shown without an
 * anchor, taking no slug): it is taken out of the tree and returned.
 */
function takeContentTitle(tree: Root): string | undefined {
  const index = tree.children.findIndex((node) => node.type !== 'yaml' && !(node.type === 'html' && /^<!--/.test(node.value)));
  const first = tree.children[index];
  if (first?.type !== 'heading' || first.depth !== 1) return undefined;
  tree.children.splice(index, 1);
  return plainText(first);
}

// A code span: a run of backticks, its text, the same run again (CommonMark).
const codeSpan = /(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g;

/** Applies `rewrite` to the parts of a line outside its inline code spans (`<!-- x -->` there is text). */
function outsideInlineCode(line: string, rewrite: (text: string) => string): string {
  let result = '';
  let last = 0;
  for (const match of line.matchAll(codeSpan)) {
    result += rewrite(line.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return result + rewrite(line.slice(last));
}

/**
 * What Docusaurus' `mdx1Compat` preprocessing does before compiling Markdown as MDX (on by
 * default): `## Title {#custom-id}` gets its braces escaped (`{…}` would be an expression) and
 * HTML comments become MDX comments (`<!--` is not valid MDX). Fenced code and inline code
 * spans are left alone.
 */
export function mdxCompatible(source: string): string {
  if (!source.includes('{#') && !source.includes('<!--')) return source;
  return rewriteLinesOutsideFences(source, (line) => {
    let result = line.includes('<!--') || line.includes('-->') ? outsideInlineCode(line, (text) => text.replace(/<!--/g, '{/*').replace(/-->/g, '*/}')) : line;
    if (/^\s{0,3}#{1,6}\s.*[^\\]\{#[^}\s]+\}\s*$/.test(result)) result = result.replace(/\{#([^}\s]+)\}\s*$/, '\\{#$1}');
    return result;
  });
}

// A ```` ```mdx-code-block ```` (or four-backtick) fence and its content up to the next closing fence.
const mdxCodeBlocks = [/(^|\r?\n)\x20*```\x20*mdx-code-block\r?\n(.*?)\r?\n\x20*```(\r?\n|$)/gs, /(^|\r?\n)\x20*````\x20*mdx-code-block\r?\n(.*?)\r?\n\x20*````(\r?\n|$)/gs];

/**
 * Unwraps ```` ```mdx-code-block ```` fences, as Docusaurus does before compiling a page: their
 * content (usually `import` lines and `<Tabs>` tags around Markdown, fenced so that translation
 * tools leave it alone) is MDX of the page, not code to show.
 */
function unwrapMdxCodeBlocks(source: string): string {
  if (!source.includes('mdx-code-block')) return source;
  return mdxCodeBlocks.reduce((text, fence) => text.replace(fence, (_block, before: string, content: string, after: string) => `${before}${content}${after}`), source);
}
