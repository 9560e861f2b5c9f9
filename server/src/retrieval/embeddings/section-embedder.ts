import type { DocSection } from '../sections';
import type { EmbeddingCache } from './embedding-cache';
import { EmbeddingIndex } from './embedding-index';
import type { EmbeddingsClient } from './embeddings-client';
import { contentHash, sectionEmbeddingText } from './section-text';

/** Options of {@link embedSections}. */
export interface EmbedSectionsOptions {
  client: EmbeddingsClient;
  /** Vectors already known, by content hash; new ones are added to it batch by batch. */
  cache: EmbeddingCache;
  /** Texts per request. Default `64`: small enough for any endpoint's limit, large enough to be quick. */
  batchSize?: number;
  /** How many times a failed batch is sent again (with the SDK's growing delay). Default `2`. */
  retries?: number;
  /** Stops between batches (shutdown). */
  signal?: AbortSignal;
}

/** The sections' vectors and what it took to get them. */
export interface EmbeddedSections {
  /** Every section's vector, by section id. */
  index: EmbeddingIndex;
  /** The content hashes of the sections' texts (what the cache must keep). */
  hashes: Set<string>;
  /** Distinct texts found in the cache. */
  fromCache: number;
  /** Distinct texts embedded by the endpoint now. */
  embedded: number;
  /** Requests made to the endpoint. */
  requests: number;
}

/** Sections hashed between two yields to the event loop, so answers are not held up while a large corpus is hashed. */
const hashingSlice = 500;

/**
 * Gets a vector for every section: from the cache when its text (see `sectionEmbeddingText`) was
 * embedded before, else from the endpoint, in batches, each batch stored in the cache as soon
 * as it arrives (an interrupted run keeps what it got). An unchanged corpus makes no request.
 *
 * @throws EmbeddingsRequestError when a batch fails (after the client's retries); the batches
 * before it stay cached.
 */
export async function embedSections(sections: readonly DocSection[], options: EmbedSectionsOptions): Promise<EmbeddedSections> {
  const batchSize = options.batchSize ?? 64;
  const hashOf = new Map<string, string>();
  const missing = new Map<string, string>();
  for (let start = 0; start < sections.length; start += hashingSlice) {
    for (const section of sections.slice(start, start + hashingSlice)) {
      const text = sectionEmbeddingText(section);
      const hash = contentHash(text);
      hashOf.set(section.id, hash);
      if (options.cache.get(hash) === undefined) missing.set(hash, text);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  const hashes = new Set(hashOf.values());

  const pending = [...missing];
  let requests = 0;
  for (let start = 0; start < pending.length; start += batchSize) {
    options.signal?.throwIfAborted();
    const batch = pending.slice(start, start + batchSize);
    const vectors = await options.client.embed(
      batch.map(([, text]) => text),
      { retries: options.retries ?? 2, ...(options.signal === undefined ? {} : { signal: options.signal }) },
    );
    requests += 1;
    await options.cache.add(batch.map(([hash], position) => [hash, vectors[position] as Float32Array] as const));
  }

  const entries: Array<readonly [string, Float32Array]> = [];
  for (const [id, hash] of hashOf) {
    const vector = options.cache.get(hash);
    if (vector !== undefined) entries.push([id, vector]);
  }
  return { index: new EmbeddingIndex(entries), hashes, fromCache: hashes.size - missing.size, embedded: missing.size, requests };
}
