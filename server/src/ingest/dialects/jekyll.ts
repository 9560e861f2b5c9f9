import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { kramdownAnchors, kramdownGfmAnchors } from '../anchors';
import { isSettingsTable } from '../config-literals';
import { dropNonContentHtml, flattenAlerts, githubAlerts } from '../common-transforms';
import { asYamlFrontMatter, calendarDate, frontMatterTime, parseFrontMatter, refuseCircularValues, yamlFrontMatterBlock } from '../front-matter';
import { FenceTracker, rewriteLinesOutsideFences } from '../line-scanner';
import { normalizeLocale } from '../locales';
import { parseMarkdown, plainText } from '../markdown-parser';
import { rewriteTree, takeCustomId } from '../mdast-edits';
import { DocsFolderError } from '../page-files';
import { matchesGlob } from '../path-glob';
import { includeBoundary } from '../included-files';
import type { Dialect, DialectOptions, PageFile } from './dialect';
import { joinUrlPath, normalizePrefix, pathInside } from './dialect';
import { renderLiquid, type LiquidSite } from './jekyll-liquid';

/** A collection of the site (`collections` in `_config.yml`; `posts` always). */
interface JekyllCollection {
  name: string;
  /** Its folder, absolute (`_<name>` in `collections_dir`). */
  folder: string;
  /** Whether its documents are pages (`output: true`; posts always are). */
  output: boolean;
  /** `permalink` of the collection, when set. */
  permalink?: string;
}

/** One entry of `defaults`: front matter values for the files under a path (of a type). */
interface FrontMatterDefault {
  path: string;
  type?: string;
  values: Record<string, unknown>;
}

/** What the dialect reads from a Jekyll site's config. */
export interface JekyllConfig {
  /** The site's source folder (the config's folder, or `source`). */
  source: string;
  /** The whole config, for `{{ site.* }}`. */
  settings: Record<string, unknown>;
  /** `baseurl`'s path. */
  baseUrl: string;
  /** `permalink`: `date` (default), `pretty`, `ordinal`, `none`, or a pattern. */
  permalink: string;
  collections: JekyllCollection[];
  /** `exclude` patterns (relative to the source), Jekyll's defaults included. */
  exclude: string[];
  defaults: FrontMatterDefault[];
  /** `future`: posts dated later than now are published too. */
  future: boolean;
  /** kramdown's `input`: `GFM` (Jekyll's default) or `kramdown`. */
  kramdownInput: string;
  /** `lang`, when set. */
  language?: string;
}

// Jekyll's own default `exclude` list.
const defaultExcludes = ['.sass-cache', '.jekyll-cache', 'gemfiles', 'Gemfile', 'Gemfile.lock', 'node_modules', 'vendor/bundle', 'vendor/cache', 'vendor/gems', 'vendor/ruby'];

/**
 * Reads `_config.yml` (or `.yaml`, `.toml`).
 *
 * @throws DocsFolderError when it is not valid YAML or TOML
 */
export async function readJekyllConfig(configFile: string): Promise<JekyllConfig> {
  const text = await readFile(configFile, 'utf8');
  let settings: Record<string, unknown>;
  try {
    const data: unknown = configFile.endsWith('.toml') ? parseToml(text) : parseYaml(text);
    refuseCircularValues(data, configFile, 'the config');
    settings = isSettingsTable(data) ? data : {};
  } catch (error) {
    if (error instanceof DocsFolderError) throw error;
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DocsFolderError(configFile, `not valid ${configFile.endsWith('.toml') ? 'TOML' : 'YAML'} (${reason}): fix it so that \`jekyll build\` accepts it, or set the domain's "generator" to read the folder otherwise.`);
  }
  const folder = path.dirname(configFile);
  const source = typeof settings.source === 'string' ? path.resolve(folder, settings.source) : folder;
  const collectionsDir = path.resolve(source, typeof settings.collections_dir === 'string' ? settings.collections_dir : '');
  const collections: JekyllCollection[] = [];
  const configured = settings.collections;
  const entries: Array<[string, Record<string, unknown>]> = Array.isArray(configured)
    ? configured.filter((name): name is string => typeof name === 'string').map((name) => [name, {}])
    : Object.entries(isSettingsTable(configured) ? configured : {}).map(([name, value]) => [name, isSettingsTable(value) ? value : {}]);
  if (!entries.some(([name]) => name === 'posts')) entries.push(['posts', {}]);
  for (const [name, value] of entries) {
    const collection: JekyllCollection = { name, folder: path.join(collectionsDir, `_${name}`), output: name === 'posts' ? value.output !== false : value.output === true };
    if (typeof value.permalink === 'string') collection.permalink = value.permalink;
    collections.push(collection);
  }
  const kramdown = isSettingsTable(settings.kramdown) ? settings.kramdown : {};
  const config: JekyllConfig = {
    source,
    settings,
    baseUrl: normalizePrefix(typeof settings.baseurl === 'string' ? settings.baseurl : ''),
    permalink: typeof settings.permalink === 'string' && settings.permalink.trim() !== '' ? settings.permalink.trim() : 'date',
    collections,
    exclude: [...defaultExcludes, ...(Array.isArray(settings.exclude) ? settings.exclude.filter((entry): entry is string => typeof entry === 'string') : [])],
    defaults: (Array.isArray(settings.defaults) ? settings.defaults : []).flatMap((entry): FrontMatterDefault[] => {
      if (!isSettingsTable(entry) || !isSettingsTable(entry.values)) return [];
      const scope = isSettingsTable(entry.scope) ? entry.scope : {};
      const result: FrontMatterDefault = { path: typeof scope.path === 'string' ? scope.path.replace(/^\/+|\/+$/g, '') : '', values: entry.values };
      if (typeof scope.type === 'string') result.type = scope.type;
      return [result];
    }),
    future: settings.future === true,
    kramdownInput: typeof kramdown.input === 'string' ? kramdown.input : 'GFM',
  };
  if (typeof settings.lang === 'string' && settings.lang.trim() !== '') config.language = settings.lang.trim();
  return config;
}

/**
 * Jekyll (GitHub Pages' generator, and themes on it such as Just the Docs), by Jekyll's rules:
 * - Pages: Markdown files that start with front matter (a file without it is copied as it is,
 *   not rendered), outside folders and files named with `_` or `.` and outside `exclude`; the
 *   documents of collections with `output: true` (`_docs/`), and posts (`_posts/`; not
 *   `_drafts/`, not `published: false`, not dated in the future unless `future: true`).
 * - Front matter: the page's, over the `defaults` whose `scope` (path, type) covers it.
 * - URLs: `permalink` in the front matter; else a collection's `permalink`, else the site's
 *   `permalink` style: `about.md` → `/about.html` (`/about/` with `pretty`), `docs/index.md` →
 *   `/docs/`, a document `/:collection/:path.html`, a post
 *   `/:categories/:year/:month/:day/:title.html`; under `pathPrefix`, else `baseurl`.
 * - Text: Liquid read first, as Jekyll renders it (see `renderLiquid`); kramdown's attribute
 *   lists (`{: .note}`, `{:toc}` with its `* TOC` line, `{::options}`) left out, an
 *   `{: #id}` line after a heading giving it that id; GitHub alerts read as their content.
 * - Anchors: kramdown's, from the heading's text, with GFM input (Jekyll's default) or kramdown
 *   input; checked against Jekyll's own build.
 * - Just the Docs' `search_exclude: true` leaves a page out of retrieval unless the reader is on it.
 */
export async function createJekyllDialect(options: DialectOptions): Promise<Dialect> {
  const config: JekyllConfig =
    options.configFile === undefined
      ? { source: options.root, settings: {}, baseUrl: '', permalink: 'date', collections: [{ name: 'posts', folder: path.join(options.root, '_posts'), output: true }], exclude: defaultExcludes, defaults: [], future: false, kramdownInput: 'GFM' }
      : await readJekyllConfig(options.configFile);
  const prefix = normalizePrefix(options.pathPrefix ?? config.baseUrl);
  const language = normalizeLocale(options.settings.defaultLocale ?? config.language ?? 'en');
  const withFrontMatter = filesWithFrontMatter(options.root, [...options.files, ...(options.markdownVariants ?? [])]);
  const liquidSite: LiquidSite = {
    source: config.source,
    boundary: includeBoundary(options.root, options.configFile),
    config: config.settings,
    // `relative_url` gives the URLs the pages are served at: under `pathPrefix` when it is set.
    baseUrl: prefix,
    includesDir: path.resolve(config.source, typeof config.settings.includes_dir === 'string' ? config.settings.includes_dir : '_includes'),
    dataDir: path.resolve(config.source, typeof config.settings.data_dir === 'string' ? config.settings.data_dir : '_data'),
  };
  const settingsHash = createHash('sha256').update(JSON.stringify(config.settings)).digest('hex').slice(0, 16);

  /** The collection a file is a document of, and its path inside it; `undefined` for a page. */
  const collectionOf = (file: PageFile): { collection: JekyllCollection; inside: string } | undefined => {
    for (const collection of config.collections) {
      const inside = pathInside(collection.folder, file);
      if (inside !== undefined) return { collection, inside };
    }
    return undefined;
  };
  const sourcePath = (file: PageFile) => pathInside(config.source, file);
  const frontMatterOf = (file: PageFile, own: Record<string, unknown>): Record<string, unknown> => {
    const relative = sourcePath(file) ?? file.relativeFile;
    const document = collectionOf(file);
    const type = document?.collection.name ?? 'pages';
    // The defaults whose scope covers the file, merged as Jekyll does: a longer path, then a
    // scope with a type, takes precedence; between equals the later one. The page's own values win.
    let defaults: Record<string, unknown> = {};
    let previous: FrontMatterDefault | undefined;
    for (const entry of config.defaults) {
      if (entry.type !== undefined && entry.type !== type) continue;
      if (entry.path !== '' && !(relative === entry.path || relative.startsWith(`${entry.path}/`) || matchesGlob(relative, entry.path))) continue;
      const precedes = previous === undefined || (entry.path.length !== previous.path.length ? entry.path.length > previous.path.length : entry.type !== undefined || previous.type === undefined);
      defaults = precedes ? { ...defaults, ...entry.values } : { ...entry.values, ...defaults };
      if (precedes) previous = entry;
    }
    let merged = Object.keys(defaults).some((key) => !(key in own)) ? { ...defaults, ...own } : own;
    // A post's date is in its file name (`2024-03-05-launch.md`), unless its front matter sets one.
    const posted = type === 'posts' && !('date' in merged) ? postName.exec(path.posix.basename(relative).replace(/\.[^.]+$/, '')) : null;
    if (posted !== null) merged = { ...merged, date: `${posted[1]}-${posted[2]}-${posted[3]}` };
    // A collection's document dated later than now is not published (pages have no date to hide by).
    if (document !== undefined && !config.future && isFutureDated(merged.date) && merged.published !== false) merged = { ...merged, published: false };
    return merged;
  };

  return {
    generator: 'jekyll',
    fingerprint: `jekyll:1:${config.source}:${prefix}:${settingsHash}`,
    locales: [{ code: language, pathPrefix: prefix }],
    defaultLocale: language,
    readsMarkdownVariants: true,
    isPage: (file) => {
      const relative = sourcePath(file);
      if (relative === undefined || !/\.(?:md|markdown|mkdn?|mkd|mdown)$/i.test(relative)) return false;
      if (!withFrontMatter.has(file.relativeFile)) return false;
      if (config.exclude.some((pattern) => relative === pattern || relative.startsWith(`${pattern.replace(/\/+$/, '')}/`) || matchesGlob(relative, pattern))) return false;
      const document = collectionOf(file);
      if (document?.collection.name === 'posts' && !postName.test(path.posix.basename(document.inside).replace(/\.[^.]+$/, ''))) return false;
      if (document !== undefined) return document.collection.output && !document.inside.split('/').some((segment) => segment.startsWith('_') || segment.startsWith('.'));
      return !relative.split('/').some((segment) => segment.startsWith('_') || segment.startsWith('.'));
    },
    async parse(source, file) {
      const dependencies: string[] = [];
      const yaml = yamlFrontMatterBlock(source);
      const ownFrontMatter = yaml === undefined ? {} : parseFrontMatter(yaml.yaml, file.sourceFile);
      const frontMatter = frontMatterOf(file, ownFrontMatter);
      const body = yaml === undefined ? source : yaml.body;
      const rendered = withHtmlBlocksJoined(withoutKramdownExtensions(renderLiquid(body, liquidSite, { sourceFile: file.sourceFile, frontMatter, dependencies })));
      const header = frontMatter === ownFrontMatter && yaml !== undefined ? yaml.block : asYamlFrontMatter(frontMatter);
      const text = header + rendered;
      const tree = parseMarkdown(text);
      flattenAlerts(tree, githubAlerts);
      rewriteTree(tree, (node) => {
        if (node.type === 'heading') takeCustomId(node);
        return undefined;
      });
      dropNonContentHtml(tree);
      return { tree, text, dependencies };
    },
    unpublished: (frontMatter) => frontMatter.published === false,
    excludesFromSearch: (_file, frontMatter) => frontMatter.search_exclude === true,
    headingText: (heading) => plainText(heading),
    assignAnchors: config.kramdownInput.toLowerCase() === 'kramdown' ? kramdownAnchors : kramdownGfmAnchors,
    pagePath: (file, frontMatter) => joinUrlPath(prefix, jekyllPagePath(file, frontMatter, config, collectionOf(file))),
    localeOf: () => language,
  };
}

/** The Markdown files (relative) that start with front matter: only those are rendered. */
function filesWithFrontMatter(root: string, files: readonly string[]): Set<string> {
  const found = new Set<string>();
  const buffer = Buffer.alloc(8);
  for (const file of files) {
    let descriptor: number | undefined;
    try {
      descriptor = openSync(path.join(root, file), 'r');
      const read = readSync(descriptor, buffer, 0, 8, 0);
      const start = buffer.subarray(0, read).toString('utf8').replace(/^\uFEFF/, '');
      if (/^---[ \t]*\r?\n/.test(start) || /^---[ \t]*$/.test(start)) found.add(file);
    } catch {
      // An unreadable file is no page; reading it later names the problem.
    } finally {
      if (descriptor !== undefined) closeSync(descriptor);
    }
  }
  return found;
}

function isFutureDated(value: unknown): boolean {
  const time = frontMatterTime(value);
  return time !== undefined && time > Date.now();
}

/** A post's file name: `2024-03-05-release-notes.md`. */
const postName = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/;

/**
 * A page's URL path inside the site, by Jekyll's rules (see {@link createJekyllDialect}).
 *
 * @example jekyllPagePath(page('about.md'), {}, { permalink: 'pretty', … }) === 'about/'
 */
export function jekyllPagePath(
  file: PageFile,
  frontMatter: Record<string, unknown>,
  config: Pick<JekyllConfig, 'source' | 'permalink'>,
  document: { collection: JekyllCollection; inside: string } | undefined,
): string {
  const relative = pathInside(config.source, file) ?? file.relativeFile;
  const withoutExtension = (document?.inside ?? relative).replace(/\.[^./]+$/, '');
  const basename = path.posix.basename(withoutExtension);
  const folder = path.posix.dirname(withoutExtension) === '.' ? '' : path.posix.dirname(withoutExtension);
  const style = config.permalink;
  const suffix = style === 'pretty' || (!['date', 'ordinal', 'none', 'weekdate'].includes(style) && style.endsWith('/')) ? '/' : style.includes(':output_ext') || ['date', 'ordinal', 'none', 'weekdate'].includes(style) ? ':output_ext' : '';
  let template: string;
  const post = document?.collection.name === 'posts' ? postName.exec(basename) : null;
  if (typeof frontMatter.permalink === 'string' && frontMatter.permalink.trim() !== '') template = frontMatter.permalink.trim();
  else if (document !== undefined && document.collection.permalink !== undefined) template = document.collection.permalink;
  else if (document?.collection.name === 'posts') template = postStyles[style] ?? style;
  else if (document !== undefined) template = `/:collection/:path${suffix}`;
  else if (basename === 'index') template = '/:path/';
  else template = `/:path/:basename${suffix}`;

  const date = calendarDate(frontMatter.date) ?? (post === null ? undefined : { year: Number(post[1]), month: Number(post[2]), day: Number(post[3]) });
  const dayOfYear = date === undefined ? undefined : Math.round((Date.UTC(date.year, date.month - 1, date.day) - Date.UTC(date.year, 0, 1)) / 86_400_000) + 1;
  const title = post?.[4] ?? basename;
  const categories = categoriesOf(frontMatter, document);
  const two = (value: number) => String(value).padStart(2, '0');
  const tokens: Record<string, string> = {
    path: document === undefined ? folder : withoutExtension,
    basename,
    name: basename,
    output_ext: '.html',
    collection: document?.collection.name ?? '',
    title: typeof frontMatter.slug === 'string' ? frontMatter.slug : title,
    slug: typeof frontMatter.slug === 'string' ? frontMatter.slug : title,
    categories: categories.join('/'),
    year: date === undefined ? '' : String(date.year),
    month: date === undefined ? '' : two(date.month),
    i_month: date === undefined ? '' : String(date.month),
    day: date === undefined ? '' : two(date.day),
    i_day: date === undefined ? '' : String(date.day),
    short_year: date === undefined ? '' : String(date.year).slice(2),
    y_day: dayOfYear === undefined ? '' : String(dayOfYear).padStart(3, '0'),
  };
  const expanded = template.replace(/:([a-z_]+)/g, (whole, token: string) => tokens[token] ?? whole);
  // As Jekyll sanitizes a URL: no empty parts, and `…/index.html` is its folder.
  return expanded.replace(/\/{2,}/g, '/').replace(/^\/+/, '').replace(/(?:^|\/)index\.html$/, (match) => (match.startsWith('/') ? '/' : ''));
}

// A post's URL by the site's `permalink` style (Jekyll's `style_to_permalink`); a pattern is used as written.
const postStyles: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
  // (Jekyll's `weekdate` puts the week and weekday in the URL; read here as `date`.)
  weekdate: '/:categories/:year/:month/:day/:title:output_ext',
};

// A post's categories: its folders above `_posts` are not known here; its front matter's, lower case.
function categoriesOf(frontMatter: Record<string, unknown>, document: { collection: JekyllCollection } | undefined): string[] {
  if (document?.collection.name !== 'posts') return [];
  const value = frontMatter.categories ?? frontMatter.category;
  const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
  return list.filter((entry) => entry !== '').map((entry) => entry.toLowerCase());
}

// kramdown's block attribute lists and extensions, on a line of their own: `{: .note}`,
// `{:toc}` (with the `* TOC` item it replaces), `{::options parse_block_html="true" /}`.
const attributeLine = /^[ \t]*\{:{1,2}[^{}]*\}[ \t]*$/;
const tocItem = /^[ \t]*(?:[*+-]|1\.)[ \t]+TOC[ \t]*$/i;
// `{: #install}` or `{: #install .big}`: an id for the block above (a heading's, read below).
const idLine = /^\s*\{:\s*(?:\.[\w-]+\s+)*#([\w-]+)(?:\s+[^{}]*)?\}\s*$/;

// `{::comment}…{:/comment}` (or `{:/}`): text kramdown does not output.
function withoutKramdownComments(source: string): string {
  if (!source.includes('{::comment}')) return source;
  return source.replace(/\{::comment\}[\s\S]*?\{:\/(?:comment)?\}/g, (comment) => comment.replace(/[^\n]/g, ''));
}

// A line with its code spans left as written and the rest rewritten.
function outsideCodeSpans(line: string, rewrite: (text: string) => string): string {
  if (!line.includes('`')) return rewrite(line);
  return line
    .split(/(`+[^`]*`+)/)
    .map((part, index) => (index % 2 === 1 ? part : rewrite(part)))
    .join('');
}
// An inline attribute list after a span: `**Deprecated**{: .label .label-red}`.
const inlineAttributes = /\{:[ \t]*[.#][^{}\n]*\}/g;

/** The page without kramdown's attribute lists and extension tags (styling, not text), nor its comments. */
export function withoutKramdownExtensions(source: string): string {
  const lines = rewriteLinesOutsideFences(withoutKramdownComments(source), (line) => {
    if (idLine.test(line)) return line;
    return attributeLine.test(line) ? '' : outsideCodeSpans(line, (part) => part.replace(inlineAttributes, ''));
  }).split('\n');
  // The lines as written (the rewrite keeps each line in its place), to tell where `{:toc}` was.
  const written = source.split('\n');
  const fences = new FenceTracker();
  fences.inCode((lines[0] ?? '').trimStart());
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] as string;
    // A code example showing kramdown's syntax stays as written.
    if (fences.inCode(line.trimStart())) continue;
    // `{: #install}` under a heading gives it that id; elsewhere it is styling.
    const id = idLine.exec(line)?.[1];
    if (id !== undefined) {
      const previous = lines[index - 1] as string;
      if (/^ {0,3}#{1,6}\s/.test(previous)) lines[index - 1] = `${previous.replace(/\s*#*\s*$/, '')} {#${id}}`;
      lines[index] = '';
    }
    // `* TOC` then `{:toc}`: the table of contents kramdown puts there.
    if (line === '' && tocItem.test(lines[index - 1] ?? '') && /^\s*\{:\s*toc\s*\}\s*$/i.test(written[index] ?? '')) lines[index - 1] = '';
  }
  return lines.join('\n');
}

// An HTML block as kramdown reads it: from a line opening a block-level element to the line that
// closes it, blank lines and indentation inside included (CommonMark would end it at the first
// blank line, and read the indented rest as code). Liquid loops leave both behind.
const htmlBlockOpener = /^ {0,3}<(div|table|section|details|figure|ul|ol|dl|blockquote|aside|nav|form)\b[^>]*>/i;
// The closing tag of an element whose content was read as Markdown, alone on its line.
const markdownBlockCloser = /^ {0,3}<\/(?:div|section|details|figure|aside|blockquote)\s*>\s*$/i;

function withHtmlBlocksJoined(source: string): string {
  const lines = source.split('\n');
  const output: string[] = [];
  let open: { tag: RegExp; close: RegExp; depth: number } | undefined;
  let fence: string | undefined;
  // Elements opened with `markdown="1"` whose closing tag is still to come.
  let markdownElements = 0;
  for (const line of lines) {
    if (open === undefined) {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker !== undefined && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence === undefined ? marker : undefined;
      if (fence === undefined && markdownElements > 0 && markdownBlockCloser.test(line)) {
        markdownElements -= 1;
        output.push('');
        continue;
      }
      const opener = fence === undefined ? htmlBlockOpener.exec(line) : null;
      output.push(line);
      if (opener === null) continue;
      const tag = opener[1] ?? '';
      // `<div markdown="1">` (kramdown): its content is Markdown, read as such, without the tags.
      if (/\bmarkdown\s*=\s*["']?(?:1|block)\b/i.test(opener[0]) && line.trim() === opener[0].trim()) {
        output[output.length - 1] = '';
        markdownElements += 1;
        continue;
      }
      open = { tag: new RegExp(`<${tag}\\b`, 'gi'), close: new RegExp(`</${tag}\\s*>`, 'gi'), depth: 0 };
    } else {
      if (line.trim() === '') continue;
      output.push(line.trimStart());
    }
    open.depth += (line.match(open.tag) ?? []).length - (line.match(open.close) ?? []).length;
    if (open.depth <= 0) open = undefined;
  }
  return output.join('\n');
}
