import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../../e2e/fixtures/server';
import { askV2 } from '../../assistant/testing/assistant-clients';
import type { LogRecord, Logger } from '../../http/logger';
import { loadDocsIndex } from '../docs-index';
import { createHybridSearch } from './hybrid-search';
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from './testing/fake-embeddings-server';

/** A logger whose records a test can wait for. */
function watchedLogger(): Logger & { records: LogRecord[]; next(event: string): Promise<LogRecord> } {
  const records: LogRecord[] = [];
  const waiters: Array<{ event: string; resolve: (record: LogRecord) => void }> = [];
  const write = (record: LogRecord) => {
    records.push(record);
    for (const waiter of waiters.filter((entry) => entry.event === record.event)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(record);
    }
  };
  return { records, info: write, error: write, next: (event) => new Promise((resolve) => waiters.push({ event, resolve })) };
}

// A real model knows "hue" and "tint" are about colour; the fake one is told so.
const aliases = { hue: 'accent', tint: 'color' };
const semanticQuestion = 'hue tint?';
const accentSection = '/docs/theming#change-the-accent-color';
const sourceUrls = (answer: { sources: { url: string }[] }) => answer.sources.map((source) => source.url);

let fake: FakeEmbeddingsServer;
let environment: NodeJS.ProcessEnv;
beforeAll(async () => {
  fake = await startFakeEmbeddingsServer({ aliases });
  environment = { DOCENT_EMBEDDINGS_BASE_URL: fake.baseUrl, DOCENT_EMBEDDINGS_MODEL: 'fake-embed' };
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => fake.fail(null));

describe('hybrid search through the real server', () => {
  let lexical: TestServer;
  let hybrid: TestServer;
  const logger = watchedLogger();
  beforeAll(async () => {
    const ready = logger.next('embeddings_ready');
    [lexical, hybrid] = await Promise.all([startTestServer(), startTestServer({ env: environment, logger })]);
    await ready;
  });
  afterAll(async () => {
    await Promise.all([lexical.close(), hybrid.close()]);
  });

  test('a question in words the docs never use gets the right page only with embeddings', async () => {
    const without = await askV2(lexical.url, semanticQuestion);
    expect(sourceUrls(without)).not.toContain(accentSection);
    const answer = await askV2(hybrid.url, semanticQuestion);
    expect(answer.errors).toEqual([]);
    expect(sourceUrls(answer)).toContain(accentSection);
    expect(answer.finishReason).toBe('stop');
  });

  test('endpoint down: answers still come (lexical), and hybrid search is back when the endpoint is', async () => {
    fake.fail(503);
    const answer = await askV2(hybrid.url, 'How do I change the accent color?');
    expect(answer.errors).toEqual([]);
    expect(answer.finishReason).toBe('stop');
    expect(answer.text.toLowerCase()).toContain('accent');
    expect(sourceUrls(answer)[0]).toMatch(/^\/docs\/theming#/);
    // Not asked before: a question already asked has its vector in memory.
    const newQuestion = 'tint hue?';
    expect(sourceUrls(await askV2(hybrid.url, newQuestion))).not.toContain(accentSection);
    expect(logger.records.filter((record) => record.event === 'embeddings_query_failed')).toHaveLength(1);

    fake.fail(null);
    await vi.waitFor(async () => {
      expect(sourceUrls(await askV2(hybrid.url, newQuestion))).toContain(accentSection);
    });
  });
});

test('a restart on the same data folder takes every vector from the cache and makes no request', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-hybrid-'));
  try {
    const firstLogger = watchedLogger();
    const firstReady = firstLogger.next('embeddings_ready');
    const first = await startTestServer({ env: environment, logger: firstLogger, dataDir });
    const firstRun = await firstReady;
    await first.close();
    expect(firstRun.embedded).toBeGreaterThan(100);

    const requests = fake.requests;
    const secondLogger = watchedLogger();
    const secondReady = secondLogger.next('embeddings_ready');
    const second = await startTestServer({ env: environment, logger: secondLogger, dataDir });
    try {
      expect(await secondReady).toMatchObject({ embedded: 0, requests: 0, fromCache: firstRun.embedded, sections: firstRun.sections });
      expect(fake.requests).toBe(requests);
      expect(sourceUrls(await askV2(second.url, semanticQuestion))).toContain(accentSection);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('an endpoint down at start-up: lexical meanwhile, the sections are embedded on a later try', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-hybrid-'));
  const index = await loadDocsIndex('demo/docs', { pathPrefix: '/docs' });
  const logger = watchedLogger();
  const search = createHybridSearch({
    indexes: new Map([['demo', index]]),
    settings: { baseUrl: fake.baseUrl, model: 'fake-embed' },
    dataDir,
    logger,
    retryDelayMilliseconds: 1,
    retries: 0,
  });
  try {
    fake.fail(503);
    const failed = logger.next('embeddings_failed');
    search.start();
    expect(await failed).toMatchObject({ domain: 'demo', search: 'lexical' });
    await search.ready;
    const retriever = search.retrievers.get('demo');
    expect(await retriever?.retrieve({ query: semanticQuestion, limit: 5 })).toEqual(index.search({ query: semanticQuestion, limit: 5 }));

    const ready = logger.next('embeddings_ready');
    fake.fail(null);
    expect(await ready).toMatchObject({ domain: 'demo' });
    const hits = (await retriever?.retrieve({ query: semanticQuestion, limit: 5 })) ?? [];
    expect(hits.map((hit) => hit.id)).toContain(accentSection);
  } finally {
    search.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
