import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { isSettingsTable, settingsTable } from '../config-literals';
import { normalizeLocale } from '../locales';
import { refuseCircularValues } from '../front-matter';
import { DocsFolderError } from '../page-files';

/** One language of a Hugo site, as its config sets it. */
export interface HugoLanguage {
  /** The language key, lower case (`en`, `pt-br`). */
  code: string;
  /** Its own content folder (`languages.<code>.contentDir`), absolute, when it has one. */
  contentDir?: string;
  /** Order of the languages (`weight`); the default language comes first whatever its weight. */
  weight: number;
}

/** A folder mounted into the site's content (`module.mounts` with a `content` target). */
export interface HugoContentMount {
  /** The mounted folder, absolute. */
  source: string;
  /** Where it lands inside the content, `''` at its root (`target: content/api` → `api`). */
  target: string;
  /** Its language (`lang`, or the first of `sites.matrix.languages`, the default one if listed). */
  language?: string;
}

/** What the Hugo dialect reads from a site's configuration. */
export interface HugoConfig {
  /** The site's folder: where its config file (or `config/` folder) lives. */
  siteRoot: string;
  /** The content folder (`contentDir`, default `content`), absolute. */
  contentDir: string;
  /**
   * Folders `module.mounts` mounts into the content, the longest source first; when there are
   * any, they replace the content folder (as Hugo's mounts replace its default one).
   */
  contentMounts: HugoContentMount[];
  /** The URL path of `baseURL` (`https://example.org/docs/` → `/docs`), `''` at a domain's root. */
  basePath: string;
  /** `uglyURLs`: pages served as `/section/page.html` rather than `/section/page/`. */
  uglyUrls: boolean;
  /** `disablePathToLower`: URLs keep the case of file names. */
  keepPathCase: boolean;
  /** `permalinks` for pages, by section (`posts: /:year/:month/:slug/`). */
  permalinks: Map<string, string>;
  /** `markup.goldmark.parser.autoIDType`: `github` (default), `github-ascii` or `blackfriday`. */
  anchorStyle: HugoAnchorStyle;
  /** `markup.goldmark.parser.attribute.block`: a `{.class}` line after a block gives it attributes. */
  blockAttributes: boolean;
  /** `buildFuture`: pages dated in the future are published too. */
  buildFuture: boolean;
  /** `buildExpired`: pages past their `expiryDate` are published too. */
  buildExpired: boolean;
  /** `buildDrafts`: `draft: true` pages are published too. */
  buildDrafts: boolean;
  /** The site's `params`, with keys in lower case (as Hugo reads them). */
  params: Record<string, unknown>;
  /** `defaultContentLanguage`, lower case (default `en`). */
  defaultLanguage: string;
  /** `defaultContentLanguageInSubdir`: the default language is served under `/<code>/` too. */
  defaultLanguageInSubdir: boolean;
  /** The configured languages, the default first. */
  languages: HugoLanguage[];
  /** Folders that may hold shortcode templates, the site's before its themes'. */
  shortcodeFolders: string[];
  /** The site's `title` (the home page's, when its `_index.md` sets none). */
  title?: string;
}

/** Hugo's heading id strategies (`markup.goldmark.parser.autoIDType`). */
export type HugoAnchorStyle = 'github' | 'github-ascii' | 'blackfriday';

/** The names Hugo looks for as a site's config file, in its order (`hugo.*` since 0.110). */
export const hugoConfigNames = ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config.yaml', 'config.yml', 'config.json'];

/**
 * Reads a Hugo site's configuration: its config file, merged with the files of its
 * `config/_default/` folder, then of `config/production/` (the environment of a `hugo` build) (`hugo.toml` or `config.toml` there is the root; `params.toml`,
 * `languages.yaml`, `markup.toml`… each set the key they are named after), keys in lower case.
 *
 * @param configFile The config file, or a `config/_default` folder when the site has only that.
 * @throws DocsFolderError when a config file is not valid TOML, YAML or JSON
 */
export async function readHugoConfig(configFile: string): Promise<HugoConfig> {
  const isFolder = path.basename(configFile) === '_default' && path.basename(path.dirname(configFile)) === 'config';
  const siteRoot = isFolder ? path.dirname(path.dirname(configFile)) : path.dirname(configFile);
  const settings: Record<string, unknown> = isFolder ? {} : lowerKeys(await readConfigFile(configFile));
  // `config/_default/`, then `config/production/`: a `hugo` build runs in the production environment.
  for (const environment of ['_default', 'production']) {
    const folder = path.join(siteRoot, 'config', environment);
    if (existsSync(folder)) mergeInto(settings, await readConfigFolder(folder));
  }

  const text = (key: string) => (typeof settings[key] === 'string' ? (settings[key] as string).trim() : undefined);
  const flag = (key: string) => settings[key] === true;
  const contentDir = path.resolve(siteRoot, text('contentdir') ?? 'content');
  const defaultLanguage = normalizeLocale(text('defaultcontentlanguage') ?? 'en');
  const languages = Object.entries(settingsTable(settings.languages))
    .map(([code, value]): HugoLanguage => {
      const language = settingsTable(value);
      const entry: HugoLanguage = { code: normalizeLocale(code), weight: typeof language.weight === 'number' ? language.weight : 0 };
      if (typeof language.contentdir === 'string' && language.contentdir.trim() !== '') entry.contentDir = path.resolve(siteRoot, language.contentdir.trim());
      return entry;
    })
    .sort((left, right) => Number(right.code === defaultLanguage) - Number(left.code === defaultLanguage) || left.weight - right.weight || (left.code < right.code ? -1 : 1));
  if (!languages.some((language) => language.code === defaultLanguage)) languages.unshift({ code: defaultLanguage, weight: 0 });
  const goldmark = settingsTable(settingsTable(settings.markup).goldmark);
  const idType = settingsTable(goldmark.parser).autoidtype ?? settingsTable(goldmark.parser).autoheadingidtype;
  const themes = (Array.isArray(settings.theme) ? settings.theme : [settings.theme]).filter((theme): theme is string => typeof theme === 'string' && theme.trim() !== '');
  const themesDir = path.resolve(siteRoot, text('themesdir') ?? 'themes');
  const config: HugoConfig = {
    siteRoot,
    contentDir,
    contentMounts: contentMounts(settingsTable(settings.module).mounts, siteRoot, defaultLanguage),
    basePath: basePathOf(text('baseurl') ?? ''),
    uglyUrls: flag('uglyurls'),
    keepPathCase: flag('disablepathtolower'),
    permalinks: pagePermalinks(settings.permalinks),
    anchorStyle: idType === 'github-ascii' || idType === 'blackfriday' ? idType : 'github',
    blockAttributes: settingsTable(settingsTable(goldmark.parser).attribute).block === true,
    buildFuture: flag('buildfuture'),
    buildExpired: flag('buildexpired'),
    buildDrafts: flag('builddrafts'),
    params: settingsTable(settings.params),
    defaultLanguage,
    defaultLanguageInSubdir: flag('defaultcontentlanguageinsubdir'),
    languages,
    shortcodeFolders: [siteRoot, ...themes.map((theme) => path.join(themesDir, theme))].flatMap((folder) => [
      path.join(folder, 'layouts', '_shortcodes'),
      path.join(folder, 'layouts', 'shortcodes'),
    ]),
  };
  const title = text('title');
  if (title !== undefined && title !== '') config.title = title;
  return config;
}

/** The `module.mounts` that mount a folder into the content, the longest source first. */
function contentMounts(value: unknown, siteRoot: string, defaultLanguage: string): HugoContentMount[] {
  const mounts: HugoContentMount[] = [];
  for (const entry of Array.isArray(value) ? value : []) {
    const mount = settingsTable(entry);
    const source = typeof mount.source === 'string' ? mount.source.trim() : '';
    const target = typeof mount.target === 'string' ? mount.target.trim().replace(/^\/+|\/+$/g, '') : '';
    if (source === '' || !(target === 'content' || target.startsWith('content/'))) continue;
    // A mounted file (`../README.md`) lies outside the docs folder; only folders hold pages.
    if (/\.[a-z0-9]+$/i.test(source)) continue;
    const matrix = settingsTable(settingsTable(mount.sites).matrix).languages;
    const languages = (Array.isArray(matrix) ? matrix : []).filter((code): code is string => typeof code === 'string').map(normalizeLocale);
    const language = typeof mount.lang === 'string' ? normalizeLocale(mount.lang) : languages.includes(defaultLanguage) ? defaultLanguage : languages[0];
    mounts.push({ source: path.resolve(siteRoot, source), target: target.slice('content'.length).replace(/^\//, ''), ...(language === undefined ? {} : { language }) });
  }
  return mounts.sort((left, right) => right.source.length - left.source.length);
}

/** `https://example.org/docs/` → `/docs`; `/` or no path → `''`. */
function basePathOf(baseUrl: string): string {
  const pathPart = baseUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/, '');
  const trimmed = pathPart.replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** `permalinks`, in the old form (`posts: …`) or by kind (`page: { posts: … }`), for pages. */
function pagePermalinks(value: unknown): Map<string, string> {
  const settings = settingsTable(value);
  const byKind = settingsTable(settings.page);
  const entries = Object.entries(Object.keys(byKind).length > 0 ? byKind : settings);
  return new Map(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

async function readConfigFile(file: string): Promise<Record<string, unknown>> {
  const source = await readFile(file, 'utf8');
  const extension = path.extname(file).toLowerCase();
  try {
    const data: unknown = extension === '.toml' ? parseToml(source) : extension === '.json' ? JSON.parse(source) : parseYaml(source);
    refuseCircularValues(data, file, 'the config');
    return settingsTable(data);
  } catch (error) {
    if (error instanceof DocsFolderError) throw error;
    const format = extension === '.toml' ? 'TOML' : extension === '.json' ? 'JSON' : 'YAML';
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DocsFolderError(file, `not valid ${format} (${reason}): fix it so that \`hugo\` accepts it, or set the domain's "generator" to read the folder otherwise.`);
  }
}

// `config/_default/`: `hugo.*` or `config.*` is the root; any other file sets the key it is named after.
async function readConfigFolder(folder: string): Promise<Record<string, unknown>> {
  const merged: Record<string, unknown> = {};
  const names = (await readdir(folder)).filter((name) => /\.(?:toml|ya?ml|json)$/i.test(name)).sort();
  for (const name of names) {
    const key = name.replace(/\.[^.]+$/, '').toLowerCase();
    const data = lowerKeys(await readConfigFile(path.join(folder, name)));
    if (key === 'hugo' || key === 'config') mergeInto(merged, data);
    else mergeInto(merged, { [key]: data });
  }
  return merged;
}

// Hugo's config keys are case-insensitive; params are read by lower-case path (`.Site.Params.grpc_vers`).
function lowerKeys(value: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    result[key.toLowerCase()] = typeof entry === 'object' && entry !== null && !Array.isArray(entry) && !(entry instanceof Date) ? lowerKeys(entry as Record<string, unknown>) : entry;
  }
  return result;
}

function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isSettingsTable(existing) && isSettingsTable(value)) mergeInto(existing, value);
    else target[key] = value;
  }
}
