import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { LogRecord, Logger } from '../http/logger';
import type { IngestedPage } from '../ingest/ingested-docs';
import { DocsIndex } from './docs-index';
import { EmbeddingCache, embeddingCacheFile } from './embeddings/embedding-cache';
import { EmbeddingIndex } from './embeddings/embedding-index';
import { createEmbeddingsClient, type EmbeddingsClient } from './embeddings/embeddings-client';
import { embedSections } from './embeddings/section-embedder';
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from './embeddings/testing/fake-embeddings-server';
import { HybridRetriever, lexicalRetriever } from './retriever';
import type { DocSection } from './sections';

function page(path: string, title: string, parts: Array<[heading: string, text: string]>, version?: string): IngestedPage {
  const sections = parts.map(([heading, text]): DocSection => {
    const anchor = heading.toLowerCase().replace(/\W+/g, '-');
    return {
      id: `${path}#${anchor}`,
      pagePath: path,
      pageTitle: title,
      heading,
      headingTrail: [],
      anchor,
      url: `${path}#${anchor}`,
      markdown: text,
      groups: [],
      ...(version === undefined ? {} : { version }),
    };
  });
  return { path, sourceFile: `${path}.md`, title, groups: [], sections, ...(version === undefined ? {} : { version }) };
}

const index = DocsIndex.fromPages([
  page('/docs/deploy', 'Deploy', [['Deploy to GitHub Pages', 'Push the built folder to the gh-pages branch and enable Pages in the repository settings.']]),
  page('/docs/privacy', 'Privacy', [['What is stored', 'No cookies are set. Threads are kept in SQLite on your own server.']], 'v1'),
  page('/docs/theming', 'Theming', [['Change the accent color', 'Set the accent option to any CSS color; buttons and links use the accent color.']], 'v1'),
  page('/docs/v2/theming', 'Theming', [['Change the accent color', 'In v2 the accent color is a CSS variable, --docent-accent, set on the host.']], 'v2'),
]);
// Words a real model would place near "accent color" though the docs never use them.
const aliases = { hue: 'accent', tint: 'color' };
const semanticQuery = 'hue tint';

let fake: FakeEmbeddingsServer;
let client: EmbeddingsClient;
let embeddings: EmbeddingIndex;
let dataDir: string;
beforeAll(async () => {
  fake = await startFakeEmbeddingsServer({ aliases });
  client = createEmbeddingsClient({ baseUrl: fake.baseUrl, model: 'fake' });
  dataDir = mkdtempSync(join(tmpdir(), 'docent-retriever-'));
  const cache = await EmbeddingCache.open(embeddingCacheFile(dataDir, { baseUrl: fake.baseUrl, model: 'fake' }));
  embeddings = (await embedSections(index.pages.flatMap((entry) => entry.sections), { client, cache })).index;
});
afterAll(async () => {
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => fake.fail(null));

/** A logger that keeps its records, for asserting on what an operator sees. */
function recordingLogger(): Logger & { records: LogRecord[] } {
  const records: LogRecord[] = [];
  return { records, info: (record) => records.push(record), error: (record) => records.push(record) };
}

function hybrid(logger: Logger = recordingLogger(), queryTimeoutMilliseconds?: number): HybridRetriever {
  const retriever = new HybridRetriever(index, { client, logger, domain: 'test', queryTimeoutMilliseconds });
  retriever.useEmbeddings(embeddings);
  return retriever;
}
const ids = (hits: ReadonlyArray<{ id: string }>) => hits.map((hit) => hit.id);

describe('HybridRetriever', () => {
  test('a question in words the docs never use finds the section only with embeddings', async () => {
    expect(index.search({ query: semanticQuery, limit: 3 })).toEqual([]);
    expect(await lexicalRetriever(index).retrieve({ query: semanticQuery, limit: 3 })).toEqual([]);
    const hits = await hybrid().retrieve({ query: semanticQuery, limit: 3 });
    expect(ids(hits).slice(0, 2).sort()).toEqual(['/docs/theming#change-the-accent-color', '/docs/v2/theming#change-the-accent-color']);
    expect(hits[0]?.url).toMatch(/theming#change-the-accent-color$/);
  });

  test('before the sections are embedded it is the lexical search, and makes no request', async () => {
    const retriever = new HybridRetriever(index, { client, logger: recordingLogger(), domain: 'test' });
    const requests = fake.requests;
    expect(await retriever.retrieve({ query: semanticQuery, limit: 3 })).toEqual([]);
    expect(await retriever.retrieve({ query: 'deploy pages', limit: 3 })).toEqual(index.search({ query: 'deploy pages', limit: 3 }));
    expect(fake.requests).toBe(requests);
  });

  test('dense hits keep to the filter the lexical search applies', async () => {
    const hits = await hybrid().retrieve({ query: semanticQuery, limit: 5, filter: { version: 'v2' } });
    expect(ids(hits)).toEqual(['/docs/v2/theming#change-the-accent-color']);
  });

  test('fuses both rankings: the section both find leads, then what only one of them finds', async () => {
    const query = 'deploy hue';
    expect(ids(index.search({ query, limit: 5 }))).toEqual(['/docs/deploy#deploy-to-github-pages']);
    const hits = await hybrid().retrieve({ query, limit: 5 });
    expect(ids(hits)[0]).toBe('/docs/deploy#deploy-to-github-pages');
    expect(ids(hits)).toContain('/docs/theming#change-the-accent-color');
    // More than any one ranking can give (1/61 for a first place): both rankings found it.
    expect(hits[0]?.score).toBeGreaterThan(1 / 61);
  });

  test('endpoint failing: answers come lexically, the failure is logged once, and hybrid search resumes when it is back', async () => {
    const logger = recordingLogger();
    const retriever = hybrid(logger);
    fake.fail(503);
    expect(await retriever.retrieve({ query: semanticQuery, limit: 3 })).toEqual([]);
    expect(await retriever.retrieve({ query: 'deploy pages', limit: 3 })).toEqual(index.search({ query: 'deploy pages', limit: 3 }));
    await retriever.idle();
    expect(await retriever.retrieve({ query: `${semanticQuery} again`, limit: 3 })).toEqual([]);
    await retriever.idle();
    expect(fake.requests).toBeGreaterThanOrEqual(3);
    expect(logger.records.filter((record) => record.event === 'embeddings_query_failed')).toHaveLength(1);
    expect(logger.records[0]).toMatchObject({ event: 'embeddings_query_failed', domain: 'test', search: 'lexical' });
    expect(String(logger.records[0]?.error)).toContain('503');

    fake.fail(null);
    await vi.waitFor(async () => {
      expect(ids(await retriever.retrieve({ query: semanticQuery, limit: 1 }))).toEqual(['/docs/theming#change-the-accent-color']);
    });
    expect(logger.records.filter((record) => record.event === 'embeddings_recovered')).toHaveLength(1);
  });

  test('an endpoint that does not answer in time leaves the lexical ranking', async () => {
    const logger = recordingLogger();
    fake.fail('hang');
    const hits = await hybrid(logger, 100).retrieve({ query: 'accent color', limit: 2 });
    expect(hits).toEqual(index.search({ query: 'accent color', limit: 2 }));
    expect(String(logger.records[0]?.error)).toMatch(/did not answer in time/);
  });

  test('a query asked again is not embedded again', async () => {
    const retriever = hybrid();
    await retriever.retrieve({ query: 'tint of the buttons', limit: 2 });
    const requests = fake.requests;
    const again = await retriever.retrieve({ query: 'tint of the buttons', limit: 2 });
    expect(fake.requests).toBe(requests);
    expect(again.length).toBeGreaterThan(0);
  });
});

describe('HybridRetriever and the reader\'s page', () => {
  const pages = DocsIndex.fromPages([
    page('/docs/palette', 'Palette', [
      ['Colors', 'Every color and tint of the theme: links, buttons and text.'],
      ['Accent shades', 'The accent color comes in light and dark shades of the same color.'],
      ['Accent contrast', 'Text on the accent color keeps a readable contrast with that color.'],
    ]),
    page('/docs/theming', 'Theming', [['Buttons and links', 'Buttons and links use the accent color: set the accent option to any CSS color.']]),
    page('/docs/v2/theming', 'Theming v2', [['Accent', 'The accent color of v2 is a CSS variable on the host element.']]),
  ]);
  // A dense ranking that disagrees with the lexical one: it ranks the palette's sections first and
  // the v2 page last, by a clear margin, whatever the question.
  const similarity: Record<string, number> = {
    '/docs/palette#accent-contrast': 0.9,
    '/docs/palette#accent-shades': 0.85,
    '/docs/palette#colors': 0.8,
    '/docs/theming#buttons-and-links': 0.75,
    '/docs/v2/theming#accent': 0.6,
  };
  const vectorOf = (value: number) => Float32Array.from([value, Math.sqrt(1 - value * value)]);
  const fixedClient: EmbeddingsClient = { model: 'fixed', embed: async (texts) => texts.map(() => Float32Array.from([1, 0])) };
  const retriever = new HybridRetriever(pages, { client: fixedClient, logger: recordingLogger(), domain: 'test' });
  retriever.useEmbeddings(new EmbeddingIndex(Object.entries(similarity).map(([id, value]) => [id, vectorOf(value)] as const)));

  test('the page the reader is on counts in the dense ranking as in the lexical one, so fusion keeps it first', async () => {
    const request = { query: 'accent color', limit: 3, currentPath: '/docs/v2/theming' };
    expect(ids(pages.search(request))[0]).toBe('/docs/v2/theming#accent');
    expect(ids(await retriever.retrieve(request))[0]).toBe('/docs/v2/theming#accent');
  });

  test('a question pointing at the reader\'s page ("this page") gets that page first', async () => {
    const hits = await retriever.retrieve({ query: 'what does this page say about the accent color?', limit: 3, currentPath: '/docs/theming' });
    expect(hits[0]?.pagePath).toBe('/docs/theming');
  });

  test('a request for the reader\'s page in short gets the page in its order, not a fused ranking', async () => {
    const hits = await retriever.retrieve({ query: 'Can you sum up this page?', limit: 3, currentPath: '/docs/palette' });
    expect(ids(hits)).toEqual(['/docs/palette#colors', '/docs/palette#accent-shades', '/docs/palette#accent-contrast']);
  });

  test('fused sections are ranked by page: one page does not fill the results while others match', async () => {
    const hits = await retriever.retrieve({ query: 'accent color shades contrast', limit: 3 });
    expect(hits.filter((hit) => hit.pagePath === '/docs/palette').length).toBeLessThanOrEqual(2);
    expect(new Set(hits.map((hit) => hit.pagePath)).size).toBeGreaterThanOrEqual(2);
  });
});

describe('HybridRetriever and a passage found on two pages', () => {
  const twins = DocsIndex.fromPages([
    page('/docs/9/retries', 'Retries', [['Retries', 'Set the accent of a failed message: retries send it again.']]),
    page('/docs/10/retries', 'Retries', [['Retries', 'Set the accent of a failed message: retries send it again.']]),
    page('/docs/10/timeouts', 'Timeouts', [['Timeouts', 'A failed message waits for its timeout.']]),
  ]);

  test('the fused sources hold it once, the copy on the reader’s page when the reader is on one', async () => {
    const cache = await EmbeddingCache.open(embeddingCacheFile(dataDir, { baseUrl: fake.baseUrl, model: 'fake-twins' }));
    const vectors = (await embedSections(twins.pages.flatMap((entry) => entry.sections), { client, cache })).index;
    const retriever = new HybridRetriever(twins, { client, logger: recordingLogger(), domain: 'test' });
    retriever.useEmbeddings(vectors);
    const pages = (await retriever.retrieve({ query: 'hue of a failed message retries', limit: 5 })).map((hit) => hit.pagePath);
    expect(pages.filter((path) => path.endsWith('/retries'))).toHaveLength(1);
    expect(pages).toContain('/docs/10/timeouts');
    const onVersion9 = (await retriever.retrieve({ query: 'hue of a failed message retries', limit: 5, currentPath: '/docs/9/retries' })).map((hit) => hit.pagePath);
    expect(onVersion9.filter((path) => path.endsWith('/retries'))).toEqual(['/docs/9/retries']);
  });
});
