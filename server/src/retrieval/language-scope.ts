import type { DocsLocale } from '../ingest/ingested-docs';
import type { DocSection } from './sections';
import { comparablePath } from './section-filter';

/** What decides the language a search stays in. */
export interface LanguageScopeInput {
  /** The docs' locales (none or one for a single-language site). */
  locales: readonly DocsLocale[];
  /** The locale served at the root, when known. */
  defaultLocale: string | undefined;
  /** The page the reader is on (path or full URL), when known. */
  currentPath?: string | null;
  /** Path the site is published under (from `siteUrl`, e.g. `/harbor`), stripped from a full-URL currentPath. */
  basePath?: string;
  /**
   * The locale whose pages' words the question is written in, when that is clearly another
   * locale than the one the reader's page or the default would give (see {@link questionLanguage}).
   */
  writtenIn?: string;
}

/**
 * The language a search without an explicit `filter.language` stays in: the locale of the page
 * the reader is on (the longest locale `pathPrefix` its path starts with), else the language the
 * question is clearly written in, else the default locale. `undefined` (no restriction) for a
 * single-language site.
 *
 * @example readerLanguage({ locales, defaultLocale: 'en', currentPath: '/de/guides/sidebar/' }) // 'de'
 */
export function readerLanguage(input: LanguageScopeInput): string | undefined {
  if (input.locales.length < 2) return undefined;
  const fromPage = input.currentPath ? localeOfPath(input.currentPath, input.locales, input.basePath) : undefined;
  return fromPage ?? input.writtenIn ?? input.defaultLocale;
}

/** The locale whose `pathPrefix` the path starts with (the longest such, a root prefix only when nothing longer fits). */
export function localeOfPath(path: string, locales: readonly DocsLocale[], basePath = ''): string | undefined {
  const current = comparablePath(path);
  const candidates = basePath !== '' && current.startsWith(`${basePath}/`) ? [current, current.slice(basePath.length)] : [current];
  let best: DocsLocale | undefined;
  for (const locale of locales) {
    const prefix = locale.pathPrefix.replace(/\/+$/, '');
    const fits = candidates.some((candidate) => prefix === '' || candidate === prefix || candidate.startsWith(`${prefix}/`));
    if (fits && (best === undefined || prefix.length > best.pathPrefix.replace(/\/+$/, '').length)) best = locale;
  }
  return best?.code;
}

/** Fewest question terms another locale must know beyond what the expected locale knows, to switch to it. */
const minimumExtraTerms = 2;

/**
 * The locale a question is written in, judged by the docs' own words: the locale whose pages
 * contain clearly more of the question's terms than the expected locale's pages do. Code words
 * and product names appear in every translation, so only a clear surplus counts.
 *
 * @param terms the question's terms
 * @param vocabularies every locale's terms, by locale code
 * @param expected the locale the search would otherwise use
 * @example questionLanguage(['wie', 'seit', 'ausblend'], vocabularies, 'en') // 'de'
 */
export function questionLanguage(terms: readonly string[], vocabularies: ReadonlyMap<string, ReadonlySet<string>>, expected: string | undefined): string | undefined {
  const known = (code: string | undefined): number => {
    const vocabulary = code === undefined ? undefined : vocabularies.get(code);
    return vocabulary === undefined ? 0 : terms.filter((term) => vocabulary.has(term)).length;
  };
  const baseline = known(expected);
  let best: { code: string; count: number } | undefined;
  for (const code of vocabularies.keys()) {
    const count = known(code);
    if (code !== expected && (best === undefined || count > best.count)) best = { code, count };
  }
  const needed = baseline + Math.max(minimumExtraTerms, Math.ceil(terms.length / 4));
  return best !== undefined && best.count >= needed ? best.code : undefined;
}

/** What {@link scopedLanguage} needs beyond {@link LanguageScopeInput}: the question and each locale's words. */
export interface ScopedLanguageInput extends Omit<LanguageScopeInput, 'writtenIn'> {
  /** The terms of the reader's question. */
  questionTerms: readonly string[];
  /** Every term of each locale's pages, by locale code. */
  vocabularies: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The language a search stays in (see {@link readerLanguage}), judging the question's own language by the docs' words. */
export function scopedLanguage(input: ScopedLanguageInput): string | undefined {
  const expected = readerLanguage(input);
  return readerLanguage({ ...input, writtenIn: questionLanguage(input.questionTerms, input.vocabularies, expected) });
}

/** A section test that also requires the language (sections without a language pass); `passes` alone when there is none. */
export function withLanguage(passes: ((section: DocSection) => boolean) | undefined, language: string | undefined): ((section: DocSection) => boolean) | undefined {
  if (language === undefined) return passes;
  const inLanguage = (section: DocSection) => section.language === undefined || section.language.toLowerCase() === language;
  return passes === undefined ? inLanguage : (section) => inLanguage(section) && passes(section);
}
