import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, embedMany } from 'ai';
import type { EmbeddingsSettings } from './embeddings-settings';

/** Options of one {@link EmbeddingsClient.embed} call. */
export interface EmbedOptions {
  /** Cancels the request (client gone, timeout, shutdown). */
  signal?: AbortSignal;
  /** How many times a failed request is tried again. Default `0`. */
  retries?: number;
}

/** Turns texts into vectors on an embeddings endpoint. */
export interface EmbeddingsClient {
  /** The model name, as configured. */
  readonly model: string;
  /**
   * One vector per text, in the texts' order, all of one length. One request per call: the
   * caller decides the batch size.
   *
   * @throws EmbeddingsRequestError when the endpoint fails, times out or answers something unusable.
   */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
}

/** A failed embeddings request; the message says what went wrong, without secrets, for the log. */
export class EmbeddingsRequestError extends Error {
  override readonly name = 'EmbeddingsRequestError';
}

/**
 * A client for an OpenAI-compatible `POST {baseUrl}/embeddings` endpoint (Ollama, llama.cpp's
 * server, vLLM, OpenAI), through the AI SDK's OpenAI-compatible provider like the answer model.
 *
 * @example
 * const client = createEmbeddingsClient({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text' });
 * const [vector] = await client.embed(['How do I deploy?'], { signal: AbortSignal.timeout(1_500) });
 */
export function createEmbeddingsClient(settings: EmbeddingsSettings): EmbeddingsClient {
  const provider = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: settings.baseUrl,
    ...(settings.apiKey === undefined ? {} : { apiKey: settings.apiKey }),
  });
  const model = provider.embeddingModel(settings.model);
  return {
    model: settings.model,
    async embed(texts, options = {}) {
      if (texts.length === 0) return [];
      let embeddings: number[][];
      try {
        ({ embeddings } = await embedMany({
          model,
          values: [...texts],
          maxRetries: options.retries ?? 0,
          maxParallelCalls: 1,
          ...(options.signal === undefined ? {} : { abortSignal: options.signal }),
        }));
      } catch (error) {
        throw new EmbeddingsRequestError(describeFailure(error, settings), { cause: error });
      }
      if (embeddings.length !== texts.length) {
        throw new EmbeddingsRequestError(`the embeddings endpoint returned ${embeddings.length} vectors for ${texts.length} texts`);
      }
      const dimensions = embeddings[0]?.length ?? 0;
      if (dimensions === 0 || embeddings.some((vector) => vector.length !== dimensions)) {
        throw new EmbeddingsRequestError('the embeddings endpoint returned empty vectors or vectors of different lengths');
      }
      return embeddings.map((vector) => Float32Array.from(vector));
    },
  };
}

function describeFailure(error: unknown, settings: EmbeddingsSettings): string {
  const endpoint = `${settings.baseUrl}/embeddings`;
  const cause = rootCause(error);
  if (cause instanceof APICallError && cause.statusCode !== undefined) {
    const hint =
      cause.statusCode === 404
        ? ` (check that DOCENT_EMBEDDINGS_BASE_URL ends where /embeddings follows, e.g. http://127.0.0.1:11434/v1, and that the model "${settings.model}" is installed)`
        : cause.statusCode === 401 || cause.statusCode === 403
          ? ' (check DOCENT_EMBEDDINGS_API_KEY)'
          : '';
    return `${endpoint} answered HTTP ${cause.statusCode}${hint}`;
  }
  if (cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError')) {
    return `${endpoint} did not answer in time (${cause.name})`;
  }
  return `${endpoint} failed: ${cause instanceof Error ? cause.message : String(cause)}`;
}

// The SDK wraps the last failure of its retries (RetryError.lastError) and network errors (cause).
function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5; depth += 1) {
    if (current instanceof APICallError) return current;
    const next = (current as { lastError?: unknown; cause?: unknown } | null)?.lastError ?? (current as { cause?: unknown } | null)?.cause;
    if (next === undefined || next === null) return current;
    current = next;
  }
  return current;
}
