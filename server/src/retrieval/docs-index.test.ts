import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { DocPage } from '../ingest/markdown-pages';
import { loadDocPages, pageWithSections } from '../ingest/markdown-pages';
import { DocsIndex, loadDocsIndex } from './docs-index';

const fixtureDocs = path.join(import.meta.dirname, 'fixtures/docs');
let index: DocsIndex;

beforeAll(async () => {
  index = await loadDocsIndex(fixtureDocs);
});

function topIds(query: string, limit = 3): string[] {
  return index.search({ query, limit }).map((hit) => hit.id);
}

describe('DocsIndex ranking', () => {
  test.each([
    ['How do I install Harbor with Docker?', '/docs/getting-started#install'],
    ['verify webhook signature', '/docs/webhooks#verify-signatures'],
    ['my token expired and I get 401', '/docs/authentication#token-expiry'],
    ['HARBOR_UPSTREAM', '/docs/configuration#settings'],
    ['what happens on 429, when can I retry', '/docs/rate-limits#when-you-hit-a-limit'],
    ['how do I restore a backup', '/docs/admin/backups#restore-a-backup'],
    ['point npm at the registry', '/docs/getting-started#point-npm-at-harbor'],
    ['what happens when the storage is full? eviction', '/docs/configuration#storage'],
    ['EADDRINUSE', '/docs/troubleshooting#the-server-does-not-start-address-already-in-use'],
  ])('%s → %s', (query, expected) => {
    expect(topIds(query)[0]).toBe(expected);
  });

  test('matches with a typo, by prefix, and by the words of a camelCase identifier', () => {
    expect(topIds('webhok retrys')[0]).toBe('/docs/webhooks#retries');
    expect(topIds('authent')[0]).toBe('/docs/authentication#authentication');
    expect(topIds('timingSafeEqual')[0]).toBe('/docs/webhooks#verify-signatures');
    expect(topIds('timing safe equal')[0]).toBe('/docs/webhooks#verify-signatures');
  });

  test('a heading word outranks the same word in body text', () => {
    const ids = topIds('retries', 5);

    expect(ids[0]).toBe('/docs/webhooks#retries');
    expect(ids).toContain('/docs/rate-limits#when-you-hit-a-limit');
  });

  test('hits carry the section, its URL and a score, best first', () => {
    const hits = index.search({ query: 'verify webhook signature', limit: 3 });

    expect(hits[0]).toMatchObject({
      id: '/docs/webhooks#verify-signatures',
      pagePath: '/docs/webhooks',
      pageTitle: 'Webhooks',
      heading: 'Verify signatures',
      anchor: 'verify-signatures',
      url: '/docs/webhooks#verify-signatures',
    });
    expect(hits[0]?.markdown).toContain('timingSafeEqual');
    const scores = hits.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
  });

  test('an empty or blank query, or a query of stop words, finds nothing', () => {
    expect(index.search({ query: '', limit: 5 })).toEqual([]);
    expect(index.search({ query: '   \n', limit: 5 })).toEqual([]);
    expect(index.search({ query: 'how do I do it', limit: 5 })).toEqual([]);
  });
});

describe('DocsIndex limit', () => {
  test('returns at most limit sections', () => {
    expect(index.search({ query: 'harbor', limit: 1 })).toHaveLength(1);
    expect(index.search({ query: 'harbor', limit: 4 })).toHaveLength(4);
    expect(index.search({ query: 'harbor', limit: 0 })).toEqual([]);
  });
});

describe('DocsIndex filter', () => {
  test('language restricts to pages in that language', () => {
    const hits = index.search({ query: 'install', limit: 5, filter: { language: 'fr' } });

    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits.map((hit) => hit.pagePath))).toEqual(new Set(['/docs/fr/getting-started']));
  });

  test('version restricts to pages of that version; a page without a version does not match', () => {
    const hits = index.search({ query: 'harbor storage packages', limit: 10, filter: { version: 'V1' } });

    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.version === 'v1')).toBe(true);
  });

  test('groups pass on any overlap; every given field must match', () => {
    const admins = index.search({ query: 'storage', limit: 10, filter: { groups: ['admins', 'nobody'] } });
    expect(new Set(admins.map((hit) => hit.pagePath))).toEqual(new Set(['/docs/admin/backups']));

    expect(index.search({ query: 'storage', limit: 10, filter: { groups: 'admins', language: 'fr' } })).toEqual([]);
  });

  test('an empty or null filter restricts nothing', () => {
    const plain = topIds('storage', 10);

    expect(index.search({ query: 'storage', limit: 10, filter: null }).map((hit) => hit.id)).toEqual(plain);
    expect(index.search({ query: 'storage', limit: 10, filter: { groups: [] } }).map((hit) => hit.id)).toEqual(plain);
  });
});

describe('DocsIndex.sectionAfter', () => {
  test('gives the section that follows on the page, and nothing after a page\'s last section', () => {
    const page = index.pages.find((candidate) => candidate.path === '/docs/webhooks');
    const [first, second] = page?.sections ?? [];
    expect(index.sectionAfter(first?.id ?? '')?.id).toBe(second?.id);
    expect(index.sectionAfter(page?.sections.at(-1)?.id ?? '')).toBeUndefined();
    expect(index.sectionAfter('/docs/nowhere')).toBeUndefined();
  });

  test('a repeated section id (two headings given one custom id) reads on from its first section', () => {
    const page = pageWithSections({ path: '/docs/ids', title: 'Ids', markdown: 'Intro.\n\n## A\n\nOne.\n\n## B\n\nTwo.\n\n## C\n\nThree.\n\n## D\n\nFour.', groups: [] });
    // Sections A and C given one id, as two headings with the same custom id are.
    const sections = page.sections.map((section) => (section.heading === 'A' || section.heading === 'C' ? { ...section, id: '/docs/ids#x', anchor: 'x' } : section));
    const repeated = DocsIndex.fromPages([{ ...page, sections }]);
    expect(repeated.sectionAfter('/docs/ids#x')?.heading).toBe('B');
  });
});

describe('DocsIndex currentPath boost', () => {
  test('lifts the current page over an equally good match elsewhere, whatever the path form', () => {
    // "installation" is the heading of the French page and of no other section, but the English
    // install section is as good a match for "install"; the reader's page breaks the tie.
    const unboosted = topIds('install', 3);
    expect(unboosted[0]).not.toBe('/docs/fr/getting-started#installation');

    for (const currentPath of ['/docs/fr/getting-started', '/docs/fr/getting-started/', 'https://docs.example.com/docs/fr/getting-started?ref=x#top']) {
      expect(index.search({ query: 'install', limit: 3, currentPath })[0]?.id).toBe('/docs/fr/getting-started#installation');
    }
  });

  test('a question pointing at the reader\'s page ("this", "here") gets that page first, even where another page matches its words better', () => {
    // The reader's page matches one word ("token"), the webhooks page all the others.
    const query = 'how do I verify webhook signatures with my token here?';
    expect(topIds(query, 5)[0]).toBe('/docs/webhooks#verify-signatures');
    const hits = index.search({ query, limit: 5, currentPath: '/docs/rate-limits' });
    expect(hits[0]?.pagePath).toBe('/docs/rate-limits');
    expect(hits.map((hit) => hit.id)).toContain('/docs/webhooks#verify-signatures');
    // Without the pointing word the reader's page only breaks ties.
    expect(index.search({ query: 'how do I verify webhook signatures with my token?', limit: 5, currentPath: '/docs/rate-limits' })[0]?.id).toBe('/docs/webhooks#verify-signatures');
  });

  test('does not outrank a clearly better section on another page', () => {
    expect(index.search({ query: 'verify webhook signature', limit: 1, currentPath: '/docs/rate-limits' })[0]?.id).toBe('/docs/webhooks#verify-signatures');
  });

  test('with a siteUrl that has a base path, URLs carry it and the current page is found by it', async () => {
    const pages = await loadDocPages(fixtureDocs);
    const published = DocsIndex.fromPages(pages.map((page) => pageWithSections(page, { siteUrl: 'https://example.com/harbor/' })), { siteUrl: 'https://example.com/harbor/' });

    const hits = published.search({ query: 'install', limit: 5, currentPath: '/harbor/docs/fr/getting-started' });
    const ids = hits.map((hit) => hit.id);

    // The French install section is as good a match as the English one; the reader's page decides.
    expect(ids.indexOf('/docs/fr/getting-started#installation')).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf('/docs/fr/getting-started#installation')).toBeLessThan(ids.indexOf('/docs/getting-started#install'));
    expect(hits.find((hit) => hit.pagePath === '/docs/fr/getting-started')?.url).toBe('https://example.com/harbor/docs/fr/getting-started#installation');
    expect(published.pages).toHaveLength(pages.length);
    expect(published.sectionCount).toBe(index.sectionCount);
  });
});

describe('DocsIndex on a large corpus', () => {
  // 400 pages that all talk about configuring the widget, so "configure" and "widget" are in
  // every section: too common to look up, as in any large documentation set.
  const filler = (index: number): DocPage => ({
    path: `/docs/area/page-${index}`,
    sourceFile: `/docs/area/page-${index}.md`,
    title: `Area ${index}`,
    groups: [],
    markdown: `## Topic ${index}\n\nConfigure the widget for case ${index}, then configure the widget again.\n\n## More ${index}\n\nThe widget is configured here too, with option${index}.\n`,
  });
  const special: DocPage[] = [
    {
      path: '/docs/theming',
      sourceFile: '/docs/theming.md',
      title: 'Theming',
      groups: [],
      markdown: '## Dark mode\n\nConfigure the widget to follow the dark color scheme.\n\n## Fonts\n\nConfigure the widget font.\n',
    },
    {
      path: '/docs/setup',
      sourceFile: '/docs/setup.md',
      title: 'Setup',
      groups: [],
      markdown: '## Configure the widget\n\nStart here to configure the widget.\n\n## Webhooks\n\nWebhooks tell your server about answers.\n',
    },
    {
      path: '/docs/events',
      sourceFile: '/docs/events.md',
      title: 'Events',
      groups: [],
      markdown: '## Configure webhooks\n\nWebhooks are set per widget.\n',
    },
  ];
  let large: DocsIndex;

  beforeAll(() => {
    large = DocsIndex.fromPages([...Array.from({ length: 400 }, (_, index) => filler(index)), ...special].map((page) => pageWithSections(page)));
  });

  test('the distinctive words decide, however many common words surround them', () => {
    expect(large.search({ query: 'How do I configure the widget for dark mode?', limit: 3 })[0]?.id).toBe('/docs/theming#dark-mode');
  });

  test('common words still count where a heading has them', () => {
    expect(large.search({ query: 'configure webhooks', limit: 3 })[0]?.id).toBe('/docs/events#configure-webhooks');
  });

  test('a section using the question\'s words together outranks one whose title names the topic but scatters the words', () => {
    const pages = [
      {
        path: '/docs/diagrams',
        title: 'Diagrams',
        groups: [],
        markdown: '## Flowcharts\n\nYou can draw a flowchart in Markdown.\n',
      },
      {
        path: '/docs/images',
        title: 'Flowchart images',
        groups: [],
        markdown:
          '## Flowchart images\n\n' +
          'Filler that says nothing of interest to anyone reading this. '.repeat(2) +
          'Markdown pages can show images. ' +
          'More filler that says nothing of interest to anyone reading. '.repeat(2) +
          'Draw them with any tool.\n',
      },
    ].map((page) => pageWithSections(page));
    const fillers = Array.from({ length: 60 }, (_, index) => pageWithSections(filler(index)));
    const query = 'How do I draw a flowchart in Markdown?';
    const withProximity = DocsIndex.fromPages([...fillers, ...pages]).search({ query, limit: 2 });
    const withoutProximity = DocsIndex.fromPages([...fillers, ...pages], { proximityStrength: 0 }).search({ query, limit: 2 });

    expect(withoutProximity[0]?.id).toBe('/docs/images#flowchart-images');
    expect(withProximity[0]?.id).toBe('/docs/diagrams#flowcharts');
  });

  test('a section holding a phrase the reader quotes word for word outranks one that only shares its words', () => {
    const pages = [
      {
        path: '/docs/layout',
        title: 'Page layout',
        groups: [],
        markdown: '## Page layout\n\nThe text at the bottom of each page comes from the layout.\n',
      },
      {
        path: '/docs/footer',
        title: 'Footer',
        groups: [],
        markdown: '## Generator notice\n\nThe footer says Powered by Harbor. Set `footer.notice: false` to remove it.\n',
      },
    ].map((page) => pageWithSections(page));
    const fillers = Array.from({ length: 60 }, (_, index) => pageWithSections(filler(index)));
    const docs = DocsIndex.fromPages([...fillers, ...pages]);
    const top = (query: string) => docs.search({ query, limit: 2 })[0]?.pagePath;

    expect(top('How do I remove the powered by harbor text at the bottom of the page?')).toBe('/docs/layout');
    expect(top("How do I remove the 'Powered by Harbor' text at the bottom of the page?")).toBe('/docs/footer');
    expect(top('How do I remove the “Powered by Harbor” text at the bottom of the page?')).toBe('/docs/footer');
  });

  test('a question made only of common words finds the section whose heading names them', () => {
    expect(large.search({ query: 'How do I configure the widget?', limit: 3 })[0]?.id).toBe('/docs/setup#configure-the-widget');
  });
});
