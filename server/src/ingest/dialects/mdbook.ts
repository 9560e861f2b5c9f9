import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Code, Heading, Nodes, RootContent } from 'mdast';
import { parse as parseToml } from 'smol-toml';
import { mdbookAnchors } from '../anchors';
import { settingsTable } from '../config-literals';
import { dropNonContentHtml, flattenAlerts, githubAlerts } from '../common-transforms';
import { includeBoundary, includedCharactersPerPage } from '../included-files';
import { normalizeLocale } from '../locales';
import { DocsFolderError } from '../page-files';
import { parseMarkdown } from '../markdown-parser';
import { boldLine, forgetPositions, markChanged, rewriteTree, takeIdAttribute } from '../mdast-edits';
import type { Dialect, DialectOptions, PageFile } from './dialect';
import { joinUrlPath, normalizePrefix, pathInside } from './dialect';
import { expandMdbookLinks } from './mdbook-includes';
import { summaryChapters, type SummaryChapter } from './book-summary';
import { flattenDefinitionLists } from './mkdocs-definition-lists';

/** What the dialect reads from `book.toml`. */
export interface MdbookConfig {
  /** The folder of the chapters' sources, absolute (`[book] src`, default `src`). */
  sourceRoot: string;
  /** `[book] language`, when set. */
  language?: string;
  /** The URL path of `[output.html] site-url` (`/cargo/` → `/cargo`), when set. */
  siteUrl?: string;
  /** Smart punctuation (`[output.html] smart-punctuation`, formerly `curly-quotes`); default on, as in mdBook 0.5. */
  smartPunctuation: boolean;
  /** Hidden-line prefixes by code language (`[output.html.code.hidelines]`). */
  hiddenLinePrefixes: Map<string, string>;
  /**
   * `[output.html.search.chapter]`: whether the book's search indexes a chapter file or a folder's
   * chapters (`"CHANGELOG.md" = { enable = false }`), by path relative to the source folder,
   * shortest first. Default: none.
   */
  searchChapters: Array<[string, boolean]>;
  /** Whether `[preprocessor.admonish]` (mdbook-admonish) turns ```` ```admonish ```` blocks into callouts. */
  admonish: boolean;
}

/**
 * Reads `book.toml`.
 *
 * @throws DocsFolderError when it is not valid TOML (the start stops with the file, the line and
 *   what to fix, as `mdbook build` stops)
 */
export async function readMdbookConfig(configFile: string): Promise<MdbookConfig> {
  let document: Record<string, unknown>;
  try {
    document = parseToml(await readFile(configFile, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DocsFolderError(configFile, `not valid TOML (${reason}): fix it so that \`mdbook build\` accepts it, or set the domain's "generator" to read the folder otherwise.`);
  }
  const book = settingsTable(document.book);
  const html = settingsTable(settingsTable(document.output).html);
  const hiddenLines = settingsTable(settingsTable(html.code).hidelines);
  const searchChapters = Object.entries(settingsTable(settingsTable(html.search).chapter))
    .flatMap(([key, settings]): Array<[string, boolean]> => {
      const enable = settingsTable(settings).enable;
      return typeof enable === 'boolean' ? [[key.replace(/^\.\//, '').replace(/\/+$/, ''), enable]] : [];
    })
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  const config: MdbookConfig = {
    sourceRoot: path.resolve(path.dirname(configFile), typeof book.src === 'string' ? book.src : 'src'),
    smartPunctuation: typeof html['smart-punctuation'] === 'boolean' ? html['smart-punctuation'] : typeof html['curly-quotes'] === 'boolean' ? html['curly-quotes'] : true,
    hiddenLinePrefixes: new Map(Object.entries(hiddenLines).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')),
    searchChapters,
    admonish: settingsTable(document.preprocessor).admonish !== undefined,
  };
  if (typeof book.language === 'string' && book.language.trim() !== '') config.language = book.language.trim();
  if (typeof html['site-url'] === 'string') config.siteUrl = normalizePrefix(html['site-url'].replace(/^[a-z]+:\/\/[^/]+/i, ''));
  return config;
}


/**
 * mdBook (the Rust ecosystem's book generator), by its own rules:
 * - Pages: the chapters `SUMMARY.md` links to, in the book's source folder (`[book] src`);
 *   files it does not list are not published, and `SUMMARY.md` itself is no page. A book with
 *   no summary publishes every Markdown file.
 * - Titles: the chapter's name in the summary, or what `{{#title …}}` sets.
 * - Chapters `[output.html.search.chapter]` leaves out of the book's search are left out of
 *   retrieval too, unless the reader is on them (see `IngestedPage.excludedFromSearch`).
 * - URLs: `guide/setup.md` → `/guide/setup.html`, `README.md` (any case) and `index.md` →
 *   `index.html`, under `pathPrefix`, else the path of `[output.html] site-url`, else the root;
 *   the first chapter is the book's `index.html` too.
 * - Text: `{{#include}}`, `{{#rustdoc_include}}` and `{{#playground}}` links expanded (see
 *   `expandMdbookLinks`); GitHub alerts read as their content; definition lists as lists of
 *   entries (see `flattenDefinitionLists`); with mdbook-admonish (`[preprocessor.admonish]`),
 *   ```` ```admonish ```` blocks as their Markdown, led by their `title` in bold; `{#id .class}`
 *   heading attributes taken out of the text; Rust code blocks without their hidden lines (`# use std::fs;`, as
 *   readers see them; `##` shows `#`), other languages' too where a prefix is configured
 *   (`[output.html.code.hidelines]`, or `hidelines=<prefix>` on the block); a block's info string
 *   `rust,ignore,edition2021` is the language `rust`.
 * - Anchors: {@link mdbookAnchors}, from the heading's text with smart punctuation applied (the
 *   heading itself reads as written: `--locked` stays searchable).
 */
export async function createMdbookDialect(options: DialectOptions): Promise<Dialect> {
  const configFile = options.configFile;
  const config: MdbookConfig =
    configFile === undefined ? { sourceRoot: options.root, smartPunctuation: true, hiddenLinePrefixes: new Map(), searchChapters: [], admonish: false } : await readMdbookConfig(configFile);
  const prefix = normalizePrefix(options.pathPrefix ?? config.siteUrl ?? '');
  const boundary = includeBoundary(options.root, configFile);
  const sourcePathOf = (file: PageFile): string => pathInside(config.sourceRoot, file) ?? file.relativeFile;
  const chapters = await readChapters(config.sourceRoot);
  const chapterByFile = new Map(chapters?.map((chapter) => [chapter.file, chapter]));
  const hasRootIndex = chapters?.some((chapter) => htmlPath(chapter.file) === 'index.html') ?? false;
  const language = normalizeLocale(options.settings.defaultLocale ?? config.language ?? 'en');
  const smartDashes = config.smartPunctuation;

  return {
    generator: 'mdbook',
    fingerprint: `mdbook:6:${config.sourceRoot}:${boundary}:${smartDashes}:${config.admonish}:${[...config.hiddenLinePrefixes].join(',')}:${chapters?.map((chapter) => `${chapter.file}=${chapter.name}`).join('|') ?? ''}`,
    locales: [{ code: language, pathPrefix: prefix }],
    defaultLocale: language,
    // Only the source folder's files: a repository README beside book.toml is no chapter.
    isPage: (file) => {
      const sourcePath = pathInside(config.sourceRoot, file);
      if (sourcePath === undefined || sourcePath === 'SUMMARY.md') return false;
      return chapters === undefined ? true : chapterByFile.has(sourcePath);
    },
    async parse(source, file) {
      const dependencies: string[] = [];
      const expanded = await expandMdbookLinks(source, file.sourceFile, { boundary, dependencies, budget: { characters: includedCharactersPerPage } });
      const tree = parseMarkdown(expanded.text);
      // mdBook 0.5 renders definition lists (`Term` then `: definition`), as Python-Markdown does.
      flattenDefinitionLists(tree, expanded.text);
      flattenAlerts(tree, githubAlerts);
      dropNonContentHtml(tree);
      rewriteTree(tree, (node) => {
        if (node.type === 'heading') takeIdAttribute(node, headingAttributes);
        if (node.type === 'code' && config.admonish && /^admonish\b/.test(node.lang ?? '')) return admonitionContent(node);
        if (node.type === 'code') readCodeBlock(node, config.hiddenLinePrefixes);
        return undefined;
      });
      const title = expanded.title ?? chapterByFile.get(sourcePathOf(file))?.name;
      return { tree, text: expanded.text, dependencies, ...(title === undefined || title === '' ? {} : { title }) };
    },
    excludesFromSearch: (file) => !searchEnabled(sourcePathOf(file), config.searchChapters),
    // mdBook writes the book's first chapter again as index.html, the book's front page.
    // (A README or index chapter of the root is written there last, and is that page instead.)
    alsoServedAt: (file) => (chapters?.[0]?.file === sourcePathOf(file) && !hasRootIndex ? [joinUrlPath(prefix, 'index.html')] : []),
    headingText: (heading) => headingText(heading, false),
    anchorText: (heading) => headingText(heading, smartDashes),
    assignAnchors: mdbookAnchors,
    pagePath: (file) => joinUrlPath(prefix, htmlPath(sourcePathOf(file))),
    localeOf: () => language,
  };
}

/**
 * Whether the book's search indexes a chapter, as mdBook decides it: every setting whose path is
 * the chapter's or one of its folders applies, the longest last.
 */
export function searchEnabled(sourcePath: string, settings: ReadonlyArray<readonly [string, boolean]>): boolean {
  let enabled = true;
  for (const [key, enable] of settings) if (sourcePath === key || sourcePath.startsWith(`${key}/`)) enabled = enable;
  return enabled;
}

/** The book's chapters, or `undefined` when it has no `SUMMARY.md`. */
async function readChapters(sourceRoot: string): Promise<SummaryChapter[] | undefined> {
  try {
    return summaryChapters(await readFile(path.join(sourceRoot, 'SUMMARY.md'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** `guide/setup.md` → `guide/setup.html`; `README.md` or `index.md` → `index.html` in its folder. */
export function htmlPath(sourcePath: string): string {
  const withoutExtension = sourcePath.replace(/\.md$/i, '');
  const slash = withoutExtension.lastIndexOf('/');
  const name = withoutExtension.slice(slash + 1);
  return `${withoutExtension.slice(0, slash + 1)}${/^readme$/i.test(name) ? 'index' : name}.html`;
}

// pulldown-cmark's heading attributes: `{#id .class key=value}` at the end of the heading.
const headingAttributes = /\s*\{\s*((?:[#.][^\s{}]+|[^\s{}=#.][^\s{}=]*=[^\s{}]*)(?:\s+(?:[#.][^\s{}]+|[^\s{}=#.][^\s{}=]*=[^\s{}]*))*)\s*\}\s*$/;


/**
 * An mdbook-admonish callout (```` ```admonish warning title="Data loss" ````) as what it shows:
 * its Markdown body, led by its title as a bold line when one is written (`title=""` or none:
 * the body alone, as other dialects read a container without a title).
 */
function admonitionContent(node: Code): RootContent[] {
  const info = [node.lang ?? '', node.meta ?? ''].join(' ');
  const title = /\btitle\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(info)?.[1]?.replace(/\\(.)/g, '$1').trim();
  const body = parseMarkdown(node.value).children;
  for (const child of body) forgetPositions(child);
  return title === undefined || title === '' ? body : [boldLine(title), ...body];
}

/**
 * The text mdBook makes a heading's id from: every text inside it (code included, image
 * descriptions and raw HTML tags not), with smart punctuation's dashes and ellipses where on.
 */
function headingText(heading: Heading, smartPunctuation: boolean): string {
  const parts: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'text') parts.push(smartPunctuation ? node.value.replace(/---/g, '—').replace(/--/g, '–').replace(/\.\.\./g, '…') : node.value);
    else if (node.type === 'inlineCode') parts.push(node.value);
    else if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(heading);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * A code block as mdBook shows it: the language is the first word of `rust,ignore` or `toml
 * hidelines=#` (the rest are switches a reader does not see), and hidden lines are left out
 * (Rust's `# ` lines, where `##` shows `#`; another language's lines opening with its configured
 * or given prefix). A block it does not change keeps its source text.
 */
function readCodeBlock(node: Code, configuredPrefixes: ReadonlyMap<string, string>): void {
  const info = [node.lang ?? '', node.meta ?? ''].join(' ').trim();
  if (info === '') return;
  const [language = '', ...attributes] = info.split(/[\s,]+/).filter((word) => word !== '');
  const givenPrefix = attributes.find((attribute) => attribute.startsWith('hidelines='))?.slice('hidelines='.length);
  const prefix = givenPrefix ?? configuredPrefixes.get(language);
  let value = node.value;
  if (language === 'rust') value = withoutHiddenRustLines(value);
  else if (prefix !== undefined && prefix !== '') value = value.split('\n').filter((line) => !line.trimStart().startsWith(prefix)).join('\n');
  if (language === node.lang && node.meta == null && value === node.value) return;
  // The rest of the info string are mdBook's and rustdoc's switches (`ignore`, `editable`), not shown.
  node.lang = language;
  node.meta = null;
  node.value = value;
  markChanged(node);
}

// rustdoc's hidden lines, as mdBook hides them: `#` then nothing or a space; `##` shows as `#`.
function withoutHiddenRustLines(code: string): string {
  const shown: string[] = [];
  for (const line of code.split('\n')) {
    const match = /^(\s*)#(.?)(.*)$/.exec(line);
    if (match === null) shown.push(line);
    else if (match[2] === '#') shown.push(`${match[1]}#${match[3]}`);
    else if (match[2] !== '' && match[2] !== ' ') shown.push(line);
  }
  return shown.join('\n');
}
