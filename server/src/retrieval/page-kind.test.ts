import { describe, expect, test } from 'vitest';
import { asksForNews, isNewsPage } from './page-kind';

describe('isNewsPage', () => {
  test.each(['/blog/posts/search-better', '/blog', '/docs/changelog', '/CHANGELOG', '/releases/v2', '/docs/release-notes/3.1', '/news/2024.html'])('%s is news', (path) => {
    expect(isNewsPage(path)).toBe(true);
  });

  test.each(['/setup/changing-the-colors', '/guide/history-mode', '/reference/blogging-plugin', '/docs/release', '/'])('%s is not', (path) => {
    expect(isNewsPage(path)).toBe(false);
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
