import type { Logger } from '../../http/logger';
import type { DocsIndex } from '../docs-index';
import { HybridRetriever, lexicalRetriever, type Retriever } from '../retriever';
import type { DocSection } from '../sections';
import { EmbeddingCache, embeddingCacheFile } from './embedding-cache';
import { createEmbeddingsClient, type EmbeddingsClient } from './embeddings-client';
import { describeEmbeddings, type EmbeddingsSettings } from './embeddings-settings';
import { embedSections } from './section-embedder';

/** Options of {@link createHybridSearch}. */
export interface HybridSearchOptions {
  /** The docs index of each domain, by domain id. */
  indexes: ReadonlyMap<string, DocsIndex>;
  /** The embeddings endpoint (`resolveEmbeddingsSettings`); `undefined` for lexical search only. */
  settings: EmbeddingsSettings | undefined;
  /** The data folder; vectors are cached in its `embeddings/` folder. */
  dataDir: string;
  logger: Logger;
  /** Talks to the endpoint. Default: `createEmbeddingsClient(settings)`. */
  client?: EmbeddingsClient;
  /** How long after a failed start the sections are tried again; doubles each time, up to 10 minutes. Default `30000` ms. */
  retryDelayMilliseconds?: number;
  /** How many times a failed batch is sent again before the run counts as failed. Default `2`. */
  retries?: number;
  /** Passed to each {@link HybridRetriever}. */
  queryTimeoutMilliseconds?: number;
}

/** Every domain's retriever, and the background work that makes them hybrid. */
export interface HybridSearch {
  /** The retriever of each domain, by domain id: lexical until its sections are embedded. */
  retrievers: ReadonlyMap<string, Retriever>;
  /** For the start-up summary, e.g. `lexical + embeddings (nomic-embed-text at http://127.0.0.1:11434/v1)`. */
  description: string;
  /**
   * Embeds every domain's sections in the background (from the cache when it can). Call once the
   * server is listening: answers stay lexical meanwhile.
   */
  start(): void;
  /**
   * Settles once every domain's first embedding run has finished, whether it succeeded or not
   * (a failed run is retried in the background). Resolves at once without embeddings.
   */
  ready: Promise<void>;
  /** Stops the background work (pending retries, batches not yet sent). */
  close(): void;
}

const longestRetryDelay = 10 * 60_000;

/**
 * Sets up search for every domain: plain lexical retrievers when no embeddings endpoint is
 * configured, else hybrid ones whose sections are embedded once in the background, cached on
 * disk by content hash (one cache file per model, shared by the domains), with a retry later
 * when the endpoint is down at start-up. Progress goes to the log: `embeddings_ready`,
 * `embeddings_failed`.
 *
 * @example
 * const search = createHybridSearch({ indexes, settings: resolveEmbeddingsSettings(process.env), dataDir, logger });
 * createApp({ …, retrievers: search.retrievers }); search.start();
 */
export function createHybridSearch(options: HybridSearchOptions): HybridSearch {
  const { settings, logger } = options;
  if (settings === undefined) {
    return {
      retrievers: new Map([...options.indexes].map(([domain, index]) => [domain, lexicalRetriever(index)])),
      description: 'lexical (set DOCENT_EMBEDDINGS_BASE_URL and DOCENT_EMBEDDINGS_MODEL for hybrid search)',
      start() {},
      ready: Promise.resolve(),
      close() {},
    };
  }
  const client = options.client ?? createEmbeddingsClient(settings);
  const retrievers = new Map<string, HybridRetriever>();
  for (const [domain, index] of options.indexes) {
    retrievers.set(domain, new HybridRetriever(index, { client, logger, domain, queryTimeoutMilliseconds: options.queryTimeoutMilliseconds }));
  }
  const stop = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  let started = false;
  let settle: () => void = () => {};
  const ready = new Promise<void>((resolve) => (settle = resolve));
  let cache: Promise<EmbeddingCache> | undefined;

  const embedDomain = async (domain: string, index: DocsIndex): Promise<Set<string> | undefined> => {
    const began = Date.now();
    try {
      cache ??= EmbeddingCache.open(embeddingCacheFile(options.dataDir, settings));
      const result = await embedSections(sectionsOf(index), { client, cache: await cache, signal: stop.signal, ...(options.retries === undefined ? {} : { retries: options.retries }) });
      retrievers.get(domain)?.useEmbeddings(result.index);
      logger.info({
        event: 'embeddings_ready',
        domain,
        sections: result.index.size,
        fromCache: result.fromCache,
        embedded: result.embedded,
        requests: result.requests,
        milliseconds: Date.now() - began,
      });
      return result.hashes;
    } catch (error) {
      if (stop.signal.aborted) return undefined;
      // A cache file that cannot be read is tried afresh on the retry.
      if (!(error instanceof Error && error.name === 'EmbeddingsRequestError')) cache = undefined;
      logger.error({
        event: 'embeddings_failed',
        domain,
        search: 'lexical',
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  };

  const run = async (domain: string, index: DocsIndex, delay: number): Promise<Set<string> | undefined> => {
    const hashes = await embedDomain(domain, index);
    if (hashes === undefined && !stop.signal.aborted) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void run(domain, index, Math.min(delay * 2, longestRetryDelay));
      }, delay);
      timer.unref();
      timers.add(timer);
    }
    return hashes;
  };

  return {
    retrievers,
    description: `lexical + embeddings (${describeEmbeddings(settings)})`,
    start() {
      if (started) return;
      started = true;
      const delay = options.retryDelayMilliseconds ?? 30_000;
      void Promise.all([...options.indexes].map(([domain, index]) => run(domain, index, delay))).then(async (results) => {
        settle();
        // Once every domain has its vectors, drop those of texts no longer in the docs (when they
        // are enough to be worth rewriting the file).
        if (stop.signal.aborted || results.some((hashes) => hashes === undefined) || cache === undefined) return;
        const keep = new Set(results.flatMap((hashes) => [...(hashes ?? [])]));
        const opened = await cache;
        if (opened.size - keep.size > keep.size / 10) await opened.compact(keep).catch(() => {});
      });
    },
    ready,
    close() {
      stop.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      settle();
    },
  };
}

function sectionsOf(index: DocsIndex): DocSection[] {
  const seen = new Set<string>();
  const sections: DocSection[] = [];
  for (const page of index.pages) {
    for (const section of page.sections) {
      if (seen.has(section.id)) continue;
      seen.add(section.id);
      sections.push(section);
    }
  }
  return sections;
}
