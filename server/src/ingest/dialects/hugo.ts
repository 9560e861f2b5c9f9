import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { hugoAnchors } from '../anchors';
import { dropNonContentHtml, flattenAlerts, githubAlerts } from '../common-transforms';
import { asYamlFrontMatter, calendarDate, frontMatterTime, parseFrontMatter, yamlFrontMatterBlock } from '../front-matter';
import { parseMarkdown, plainText } from '../markdown-parser';
import { rewriteTree, takeIdAttribute } from '../mdast-edits';
import { rewriteLinesOutsideFences } from '../line-scanner';
import { DocsFolderError } from '../page-files';
import { matchesGlob } from '../path-glob';
import { includeBoundary } from '../included-files';
import type { Dialect, DialectOptions, PageFile } from './dialect';
import { joinUrlPath, normalizePrefix, pathInside } from './dialect';
import { readHugoConfig, type HugoConfig, type HugoLanguage } from './hugo-config';
import { settingsTable } from '../config-literals';
import { expandHugoShortcodes, readShortcodeTemplate, type ShortcodeSite, type ShortcodeTemplate } from './hugo-shortcodes';

/** Where a page file sits in a Hugo site. */
interface ContentPlace {
  /** Its language. */
  language: HugoLanguage;
  /** Its path inside its content folder, without a language suffix (`docs/setup.fr.md` → `docs/setup.md`). */
  logicalPath: string;
}

/**
 * Hugo (and themes on it, such as Docsy), by Hugo's own rules:
 * - Pages: the Markdown files of the content folder (`contentDir`, each language's own, or the
 *   folders `module.mounts` mounts there), the
 *   docs folder being the site, its content folder or a folder inside it. A file beside a leaf
 *   bundle's `index.md` (or below it) is a resource of that page, not a page. `draft: true`,
 *   `headless: true`, `build: { render: never | link }` (or `_build`), pages dated in the future and
 *   expired ones are not published (unless `buildDrafts`, `buildFuture`, `buildExpired`).
 * - Front matter: YAML (`---`), TOML (`+++`) or JSON (`{…}`).
 * - URLs: `docs/setup.md` → `/docs/setup/` (`/docs/setup.html` with `uglyURLs`), a folder's
 *   `_index.md` or a leaf bundle's `index.md` → the folder's URL, in lower case unless
 *   `disablePathToLower`; `slug` renames the last part, `url` sets the whole path, `permalinks`
 *   patterns apply to a section's pages (`:year`, `:month`, `:day`, `:slug`, `:title`,
 *   `:filename`, `:section`, `:sections`, `:contentbasename`); under `pathPrefix`, else the path of
 *   `baseURL`; another language's pages under `/<code>/` (the default's too with
 *   `defaultContentLanguageInSubdir`).
 * - Languages: by the language's `contentDir`, else by a file name's suffix (`setup.fr.md`).
 * - Text: shortcodes expanded as far as can be known without running templates (see
 *   `expandHugoShortcodes`); GitHub alerts read as their content; `{#id .class}` heading
 *   attributes taken out of the text, and block attribute lines (`{.table-dark}`) where
 *   `markup.goldmark.parser.attribute.block` enables them.
 * - Docsy's `exclude_search: true` leaves a page out of retrieval unless the reader is on it.
 * - Titles: `title`; a section (`_index.md`) without one is named after its folder, the home page
 *   after the site's `title`.
 * - Anchors: Goldmark's, as Hugo configures them (see `hugoSlug`).
 */
export async function createHugoDialect(options: DialectOptions): Promise<Dialect> {
  const config = options.configFile === undefined ? defaultConfig(options.root) : await readHugoConfig(options.configFile);
  const prefix = normalizePrefix(options.pathPrefix ?? config.basePath);
  const defaultLanguage = config.languages[0] as HugoLanguage;
  const languagePrefix = (language: HugoLanguage) => (language === defaultLanguage && !config.defaultLanguageInSubdir ? prefix : `${prefix}/${language.code}`);
  const languageCodes = new Map(config.languages.map((language) => [language.code, language]));
  const leafBundles = new Set<string>();
  const templates = new Map<string, ShortcodeTemplate | undefined>();
  const siteTitle = config.title;
  const boundary = includeBoundary(options.root, options.configFile);
  const shortcodeSite: ShortcodeSite = {
    siteRoot: config.siteRoot,
    boundary,
    contentDir: config.contentDir,
    siteParams: config.params,
    template: (name) => {
      if (!templates.has(name)) templates.set(name, readShortcodeTemplate(config.shortcodeFolders, name, boundary));
      return templates.get(name);
    },
  };

  /** The file's language and path inside its content folder, or `undefined` outside every content folder. */
  const placeOf = (file: PageFile): ContentPlace | undefined => {
    for (const mount of config.contentMounts) {
      const inside = pathInside(mount.source, file);
      if (inside === undefined) continue;
      const language = (mount.language === undefined ? undefined : languageCodes.get(mount.language)) ?? defaultLanguage;
      return { language, logicalPath: mount.target === '' ? inside : `${mount.target}/${inside}` };
    }
    if (config.contentMounts.length > 0) return undefined;
    for (const language of config.languages) {
      const inside = language.contentDir === undefined ? undefined : pathInside(language.contentDir, file);
      if (inside !== undefined) return { language, logicalPath: inside };
    }
    const inside = pathInside(config.contentDir, file);
    if (inside === undefined) return undefined;
    // `setup.fr.md`: a translation, when `fr` is one of the site's languages.
    const suffix = /\.([a-z]{2,3}(?:[-_][a-z0-9]+)?)\.md$/i.exec(inside);
    const language = suffix === null ? undefined : languageCodes.get(suffix[1]?.toLowerCase().replace(/_/g, '-') ?? '');
    if (language !== undefined && suffix !== null) return { language, logicalPath: `${inside.slice(0, suffix.index)}.md` };
    return { language: defaultLanguage, logicalPath: inside };
  };

  // Leaf bundles and sections' cascades by their path in the content, per language (not by the
  // path in the docs folder, which may be the site or the content).
  const places = new Map<string, ContentPlace>();
  for (const relativeFile of options.files) {
    const place = placeOf({ relativeFile, sourceFile: path.join(options.root, relativeFile) });
    if (place === undefined) continue;
    places.set(relativeFile, place);
    if (/(?:^|\/)index\.md$/i.test(place.logicalPath) && path.posix.dirname(place.logicalPath) !== '.') leafBundles.add(`${place.language.code}:${path.posix.dirname(place.logicalPath)}`);
  }
  const cascades = await readCascades(options.root, places);
  const cascadeFingerprint = createHash('sha256').update(JSON.stringify([...cascades])).digest('hex').slice(0, 16);

  return {
    generator: 'hugo',
    fingerprint: `hugo:1:${config.siteRoot}:${config.contentDir}:${config.anchorStyle}:${config.blockAttributes}:${siteTitle ?? ''}:${config.contentMounts.map((mount) => `${mount.source}>${mount.target}`).join(',')}:${config.languages.map((language) => `${language.code}=${language.contentDir ?? ''}`).join(',')}:${createHash('sha256').update(JSON.stringify(config.params)).digest('hex').slice(0, 16)}:${cascadeFingerprint}`,
    locales: config.languages.map((language) => ({ code: language.code, pathPrefix: languagePrefix(language) })),
    defaultLocale: defaultLanguage.code,
    isPage: (file) => {
      if (!/\.md$/i.test(file.relativeFile)) return false;
      const place = placeOf(file);
      return place !== undefined && !isBundleResource(place, leafBundles);
    },
    async parse(source, file) {
      const dependencies: string[] = [];
      const own = readFrontMatter(source, file.sourceFile);
      const place = placeOf(file);
      const cascaded = place === undefined ? undefined : withCascade(own.frontMatter, place, cascades);
      // Values an ancestor section cascades down are the page's own (its build options, params).
      const frontMatter = cascaded ?? own.frontMatter;
      const withFrontMatter = cascaded === undefined ? own.text : asYamlFrontMatter(cascaded);
      const body = own.body;
      const pageTitle = typeof frontMatter.title === 'string' ? frontMatter.title : undefined;
      const expanded = expandHugoShortcodes(body, shortcodeSite, { sourceFile: file.sourceFile, frontMatter, dependencies, ...(pageTitle === undefined ? {} : { title: pageTitle }) });
      const text = withFrontMatter + (config.blockAttributes ? withoutBlockAttributes(expanded) : expanded);
      const tree = parseMarkdown(text);
      flattenAlerts(tree, githubAlerts);
      rewriteTree(tree, (node) => {
        if (node.type === 'heading') takeIdAttribute(node, headingAttributes);
        return undefined;
      });
      dropNonContentHtml(tree);
      const title = typeof frontMatter.title === 'string' && frontMatter.title.trim() !== '' ? undefined : untitledSectionName(place?.logicalPath, siteTitle);
      return { tree, text, dependencies, ...(title === undefined ? {} : { title }) };
    },
    unpublished: (frontMatter) => !isPublished(frontMatter, config, new Date()),
    excludesFromSearch: (_file, frontMatter) => frontMatter.exclude_search === true || settingsTable(frontMatter.params).exclude_search === true,
    headingText: (heading) => plainText(heading),
    assignAnchors: hugoAnchors(config.anchorStyle),
    pagePath: (file, frontMatter) => {
      const place = placeOf(file) ?? { language: defaultLanguage, logicalPath: file.relativeFile };
      const explicit = typeof frontMatter.url === 'string' && frontMatter.url.trim() !== '' ? frontMatter.url.trim() : undefined;
      if (explicit !== undefined) return joinUrlPath(prefix, explicit.replace(/^\/+/, ''));
      return joinUrlPath(languagePrefix(place.language), hugoPagePath(place.logicalPath, frontMatter, config));
    },
    localeOf: (_pagePath, file) => (placeOf(file) ?? { language: defaultLanguage }).language.code,
  };
}

function defaultConfig(root: string): HugoConfig {
  return {
    siteRoot: root,
    contentDir: root,
    contentMounts: [],
    basePath: '',
    uglyUrls: false,
    keepPathCase: false,
    permalinks: new Map(),
    anchorStyle: 'github',
    blockAttributes: false,
    buildFuture: false,
    buildExpired: false,
    buildDrafts: false,
    params: {},
    defaultLanguage: 'en',
    defaultLanguageInSubdir: false,
    languages: [{ code: 'en', weight: 0 }],
    shortcodeFolders: [],
  };
}

/**
 * A page's URL path inside its language's site, by Hugo's rules (see {@link createHugoDialect}):
 * `docs/setup.md` → `docs/setup/`, `docs/_index.md` → `docs/`, `blog/post/index.md` → `blog/post/`.
 *
 * @example hugoPagePath('Docs/Getting Started.md', {}, config) === 'docs/getting-started/'
 */
export function hugoPagePath(logicalPath: string, frontMatter: Record<string, unknown>, config: Pick<HugoConfig, 'uglyUrls' | 'keepPathCase' | 'permalinks'>): string {
  const segments = logicalPath.replace(/\.md$/i, '').split('/');
  const name = segments.pop() ?? '';
  const slug = typeof frontMatter.slug === 'string' && frontMatter.slug.trim() !== '' ? frontMatter.slug.trim() : undefined;
  const finish = (parts: string[], page: boolean) => {
    const joined = parts.filter((part) => part !== '').map(urlize).join('/');
    const cased = config.keepPathCase ? joined : joined.toLowerCase();
    if (cased === '') return '';
    return page && config.uglyUrls ? `${cased}.html` : `${cased}/`;
  };
  if (name === '_index') return finish(segments, false);
  const leaf = name === 'index';
  // A section's pages, leaf bundles included (their name is their folder's), follow its pattern.
  const pageSections = leaf ? segments.slice(0, -1) : segments;
  const pattern = pageSections.length > 0 ? config.permalinks.get(pageSections[0] ?? '') : undefined;
  if (pattern !== undefined) return expandPermalink(pattern, pageSections, leaf ? (segments.at(-1) ?? name) : name, slug, frontMatter, config);
  if (leaf) {
    if (slug !== undefined && segments.length > 0) segments[segments.length - 1] = slug;
    return finish(segments, true);
  }
  return finish([...segments, slug ?? name], true);
}

// Hugo's `urlize` of a path part: spaces become `-`; what URLs cannot hold is left for encoding.
function urlize(part: string): string {
  return part.trim().replace(/\s+/g, '-');
}

/** A `permalinks` pattern (`/:year/:month/:slug/`) for one page. */
function expandPermalink(
  pattern: string,
  sections: readonly string[],
  fileName: string,
  slug: string | undefined,
  frontMatter: Record<string, unknown>,
  config: Pick<HugoConfig, 'uglyUrls' | 'keepPathCase'>,
): string {
  const date = calendarDate(frontMatter.date) ?? calendarDate(frontMatter.publishdate) ?? calendarDate(frontMatter.publishDate);
  const title = typeof frontMatter.title === 'string' ? frontMatter.title : fileName;
  // Hugo's urlize: lower case, letters, digits and `._~+@-` kept, white space a `-`, no `-` twice.
  const titleSlug = title
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s._~+@-]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-');
  const two = (value: number) => String(value).padStart(2, '0');
  const tokens: Record<string, string> = {
    year: date === undefined ? '' : String(date.year),
    month: date === undefined ? '' : two(date.month),
    day: date === undefined ? '' : two(date.day),
    section: sections[0] ?? '',
    sections: sections.join('/'),
    title: titleSlug,
    slug: slug ?? titleSlug,
    slugorfilename: slug ?? fileName,
    slugorcontentbasename: slug ?? fileName,
    filename: fileName,
    contentbasename: fileName,
  };
  const expanded = pattern.replace(/:([a-z]+)/gi, (whole, token: string) => tokens[token.toLowerCase()] ?? whole);
  const cleaned = expanded.replace(/\/{2,}/g, '/').replace(/^\/+/, '');
  const cased = config.keepPathCase ? cleaned : cleaned.toLowerCase();
  if (cased.endsWith('/') || cased.endsWith('.html')) return cased;
  return config.uglyUrls ? `${cased}.html` : `${cased}/`;
}

/** Whether Hugo publishes a page in a production build (`hugo`, no flags beyond the config's). */
export function isPublished(frontMatter: Record<string, unknown>, config: Pick<HugoConfig, 'buildDrafts' | 'buildFuture' | 'buildExpired'>, now: Date): boolean {
  if (frontMatter.draft === true && !config.buildDrafts) return false;
  if (frontMatter.headless === true) return false;
  for (const key of ['build', '_build']) {
    const render = settingsTable(frontMatter[key]).render;
    // `link`: the page has a URL but is not rendered (a placeholder that redirects elsewhere).
    if (render === 'never' || render === 'link' || render === false) return false;
  }
  const published = frontMatterTime(frontMatter.publishdate) ?? frontMatterTime(frontMatter.publishDate) ?? frontMatterTime(frontMatter.date);
  if (!config.buildFuture && published !== undefined && published > now.getTime()) return false;
  const expires = frontMatterTime(frontMatter.expirydate) ?? frontMatterTime(frontMatter.expiryDate);
  if (!config.buildExpired && expires !== undefined && expires <= now.getTime()) return false;
  return true;
}

/** Whether a file lies in a leaf bundle (beside its `index.md`, or below it) without being that index. */
function isBundleResource(place: ContentPlace, leafBundles: ReadonlySet<string>): boolean {
  const folder = path.posix.dirname(place.logicalPath);
  const isIndex = /^index\.md$/i.test(path.posix.basename(place.logicalPath));
  for (let current = folder; current !== '.' && current !== ''; current = path.posix.dirname(current)) {
    if (leafBundles.has(`${place.language.code}:${current}`) && !(isIndex && current === folder)) return true;
  }
  return false;
}

/** One `cascade` entry of a section: values, and the pages they are for (`_target`/`target`). */
interface CascadeEntry {
  values: Record<string, unknown>;
  /** A glob over the page's path in the content (`/docs/**`). */
  path?: string;
  /** `page` or `section`. */
  kind?: string;
}

/** The `cascade` of each section's `_index.md`, by `<language>:<folder in the content>`. */
async function readCascades(root: string, places: ReadonlyMap<string, ContentPlace>): Promise<Map<string, CascadeEntry[]>> {
  const cascades = new Map<string, CascadeEntry[]>();
  for (const [file, place] of places) {
    if (!/(?:^|\/)_index\.md$/i.test(place.logicalPath)) continue;
    const sourceFile = path.join(root, file);
    const source = await readFile(sourceFile, 'utf8').catch(() => '');
    const cascade = readFrontMatter(source.replace(/^\uFEFF/, ''), sourceFile).frontMatter.cascade;
    const entries = (Array.isArray(cascade) ? cascade : cascade === undefined ? [] : [cascade]).flatMap((entry): CascadeEntry[] => {
      const { _target: oldTarget, target: newTarget, ...values } = settingsTable(entry);
      const target = settingsTable(newTarget ?? oldTarget);
      if (Object.keys(values).length === 0) return [];
      const result: CascadeEntry = { values };
      if (typeof target.path === 'string' && target.path.trim() !== '') result.path = target.path.trim();
      if (typeof target.kind === 'string' && target.kind.trim() !== '') result.kind = target.kind.trim().toLowerCase();
      return [result];
    });
    if (entries.length > 0) cascades.set(`${place.language.code}:${path.posix.dirname(place.logicalPath)}`, entries);
  }
  return cascades;
}

/**
 * A page's front matter with what its sections cascade down (the nearest first; the page's own
 * keys win), or `undefined` when nothing cascades to it. A section's cascade applies to its own
 * `_index.md` too, as Hugo builds it (a section that cascades `build: { render: never }` and
 * sets `build: { render: always }` for itself is rendered, its pages are not).
 */
function withCascade(frontMatter: Record<string, unknown>, place: ContentPlace, cascades: ReadonlyMap<string, CascadeEntry[]>): Record<string, unknown> | undefined {
  if (cascades.size === 0) return undefined;
  const isSection = /(?:^|\/)_index\.md$/i.test(place.logicalPath);
  const contentPath = `/${place.logicalPath.replace(/(?:^|\/)_?index\.md$/i, '').replace(/\.md$/i, '')}`.replace(/\/+$/, '') || '/';
  let folder = path.posix.dirname(place.logicalPath);
  let merged: Record<string, unknown> | undefined;
  for (; folder !== ''; folder = folder === '.' ? '' : path.posix.dirname(folder)) {
    for (const entry of cascades.get(`${place.language.code}:${folder}`) ?? []) {
      if (entry.kind !== undefined && entry.kind !== (isSection ? 'section' : 'page')) continue;
      if (entry.path !== undefined && !matchesGlob(contentPath.replace(/^\//, ''), entry.path.replace(/^\//, ''))) continue;
      for (const [key, value] of Object.entries(entry.values)) {
        if (key in frontMatter || (merged !== undefined && key in merged)) continue;
        merged = { ...(merged ?? frontMatter), [key]: value };
      }
    }
  }
  return merged;
}

/** The title Hugo gives a section without one: its folder's name (the site's title for the home page). */
function untitledSectionName(logicalPath: string | undefined, siteTitle: string | undefined): string | undefined {
  if (logicalPath === undefined || !/(?:^|\/)_index\.md$/i.test(logicalPath)) return undefined;
  const folder = path.posix.dirname(logicalPath);
  if (folder === '.') return siteTitle;
  const words = path.posix.basename(folder).replace(/[-_]+/g, ' ').trim();
  return words.replace(/\b\p{Ll}/gu, (letter) => letter.toUpperCase());
}

/**
 * A page's front matter, as a YAML block the shared reading understands (TOML and JSON front
 * matter written as JSON, which is YAML), and the body after it.
 *
 * @throws DocsFolderError when TOML or JSON front matter is invalid
 */
export function readFrontMatter(source: string, sourceFile: string): { text: string; frontMatter: Record<string, unknown>; body: string } {
  const yaml = yamlFrontMatterBlock(source);
  if (yaml !== undefined) return { text: yaml.block, frontMatter: parseFrontMatter(yaml.yaml, sourceFile), body: yaml.body };
  const toml = /^\+\+\+[ \t]*\r?\n([\s\S]*?)\r?\n\+\+\+[ \t]*(?:\r?\n|$)/.exec(source);
  if (toml !== null) {
    let data: Record<string, unknown>;
    try {
      data = settingsTable(parseToml(toml[1] ?? ''));
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new DocsFolderError(sourceFile, `front matter is not valid TOML (${reason}); fix the block between the opening and closing +++ lines`);
    }
    return { text: asYamlFrontMatter(data), frontMatter: data, body: source.slice(toml[0].length) };
  }
  if (source.startsWith('{')) {
    const end = jsonObjectEnd(source);
    if (end !== undefined) {
      try {
        const data = settingsTable(JSON.parse(source.slice(0, end)));
        return { text: asYamlFrontMatter(data), frontMatter: data, body: source.slice(end).replace(/^[ \t]*\r?\n/, '') };
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        throw new DocsFolderError(sourceFile, `front matter is not valid JSON (${reason}); fix the object the page starts with`);
      }
    }
  }
  return { text: '', frontMatter: {}, body: source };
}

/** Where the JSON object a page starts with ends (its closing brace, outside strings). */
function jsonObjectEnd(source: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < source.length; index++) {
    const character = source[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{') depth += 1;
    else if (character === '}') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return undefined;
}

// Goldmark's block attributes (`markup.goldmark.parser.attribute.block`): a line of nothing but
// `{.class #id key="value"}` right after a block styles it; the reader sees none of it.
const blockAttributeLine = /^[ \t]*\{[ \t]*[.#][^{}\n]*\}[ \t]*$/;

function withoutBlockAttributes(source: string): string {
  return rewriteLinesOutsideFences(source, (line) => (blockAttributeLine.test(line) ? '' : line));
}

// Goldmark's heading attributes: `{#id .class key=value}` at the end of the heading.
const headingAttributes = /\s*\{\s*((?:[#.][^\s{}]+|[^\s{}=#.][^\s{}=]*=(?:"[^"]*"|[^\s{}"]*))(?:\s+(?:[#.][^\s{}]+|[^\s{}=#.][^\s{}=]*=(?:"[^"]*"|[^\s{}"]*)))*)\s*\}\s*$/;

