import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { objectSetting, readConfigLiterals, stringEntries, stringSetting } from '../config-literals';
import { escapeRegExp } from '../../text/escape-regexp';

/** The VitePress settings that shape URLs and locales, read statically from its config file. */
export interface VitepressConfig {
  /** VitePress' source folder (`srcDir`, else the folder holding `.vitepress`). */
  sourceRoot: string;
  /** `base`, e.g. `/docs/`; `undefined` when absent or not literal. */
  base?: string;
  /** `cleanUrls`; `undefined` when absent or not literal. */
  cleanUrls?: boolean;
  /** `rewrites` as literal pattern → replacement pairs, in order. */
  rewrites: Array<[string, string]>;
  /** `locales` keys with their `lang` (`root` is the default locale served at `/`). */
  locales: Array<{ key: string; lang?: string }>;
  /** Top-level `lang`. */
  lang?: string;
  /** `srcExclude`: globs (relative to the source folder) of Markdown files that are not pages. */
  sourceExclude: string[];
}

/** The site's folder: the one holding `.vitepress` (`.vitepress/config.ts` or `.vitepress/config/index.ts`). */
function folderHoldingVitepress(configFile: string): string {
  let folder = path.dirname(configFile);
  while (path.basename(folder) !== '.vitepress' && path.dirname(folder) !== folder) folder = path.dirname(folder);
  return path.dirname(folder);
}

// The site's own settings are the properties of the object that holds these: a sidebar group's
// `base` or a locale's `lang` deeper down are not the site's.
const siteSettings = { beside: ['themeConfig', 'title', 'description', 'locales', 'head', 'markdown', 'vite', 'srcDir', 'cleanUrls', 'rewrites', 'base', 'lang', 'outDir', 'lastUpdated', 'sitemap'] };

/**
 * Reads a VitePress config (`.vitepress/config.ts`, or the entry of a config folder,
 * `.vitepress/config/index.ts`) without running it: `srcDir`, `srcExclude`, `base`,
 * `cleanUrls`, `rewrites` (when an object literal; a function cannot be read) and `locales`
 * keys, each only when written as a literal (see `readConfigLiterals`).
 */
export async function readVitepressConfig(configFile: string | undefined, fallbackRoot: string): Promise<VitepressConfig> {
  if (configFile === undefined) return { sourceRoot: fallbackRoot, rewrites: [], locales: [], sourceExclude: [] };
  const siteRoot = folderHoldingVitepress(configFile);
  const config = readConfigLiterals(await readFile(configFile, 'utf8'));
  const sourceDirectory = stringSetting(config.setting('srcDir', siteSettings));
  const result: VitepressConfig = {
    sourceRoot: sourceDirectory === undefined ? siteRoot : path.resolve(siteRoot, sourceDirectory),
    rewrites: Object.entries(objectSetting(config.setting('rewrites', siteSettings)) ?? {}).flatMap(([from, to]) => (typeof to === 'string' ? [[from, to] as [string, string]] : [])),
    locales: Object.entries(objectSetting(config.setting('locales')) ?? {}).map(([key, value]) => {
      const lang = stringSetting(objectSetting(value)?.lang);
      return lang === undefined ? { key } : { key, lang };
    }),
    // Excluding fewer files than the site does is the safe side of a list read in part.
    sourceExclude: stringEntries(config.setting('srcExclude', siteSettings)),
  };
  const base = stringSetting(config.setting('base', siteSettings));
  const cleanUrls = config.setting('cleanUrls', siteSettings);
  const lang = stringSetting(config.setting('lang', siteSettings));
  if (base !== undefined) result.base = base;
  if (typeof cleanUrls === 'boolean') result.cleanUrls = cleanUrls;
  if (lang !== undefined) result.lang = lang;
  return result;
}

/**
 * Applies VitePress `rewrites` (path-to-regexp patterns over source paths such as
 * `en/:rest*` → `:rest*`, `packages/:pkg/src/(.*)` → `:pkg/index.md`) to a source path; the first
 * matching rule wins.
 *
 * @example applyRewrites('en/guide/deploy.md', [['en/:rest*', ':rest*']]) === 'guide/deploy.md'
 */
export function applyRewrites(sourcePath: string, rewrites: ReadonlyArray<readonly [string, string]>): string {
  for (const [from, to] of rewrites) {
    const names: string[] = [];
    let pattern = '';
    const tokens = /:(\w+)(\*|\+|\?)?|\((.*?)\)|([^:(]+)/g;
    for (const token of from.matchAll(tokens)) {
      if (token[1] !== undefined) {
        names.push(token[1]);
        pattern += token[2] === '*' ? '(.*)' : token[2] === '+' ? '(.+)' : token[2] === '?' ? '([^/]*)' : '([^/]+)';
      } else if (token[3] !== undefined) {
        names.push(String(names.length));
        pattern += `(${token[3]})`;
      } else pattern += escapeRegExp(token[4] ?? '');
    }
    const match = new RegExp(`^${pattern}$`).exec(sourcePath);
    if (match === null) continue;
    let result = to;
    names.forEach((name, index) => {
      result = result.replace(new RegExp(`:${name}[*+?]?`, 'g'), match[index + 1] ?? '');
    });
    return result.replace(/^\/+/, '');
  }
  return sourcePath;
}
