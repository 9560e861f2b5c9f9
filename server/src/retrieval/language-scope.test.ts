import { describe, expect, test } from 'vitest';
import { inlineIndex, pagesOf } from './fixtures/inline-pages';
import { localeOfPath, readerLanguage } from './language-scope';

const locales = [
  { code: 'en', pathPrefix: '/docs' },
  { code: 'de', pathPrefix: '/docs/de' },
  { code: 'fr', pathPrefix: '/docs/fr' },
];

// The same page in three languages (the code and product names are the same in each), and a page without a language.
const index = inlineIndex(
  [
    { path: '/docs/sidebar', title: 'Sidebar', language: 'en', markdown: '## Hide a page\n\nSet `sidebar.hidden` in the front matter to hide a page from the sidebar.\n' },
    { path: '/docs/de/sidebar', title: 'Seitenleiste', language: 'de', markdown: '## Eine Seite ausblenden\n\nSetze `sidebar.hidden` im Frontmatter, um eine Seite in der Seitenleiste auszublenden.\n' },
    { path: '/docs/fr/sidebar', title: 'Barre latérale', language: 'fr', markdown: '## Masquer une page\n\nDéfinissez `sidebar.hidden` dans le frontmatter pour masquer une page de la barre latérale.\n' },
    { path: '/docs/changelog', title: 'Changelog', markdown: '## 2.0\n\nNew `sidebar.hidden` option.\n' },
  ],
  { locales },
);
const search = (query: string, extra: { currentPath?: string; filter?: { language: string } } = {}) => pagesOf(index.search({ query, limit: 10, ...extra }));

describe('language scope', () => {
  test('without a hint, search stays in the default locale (pages without a language always pass)', () => {
    expect(search('sidebar.hidden')).toEqual(expect.arrayContaining(['/docs/sidebar', '/docs/changelog']));
    expect(search('sidebar.hidden')).toHaveLength(2);
  });

  test("the reader's page decides the locale, whatever the form of its path", () => {
    expect(search('sidebar.hidden', { currentPath: '/docs/de/sidebar/' }).sort()).toEqual(['/docs/changelog', '/docs/de/sidebar']);
    expect(search('sidebar.hidden', { currentPath: 'https://example.com/docs/fr/sidebar?x=1' }).sort()).toEqual(['/docs/changelog', '/docs/fr/sidebar']);
    expect(search('sidebar.hidden', { currentPath: '/docs/sidebar' }).sort()).toEqual(['/docs/changelog', '/docs/sidebar']);
  });

  test('filter.language wins over the page, and only pages in that language pass it', () => {
    expect(search('sidebar.hidden', { currentPath: '/docs/de/sidebar', filter: { language: 'fr' } })).toEqual(['/docs/fr/sidebar']);
  });

  test("a question clearly written in another locale's words searches that locale", () => {
    expect(search('Wie kann ich eine Seite in der Seitenleiste ausblenden?')[0]).toBe('/docs/de/sidebar');
    expect(search('Comment masquer une page de la barre latérale ?')[0]).toBe('/docs/fr/sidebar');
    // Shared code words do not switch the language.
    expect(search('How do I hide a page with sidebar.hidden?')[0]).toBe('/docs/sidebar');
  });

  test('a single-language site is not restricted', () => {
    const single = inlineIndex([
      { path: '/docs/a', title: 'A', language: 'de', markdown: '## Eins\n\nSeitenleiste.\n' },
      { path: '/docs/b', title: 'B', markdown: '## Two\n\nSeitenleiste.\n' },
    ]);
    expect(pagesOf(single.search({ query: 'Seitenleiste', limit: 5 })).sort()).toEqual(['/docs/a', '/docs/b']);
  });
});

describe('readerLanguage and localeOfPath', () => {
  test('the longest locale prefix wins; the root locale takes everything else', () => {
    expect(localeOfPath('/docs/de/guide', locales)).toBe('de');
    expect(localeOfPath('/docs/deploy', locales)).toBe('en');
    expect(localeOfPath('/harbor/docs/fr/x', locales, '/harbor')).toBe('fr');
  });

  test('page first, then the written language, then the default; nothing for one locale', () => {
    expect(readerLanguage({ locales, defaultLocale: 'en', currentPath: '/docs/fr/a', writtenIn: 'de' })).toBe('fr');
    expect(readerLanguage({ locales, defaultLocale: 'en', writtenIn: 'de' })).toBe('de');
    expect(readerLanguage({ locales, defaultLocale: 'en' })).toBe('en');
    expect(readerLanguage({ locales: [{ code: 'en', pathPrefix: '' }], defaultLocale: 'en' })).toBeUndefined();
  });
});
