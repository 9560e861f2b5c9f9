import type { DocsLocale } from './ingested-docs';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * Whether a folder name is a locale code as docs sites name their translation folders: a
 * two-letter language the platform knows, optionally with a script or region (`de`, `zh-cn`,
 * `pt-BR`, `zh-Hans`).
 */
export function isLocaleCode(name: string): boolean {
  const match = /^([a-z]{2})(?:[-_]([a-z]{4}|[a-z]{2}|\d{3}))?$/i.exec(name);
  if (match === null) return false;
  try {
    return languageNames.of((match[1] as string).toLowerCase()) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Top-level folders holding translations: named by a locale code, and either mirroring a page
 * of the root (`fr/getting-started.md` beside `getting-started.md`) or one of several such
 * folders. A lone `id/` or `ts/` folder of unrelated pages is not taken for a language.
 *
 * @example localeFolders(['index.md', 'de/index.md', 'guide/a.md']) // ['de']
 */
export function localeFolders(files: readonly string[]): string[] {
  const rootPages = new Set<string>();
  const byFolder = new Map<string, string[]>();
  for (const file of files) {
    const slash = file.indexOf('/');
    if (slash === -1) {
      rootPages.add(file);
      continue;
    }
    const folder = file.slice(0, slash);
    if (!isLocaleCode(folder)) {
      rootPages.add(file);
      continue;
    }
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file.slice(slash + 1)]);
  }
  const candidates = [...byFolder.keys()];
  return candidates.filter((folder) => candidates.length >= 2 || (byFolder.get(folder) ?? []).some((inner) => rootPages.has(inner))).sort();
}

/** A locale code as pages carry it: lower case, `_` as `-`. */
export function normalizeLocale(code: string): string {
  return code.trim().toLowerCase().replace(/_/g, '-');
}

/**
 * The locales of a site: the default first, served at `prefix`, then each translation folder
 * at `prefix/<folder>`.
 */
export function siteLocales(defaultLocale: string, folders: readonly string[], prefix: string, codeOf: (folder: string) => string = normalizeLocale): DocsLocale[] {
  const locales: DocsLocale[] = [{ code: normalizeLocale(defaultLocale), pathPrefix: prefix }];
  for (const folder of folders) {
    const code = codeOf(folder);
    if (!locales.some((locale) => locale.code === code)) locales.push({ code, pathPrefix: `${prefix}/${folder}` });
  }
  return locales;
}

/**
 * The locale a URL path belongs to: the one with the longest path prefix that contains it
 * (`/de/guide/` → `de`), else the default (the first).
 */
export function localeOfPath(pagePath: string, locales: readonly DocsLocale[]): string {
  let best: DocsLocale | undefined;
  for (const locale of locales) {
    const prefix = locale.pathPrefix;
    const inside = pagePath === prefix || pagePath.startsWith(`${prefix}/`);
    if (inside && (best === undefined || prefix.length > best.pathPrefix.length)) best = locale;
  }
  return (best ?? locales[0])?.code ?? 'en';
}
