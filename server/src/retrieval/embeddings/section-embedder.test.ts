import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { DocSection } from '../sections';
import { EmbeddingCache, embeddingCacheFile } from './embedding-cache';
import { createEmbeddingsClient, type EmbeddingsClient } from './embeddings-client';
import { embedSections } from './section-embedder';
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from './testing/fake-embeddings-server';

function section(id: number, text = `Section ${id} explains topic number ${id}.`): DocSection {
  return { id: `/docs/page#s${id}`, pagePath: '/docs/page', pageTitle: 'Page', heading: `Heading ${id}`, headingTrail: [], anchor: `s${id}`, url: `/docs/page#s${id}`, markdown: text, groups: [] };
}
const sections = Array.from({ length: 10 }, (_, position) => section(position));

let fake: FakeEmbeddingsServer;
let client: EmbeddingsClient;
let dataDir: string;
let cacheFile: string;
beforeAll(async () => {
  fake = await startFakeEmbeddingsServer();
  const settings = { baseUrl: fake.baseUrl, model: 'fake-model' };
  client = createEmbeddingsClient(settings);
  dataDir = mkdtempSync(join(tmpdir(), 'docent-embeddings-'));
  cacheFile = embeddingCacheFile(dataDir, settings);
});
afterAll(async () => {
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => rmSync(join(dataDir, 'embeddings'), { recursive: true, force: true }));
afterEach(() => fake.fail(null));

describe('embedSections', () => {
  test('embeds in batches, and a restart over the same sections makes no request', async () => {
    const first = await embedSections(sections, { client, cache: await EmbeddingCache.open(cacheFile), batchSize: 4 });
    expect(first).toMatchObject({ embedded: 10, fromCache: 0, requests: 3 });
    expect(first.index.size).toBe(10);
    const requestsBefore = fake.requests;

    // A new cache object reads the file, as a restarted server does.
    const second = await embedSections(sections, { client, cache: await EmbeddingCache.open(cacheFile), batchSize: 4 });
    expect(second).toMatchObject({ embedded: 0, fromCache: 10, requests: 0 });
    expect(fake.requests).toBe(requestsBefore);
    const query = Float32Array.from((await client.embed(['Section 7 topic number 7']))[0] ?? []);
    expect(second.index.nearest(query, { limit: 3 })).toEqual(first.index.nearest(query, { limit: 3 }));
    expect(second.index.nearest(query, { limit: 1 })[0]?.id).toBe('/docs/page#s7');
  });

  test('only an edited section is embedded again', async () => {
    await embedSections(sections, { client, cache: await EmbeddingCache.open(cacheFile) });
    const textsBefore = fake.textsEmbedded;
    const edited = sections.map((entry, position) => (position === 3 ? section(3, 'This text was rewritten.') : entry));
    const result = await embedSections(edited, { client, cache: await EmbeddingCache.open(cacheFile) });
    expect(result).toMatchObject({ embedded: 1, fromCache: 9, requests: 1 });
    expect(fake.textsEmbedded - textsBefore).toBe(1);
  });

  test('a failed batch keeps the batches before it, and the next run sends only the rest', async () => {
    const cache = await EmbeddingCache.open(cacheFile);
    await embedSections(sections.slice(0, 4), { client, cache, batchSize: 4 });
    fake.fail(503);
    await expect(embedSections(sections, { client, cache, batchSize: 4, retries: 0 })).rejects.toThrow(/answered HTTP 503/);
    fake.fail(null);
    const textsBefore = fake.textsEmbedded;
    const result = await embedSections(sections, { client, cache: await EmbeddingCache.open(cacheFile), batchSize: 4 });
    expect(result).toMatchObject({ embedded: 6, fromCache: 4 });
    expect(fake.textsEmbedded - textsBefore).toBe(6);
  });

  test('a torn last record (a crash mid-write) is dropped and the file stays usable', async () => {
    await embedSections(sections, { client, cache: await EmbeddingCache.open(cacheFile) });
    appendFileSync(cacheFile, Buffer.from([1, 2, 3, 4, 5, 6, 7]));
    const reopened = await EmbeddingCache.open(cacheFile);
    expect(reopened.size).toBe(10);
    await embedSections([...sections, section(10)], { client, cache: reopened });
    expect((await EmbeddingCache.open(cacheFile)).size).toBe(11);
  });

  test('compacting keeps only the given hashes, on disk too', async () => {
    const cache = await EmbeddingCache.open(cacheFile);
    const result = await embedSections(sections.slice(0, 3), { client, cache });
    await embedSections(sections.slice(3), { client, cache });
    await cache.compact(result.hashes);
    expect(cache.size).toBe(3);
    expect((await EmbeddingCache.open(cacheFile)).size).toBe(3);
  });
});
