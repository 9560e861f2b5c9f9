import { describe, expect, test } from 'vitest';
import { builtSiteLocales } from './html-locales';
import type { IngestedPage } from './ingested-docs';

function page(path: string, language?: string): IngestedPage {
  return { path, sourceFile: `/site${path}`, title: path, groups: [], sections: [], ...(language === undefined ? {} : { language }) };
}

describe('builtSiteLocales', () => {
  test('a language whose pages sit under a folder named like it is served there; the root page gives the default', () => {
    const pages = [page('/docs/', 'en'), page('/docs/a.html', 'en'), page('/docs/zh/', 'zh-cn'), page('/docs/zh/a.html', 'zh-cn'), page('/docs/pt-BR/a.html', 'pt-br'), page('/docs/pt-BR/b.html', 'pt-br')];

    expect(builtSiteLocales(pages, '/docs')).toEqual({
      locales: [
        { code: 'en', pathPrefix: '/docs' },
        { code: 'pt-br', pathPrefix: '/docs/pt-BR' },
        { code: 'zh-cn', pathPrefix: '/docs/zh' },
      ],
      defaultLocale: 'en',
    });
  });

  test('without a root page the most common language is the default; a folder not named like the language is not its prefix', () => {
    const pages = [page('/guide/a.html', 'de'), page('/guide/b.html', 'de'), page('/fr/a.html', 'fr')];

    expect(builtSiteLocales(pages, '')).toEqual({
      locales: [
        { code: 'de', pathPrefix: '' },
        { code: 'fr', pathPrefix: '/fr' },
      ],
      defaultLocale: 'de',
    });
  });

  test('pages without <html lang> give no locale', () => {
    expect(builtSiteLocales([page('/a.html'), page('/b.html')], '')).toEqual({ locales: [] });
  });
});
