import { describe, expect, test } from 'vitest';
import { asksForNews, isNewsPage } from './page-kind';

describe('isNewsPage', () => {
  test.each(['/blog/posts/search-better', '/blog', '/docs/changelog', '/CHANGELOG', '/releases/v2', '/docs/release-notes/3.1', '/news/2024.html'])('%s is news', (path) => {
    expect(isNewsPage(path)).toBe(true);
  });

  test.each(['/setup/changing-the-colors', '/guide/history-mode', '/reference/blogging-plugin', '/docs/release', '/'])('%s is not', (path) => {
    expect(isNewsPage(path)).toBe(false);
  });

  test.each(['/internals/changelog_v1', '/CHANGELOG-2023', '/docs/release-notes-v3.1', '/whatsnew/3.12'])('%s, a versioned news page, is news', (path) => {
    expect(isNewsPage(path)).toBe(true);
  });

  test('a page titled as news is news, wherever it lives; a title that only mentions news is not', () => {
    expect(isNewsPage('/internals/history', 'Changelog')).toBe(true);
    expect(isNewsPage('/guide/v3', "What's new in 3.0")).toBe(true);
    expect(isNewsPage('/reference/api', 'Release notes for 2.x')).toBe(true);
    expect(isNewsPage('/guide/changelog-plugin', 'Writing a changelog plugin')).toBe(false);
    expect(isNewsPage('/guide/changelogs', 'Changelogs')).toBe(true);
  });
});

describe('asksForNews', () => {
  test.each(['What changed in the latest release?', 'Is there a blog post about the new search?', 'Does this work in v3?', 'Is 1.x still supported?', 'How do I upgrade?'])(
    '%s asks for news',
    (question) => {
      expect(asksForNews(question)).toBe(true);
    },
  );

  test.each(['How do I add a dark mode toggle?', 'Can readers leave comments under a page?'])('%s does not', (question) => {
    expect(asksForNews(question)).toBe(false);
  });
});
