import type { DocsLocale, IngestedPage } from './ingested-docs';

/** The locales of a built site, for `IngestedDocs`. */
export interface BuiltSiteLocales {
  /** One entry per language found on the pages; `[]` when no page has `<html lang>`. */
  locales: DocsLocale[];
  /** The language of the site's root page, else the most common one; `undefined` when none is known. */
  defaultLocale?: string;
}

// A path segment that names a language: `de`, `pt-br`, `zh_CN`, `en-US`.
const localeSegment = /^[a-z]{2,3}([-_][a-z0-9]{2,4})?$/i;

/**
 * The locales of a built site, from its pages' `<html lang>`. A language whose pages all sit
 * under one folder named like it (`/fr/…` for `fr`, `/zh-cn/…` or `/zh/…` for `zh-cn`) is served
 * under that folder; the others (the root locale) under `pathPrefix` itself.
 *
 * @example builtSiteLocales(pages, '') // { locales: [{ code: 'en', pathPrefix: '' }, { code: 'fr', pathPrefix: '/fr' }], defaultLocale: 'en' }
 */
export function builtSiteLocales(pages: readonly IngestedPage[], pathPrefix: string): BuiltSiteLocales {
  const pagesByLanguage = new Map<string, IngestedPage[]>();
  for (const page of pages) {
    if (page.language === undefined) continue;
    pagesByLanguage.set(page.language, [...(pagesByLanguage.get(page.language) ?? []), page]);
  }
  if (pagesByLanguage.size === 0) return { locales: [] };

  const locales = [...pagesByLanguage].map(([code, languagePages]) => ({ code, pathPrefix: localePrefix(code, languagePages, pathPrefix) }));
  locales.sort((left, right) => (left.code < right.code ? -1 : left.code > right.code ? 1 : 0));
  const rootPage = pages.find((page) => page.path === `${pathPrefix}/` && page.language !== undefined);
  const mostCommon = [...pagesByLanguage].sort((left, right) => right[1].length - left[1].length)[0]?.[0];
  return { locales, defaultLocale: rootPage?.language ?? mostCommon };
}

function localePrefix(code: string, pages: readonly IngestedPage[], pathPrefix: string): string {
  const firstSegments = new Set(pages.map((page) => (page.path.startsWith(`${pathPrefix}/`) ? page.path.slice(pathPrefix.length + 1) : page.path.replace(/^\//, '')).split('/')[0] ?? ''));
  if (firstSegments.size !== 1) return pathPrefix;
  const [segment = ''] = firstSegments;
  const language = code.toLowerCase();
  const named = segment.toLowerCase().replace('_', '-');
  const matchesCode = named === language || named === language.split('-')[0] || language === named.split('-')[0];
  return localeSegment.test(segment) && matchesCode && pages.some((page) => page.path.includes(`/${segment}/`)) ? `${pathPrefix}/${segment}` : pathPrefix;
}
