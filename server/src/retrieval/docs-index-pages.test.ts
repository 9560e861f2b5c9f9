import { describe, expect, test } from 'vitest';
import { pageWithSections } from '../ingest/markdown-pages';
import { DocsIndex } from './docs-index';

const page = (path: string, title: string, markdown: string) => pageWithSections({ path, title, groups: [], markdown });

describe('DocsIndex results by page', () => {
  const big = page(
    '/docs/embedding',
    'Embedding',
    Array.from({ length: 6 }, (_, position) => `## Widget step ${position + 1}\n\nPlace the widget script tag, then configure the widget (step ${position + 1}).\n`).join('\n'),
  );
  const others = [
    page('/docs/theming', 'Theming', '## Colors\n\nThe widget takes your brand colors.\n'),
    page('/docs/options', 'Options', '## All options\n\nEvery option the widget accepts.\n'),
    page('/docs/privacy', 'Privacy', '## Data\n\nWhat the widget sends.\n'),
  ];
  const index = DocsIndex.fromPages([big, ...others]);

  test('five sections come from several pages, not all from the page that matches most often', () => {
    const pages = index.search({ query: 'widget script tag', limit: 5 }).map((hit) => hit.pagePath);

    expect(pages.slice(0, 2)).toEqual(['/docs/embedding', '/docs/embedding']);
    expect(new Set(pages).size).toBe(4);
  });
});

describe('a page of many small sections', () => {
  test('does not fill the candidates on its own: a search for five pages still finds the others', () => {
    const reference = page(
      '/docs/worker-api',
      'Worker API',
      Array.from({ length: 40 }, (_, position) => `## worker.method${position}()\n\nWorker threads run this worker method on the worker pool.\n`).join('\n'),
    );
    const guides = ['pools', 'sizing', 'errors', 'cpu'].map((name) => page(`/docs/${name}`, name, `## ${name}\n\nA worker thread pool: ${name}.\n`));
    const pages = DocsIndex.fromPages([reference, ...guides]).search({ query: 'worker thread pool', limit: 5 }).map((hit) => hit.pagePath);

    expect(pages).toContain('/docs/worker-api');
    expect(new Set(pages).size).toBe(5);
  });
});

describe('sections a reader would see as empty', () => {
  test('an intro of only &nbsp; or line breaks is no section', () => {
    const spaced = page('/docs/api/store', 'Store', '&nbsp;\n\n# Store\n\n## dispatch\n\nDispatches an action.\n');
    const broken = page('/docs/api/compose', 'compose', '<br />\n\n## compose\n\nComposes functions.\n');

    expect(spaced.sections.map((section) => section.heading)).toEqual(['dispatch']);
    expect(broken.sections.map((section) => section.heading)).toEqual(['compose']);
  });
});

describe('where pages are split', () => {
  test('at ##/### headings, #### staying inside; a page with only #### headings splits at those', () => {
    const usual = page('/docs/a', 'A', '# A\n\n## One\n\nText.\n\n#### Detail\n\nMore.\n\n## Two\n\nText.\n');
    const deep = page('/docs/b', 'B', '# B\n\nIntro.\n\n#### First step\n\nDo this.\n\n#### Second step\n\nThen that.\n');

    expect(usual.sections.map((section) => section.heading)).toEqual(['One', 'Two']);
    expect(deep.sections.map((section) => section.heading)).toEqual(['B', 'First step', 'Second step']);
  });
});

describe('DocsIndex news pages', () => {
  const guide = page('/docs/guide/themes', 'Themes', '## Dark mode\n\nAdd the palette toggle to switch to dark mode.\n');
  const post = page(
    '/blog/posts/dark-mode-arrives',
    'Spring update',
    '## Dark mode\n\nThe palette toggle for dark mode shipped: dark mode at last.\n',
  );
  const pages = [guide, post];

  test('a how-to question finds the guide before a blog post that repeats its words', () => {
    expect(DocsIndex.fromPages(pages).search({ query: 'dark mode palette toggle', limit: 5 })[0]?.pagePath).toBe('/docs/guide/themes');
    // Without the prior, the post's repetitions win.
    expect(DocsIndex.fromPages(pages, { newsPageWeight: 1 }).search({ query: 'dark mode palette toggle', limit: 5 })[0]?.pagePath).toBe('/blog/posts/dark-mode-arrives');
  });

  test('a page titled "Changelog" is news wherever it lives', () => {
    const changelog = page('/internals/history_v1', 'Changelog', '## Dark mode\n\nThe palette toggle for dark mode shipped: dark mode at last.\n');
    expect(DocsIndex.fromPages([guide, changelog]).search({ query: 'dark mode palette toggle', limit: 5 })[0]?.pagePath).toBe('/docs/guide/themes');
    expect(DocsIndex.fromPages([guide, changelog], { newsPageWeight: 1 }).search({ query: 'dark mode palette toggle', limit: 5 })[0]?.pagePath).toBe('/internals/history_v1');
  });

  test('a question about what changed still reaches the post first', () => {
    expect(DocsIndex.fromPages(pages).search({ query: 'what changed about the dark mode palette toggle in v2?', limit: 5 })[0]?.pagePath).toBe('/blog/posts/dark-mode-arrives');
  });
});

describe('DocsIndex.containsPhrase', () => {
  const index = DocsIndex.fromPages([
    page('/docs/environment', 'Environment', '# Environment\n\nTest React components in jsdom. Native ES modules need the node environment.'),
    page('/docs/jsx', 'JSX', "# JSX\n\nHono's JSX renders on the server: import it from `hono/jsx`."),
    page('/docs/mobile', 'Mobile', '# Mobile\n\nFor a **React** native-like shell, see `react-native` presets.'),
  ]);

  test('finds words written one after the other, apart by spaces, hyphens, slashes, markup or a possessive, in any case', () => {
    expect(index.containsPhrase(['React', 'Native'])).toBe(true);
    expect(index.containsPhrase(['Hono', 'JSX'])).toBe(true);
    expect(index.containsPhrase(['hono', 'jsx'])).toBe(true);
  });

  test('does not take words of the docs that are never written together for the phrase', () => {
    expect(index.containsPhrase(['Native', 'Test'])).toBe(false);
    expect(index.containsPhrase(['Environment', 'React'])).toBe(false);
    expect(index.containsPhrase(['Yarn', 'React'])).toBe(false);
  });

  test('finds the words written as one ("VS Code" as "VSCode")', () => {
    const editors = DocsIndex.fromPages([page('/docs/editors', 'Editors', '# Editors\n\nInstall the VSCode extension.')]);
    expect(editors.containsPhrase(['VS', 'Code'])).toBe(true);
    expect(editors.containsPhrase(['VS', 'Extension'])).toBe(false);
  });

  test('needs the whole last word: "Hono JS" is not in "Hono JSX"', () => {
    expect(index.containsPhrase(['Hono', 'JS'])).toBe(false);
  });
});

describe('a page the site leaves out of its own search', () => {
  const changelog = { ...page('/docs/changelog', 'Release history', '## 2.0\n\nThe widget gained a dark theme and a new launcher.\n'), excludedFromSearch: true as const };
  const theming = page('/docs/theming', 'Theming', '## Colors\n\nThe widget follows your brand colors.\n');
  const index = DocsIndex.fromPages([changelog, theming]);

  test('is not retrieved for a question asked elsewhere, however well it matches', () => {
    expect(index.search({ query: 'dark theme launcher', limit: 5 }).map((hit) => hit.pagePath)).toEqual(['/docs/theming']);
  });

  test('is retrieved for a reader who is on it', () => {
    expect(index.search({ query: 'dark theme launcher', limit: 5, currentPath: '/docs/changelog' }).map((hit) => hit.pagePath)[0]).toBe('/docs/changelog');
  });

  test('is retrieved like any page once the flag is gone', () => {
    const { excludedFromSearch: _, ...searchable } = changelog;
    expect(DocsIndex.fromPages([searchable, theming]).search({ query: 'dark theme launcher', limit: 5 })[0]?.pagePath).toBe('/docs/changelog');
  });
});

describe('the same passage on two pages (versions side by side, a shared partial)', () => {
  const passage = '## Retries\n\nSet `retries: 3` to send a failed message again.\n';
  const v9 = page('/docs/9/retries', 'Retries', passage);
  const v10 = page('/docs/10/retries', 'Retries', passage);
  const others = ['timeouts', 'backoff', 'dead letters', 'circuit breaker'].map((name) => page(`/docs/10/${name.replace(' ', '-')}`, name, `## ${name}\n\nA failed message and ${name}.\n`));
  const index = DocsIndex.fromPages([v9, v10, ...others]);

  test('comes back once, so the other places go to other passages', () => {
    const pages = index.search({ query: 'send a failed message again with retries', limit: 5 }).map((hit) => hit.pagePath);
    expect(pages.filter((path) => path.endsWith('/retries'))).toHaveLength(1);
    expect(new Set(pages).size).toBe(5);
  });

  test("is the reader's own page's copy when the reader is on one of them", () => {
    const hits = index.search({ query: 'send a failed message again with retries', limit: 5, currentPath: '/docs/9/retries' });
    expect(hits[0]?.pagePath).toBe('/docs/9/retries');
    expect(hits.map((hit) => hit.pagePath)).not.toContain('/docs/10/retries');
  });
});
