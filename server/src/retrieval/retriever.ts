import type { Logger } from '../http/logger';
import type { DocsIndex, SearchHit, SearchRequest } from './docs-index';
import type { EmbeddingsClient } from './embeddings/embeddings-client';
import type { EmbeddingIndex } from './embeddings/embedding-index';
import { rankByPage } from './page-ranking';
import { reciprocalRankFusion } from './rank-fusion';
import { repeatsPassage, withPageFirst } from './result-scoring';
import type { DocSection } from './sections';

/** Finds the sections an answer is built from. */
export interface Retriever {
  /**
   * The sections that best match the request, best first, at most `request.limit`. Never
   * rejects because an optional ranking (embeddings) failed: the lexical ranking is always there.
   */
  retrieve(request: SearchRequest, options?: { signal?: AbortSignal }): Promise<SearchHit[]>;
}

/** The lexical search of one index as a {@link Retriever}: what answers use when embeddings are not configured. */
export function lexicalRetriever(index: DocsIndex): Retriever {
  return { retrieve: async (request) => index.search(request) };
}

/** Options of {@link HybridRetriever}. */
export interface HybridRetrieverOptions {
  /** Embeds queries; sections' vectors come through {@link HybridRetriever.useEmbeddings}. */
  client: EmbeddingsClient;
  /** Where failures and recoveries go (once per failure streak). */
  logger: Logger;
  /** Domain id for the log lines. */
  domain: string;
  /** How long a query embedding may take before the answer goes ahead lexically. Default `1500` ms. */
  queryTimeoutMilliseconds?: number;
  /** How many sections each ranking contributes to the fusion. Default `50`. */
  candidates?: number;
  /** The rank-fusion constant (see `reciprocalRankFusion`). Default `60`. */
  k?: number;
}

/** Distinct queries whose vectors are kept, so a question asked again costs no request. */
const queryCacheSize = 256;

/**
 * Lexical search fused with embeddings. Until the sections' vectors are ready (or when the
 * endpoint fails) it answers with the lexical ranking alone; then each query is embedded too,
 * its nearest sections (within the same filter and language as the lexical search) ranked by
 * cosine similarity, and both rankings fused by reciprocal rank fusion.
 *
 * While the endpoint is failing, answers do not wait for it: each request goes ahead lexically
 * and, when no check is under way, embeds its query in the background; the first success makes
 * the following requests hybrid again. A failure is logged once per streak, with the recovery.
 *
 * @example
 * const retriever = new HybridRetriever(index, { client, logger, domain: 'demo' });
 * retriever.useEmbeddings(await embedSections(…));
 * await retriever.retrieve({ query: 'change the colour', limit: 5 });
 */
export class HybridRetriever implements Retriever {
  readonly #index: DocsIndex;
  readonly #client: EmbeddingsClient;
  readonly #logger: Logger;
  readonly #domain: string;
  readonly #timeout: number;
  readonly #candidates: number;
  readonly #k: number;
  readonly #sections = new Map<string, DocSection>();
  readonly #queryVectors = new Map<string, Float32Array>();
  #embeddings: EmbeddingIndex | undefined;
  #failing = false;
  #probe: Promise<unknown> | undefined;

  constructor(index: DocsIndex, options: HybridRetrieverOptions) {
    this.#index = index;
    this.#client = options.client;
    this.#logger = options.logger;
    this.#domain = options.domain;
    this.#timeout = options.queryTimeoutMilliseconds ?? 1_500;
    this.#candidates = options.candidates ?? 50;
    this.#k = options.k ?? 60;
    for (const page of index.pages) for (const section of page.sections) if (!this.#sections.has(section.id)) this.#sections.set(section.id, section);
  }

  /** Whether section vectors are in use (false until {@link useEmbeddings} is called). */
  get hybrid(): boolean {
    return this.#embeddings !== undefined;
  }

  /** Settles when no background check of a failing endpoint is under way (for tests and shutdown). */
  async idle(): Promise<void> {
    await this.#probe;
  }

  /** Starts fusing with these section vectors (keyed by section id). */
  useEmbeddings(embeddings: EmbeddingIndex): void {
    this.#embeddings = embeddings;
  }

  async retrieve(request: SearchRequest, options: { signal?: AbortSignal } = {}): Promise<SearchHit[]> {
    const limit = Math.floor(request.limit);
    const embeddings = this.#embeddings;
    if (embeddings === undefined || request.query.trim() === '' || !(limit > 0)) return this.#index.search(request);
    // "Sum up this page" wants the reader's page in order, which only the index knows.
    const situation = this.#index.situate(request);
    if (situation.placement.outlinesPointedPage) return this.#index.search(request, situation);
    const queryText = denseQueryText(request);
    const known = this.#queryVectors.get(queryText);
    if (this.#failing && known === undefined) {
      // The check outlives this request (which does not wait for it), so the reader leaving does not cancel it.
      this.#probe ??= this.#embedQuery(queryText, undefined).finally(() => (this.#probe = undefined));
      return this.#index.search(request);
    }
    // The query is embedded while the lexical search runs.
    const vector = known === undefined ? this.#embedQuery(queryText, options.signal) : Promise.resolve(known);
    // The dense ranking keeps to the lexical search's scope (filter, language), and the reader's
    // page and news pages weigh in it as they do in the lexical one: without that, fusion undid
    // the steering of `currentPath` and "what does this page do?".
    const { scope, placement } = situation;
    const lexical = this.#index.search({ ...request, limit: Math.max(limit, this.#candidates) }, situation);
    const queryVector = await vector;
    if (queryVector === undefined) return lexical.slice(0, limit);

    let dense: string[];
    try {
      dense = embeddings
        .nearest(queryVector, {
          limit: this.#candidates * 2,
          accept: scope === undefined ? undefined : (id) => this.#inScope(id, scope),
        })
        .flatMap((hit) => {
          const section = this.#sections.get(hit.id);
          const factor = section === undefined ? 1 : placement.factor(section);
          // A page the placement rules out (one the site leaves out of its search) is not fused in.
          return factor === 0 ? [] : [{ id: hit.id, score: hit.similarity * factor }];
        })
        .sort((left, right) => right.score - left.score)
        .slice(0, this.#candidates)
        .map((hit) => hit.id);
    } catch (error) {
      // The section vectors do not fit this model's answers (the model changed under the same
      // name): no retry can fix that, so stop using them until the server restarts.
      this.#embeddings = undefined;
      this.#logger.error({
        event: 'embeddings_unusable',
        domain: this.#domain,
        search: 'lexical',
        error: `${error instanceof Error ? error.message : String(error)}; delete the data folder's embeddings/ files and restart`,
      });
      return lexical.slice(0, limit);
    }
    const lexicalById = new Map(lexical.map((hit) => [hit.id, hit]));
    // Fused sections are grouped by page as the lexical search groups them, so `limit` sections
    // still name as many pages as they can, and a page the question points at comes first. A
    // page ranks by its best section alone: fused scores lie close together, and a share of its
    // other sections' would lift long pages over the section both rankings put first.
    const fused = reciprocalRankFusion([lexical.map((hit) => hit.id), dense], { k: this.#k, limit: Math.max(limit, this.#candidates) });
    // Fused best first, so of a passage found on two pages the better placed copy comes first and stays.
    const candidates: SearchHit[] = [];
    for (const { id, score } of fused) {
      const section = lexicalById.get(id) ?? this.#sections.get(id);
      if (section !== undefined && !candidates.some((kept) => repeatsPassage(kept, section))) candidates.push({ ...section, score });
    }
    const hits = rankByPage(candidates, { limit, supportWeight: 0 });
    const pointed = placement.pointedPage;
    return pointed === undefined ? hits : withPageFirst(hits, pointed, limit, scope);
  }

  #inScope(id: string, scope: (section: DocSection) => boolean): boolean {
    const section = this.#sections.get(id);
    return section !== undefined && scope(section);
  }

  /** The query's vector, or `undefined` when the endpoint failed, timed out or the client left. */
  async #embedQuery(text: string, signal: AbortSignal | undefined): Promise<Float32Array | undefined> {
    const timeout = AbortSignal.timeout(this.#timeout);
    try {
      const [vector] = await this.#client.embed([text], { signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]) });
      if (vector === undefined) return undefined;
      if (this.#queryVectors.size >= queryCacheSize) this.#queryVectors.delete(this.#queryVectors.keys().next().value as string);
      this.#queryVectors.set(text, vector);
      if (this.#failing) {
        this.#failing = false;
        this.#logger.info({ event: 'embeddings_recovered', domain: this.#domain, search: 'hybrid' });
      }
      return vector;
    } catch (error) {
      // A reader who left is not the endpoint's fault.
      if (!signal?.aborted) this.#failed(error);
      return undefined;
    }
  }

  #failed(error: unknown): void {
    if (this.#failing) return;
    this.#failing = true;
    this.#logger.error({
      event: 'embeddings_query_failed',
      domain: this.#domain,
      search: 'lexical',
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * What a query is embedded as: the latest message (with the text the reader attached) after the
 * reader's previous message, so a follow-up ("and with GitLab?") keeps its topic. Further turns
 * are left out: a vector is one point, and old topics would pull it away from the new question.
 */
function denseQueryText(request: SearchRequest): string {
  const previous = request.history?.[0]?.trim();
  return previous ? `${previous}\n${request.query.trim()}` : request.query.trim();
}
