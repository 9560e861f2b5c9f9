import { ConfigError } from '../../config';

/** Where section and query embeddings come from: an OpenAI-compatible `/v1/embeddings` endpoint. */
export interface EmbeddingsSettings {
  /** Base URL without a trailing slash, ending where `/embeddings` is appended, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /** Model name the endpoint knows, e.g. `nomic-embed-text` (Ollama) or `text-embedding-3-small` (OpenAI). */
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
}

/**
 * Reads the optional hybrid-search configuration from the environment:
 * `DOCENT_EMBEDDINGS_BASE_URL` and `DOCENT_EMBEDDINGS_MODEL` (both, or neither), and
 * `DOCENT_EMBEDDINGS_API_KEY` when the endpoint needs one. Returns `undefined` when none is set
 * (lexical search only).
 *
 * @throws ConfigError naming the variable to set when the configuration is half done or the URL is not http(s).
 * @example resolveEmbeddingsSettings({ DOCENT_EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1', DOCENT_EMBEDDINGS_MODEL: 'nomic-embed-text' })
 */
export function resolveEmbeddingsSettings(environment: Record<string, string | undefined>): EmbeddingsSettings | undefined {
  const baseUrl = setting(environment, 'DOCENT_EMBEDDINGS_BASE_URL');
  const model = setting(environment, 'DOCENT_EMBEDDINGS_MODEL');
  const apiKey = setting(environment, 'DOCENT_EMBEDDINGS_API_KEY');
  if (baseUrl === undefined && model === undefined) {
    if (apiKey !== undefined) {
      throw new ConfigError(
        'DOCENT_EMBEDDINGS_API_KEY is set but DOCENT_EMBEDDINGS_BASE_URL and DOCENT_EMBEDDINGS_MODEL are not: set both to use hybrid search ' +
          '(for example DOCENT_EMBEDDINGS_BASE_URL=https://api.openai.com/v1 DOCENT_EMBEDDINGS_MODEL=text-embedding-3-small), or unset DOCENT_EMBEDDINGS_API_KEY.',
      );
    }
    return undefined;
  }
  if (model === undefined) {
    throw new ConfigError(
      'DOCENT_EMBEDDINGS_BASE_URL is set but DOCENT_EMBEDDINGS_MODEL is not: set DOCENT_EMBEDDINGS_MODEL to an embedding model the endpoint serves ' +
        '(for example nomic-embed-text for Ollama), or unset DOCENT_EMBEDDINGS_BASE_URL to search without embeddings.',
    );
  }
  if (baseUrl === undefined) {
    throw new ConfigError(
      'DOCENT_EMBEDDINGS_MODEL is set but DOCENT_EMBEDDINGS_BASE_URL is not: set it to the OpenAI-compatible endpoint ' +
        '(for example http://127.0.0.1:11434/v1 for Ollama, https://api.openai.com/v1 for OpenAI), or unset DOCENT_EMBEDDINGS_MODEL.',
    );
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigError(
      `DOCENT_EMBEDDINGS_BASE_URL is not a URL (${JSON.stringify(baseUrl)}): set it to the endpoint's base URL, for example http://127.0.0.1:11434/v1`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(
      `DOCENT_EMBEDDINGS_BASE_URL must be an http:// or https:// URL, not ${url.protocol}: set it to the endpoint's base URL, for example http://127.0.0.1:11434/v1`,
    );
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), model, ...(apiKey === undefined ? {} : { apiKey }) };
}

/** The settings for logs and the start-up summary, without the key, e.g. `nomic-embed-text at http://127.0.0.1:11434/v1`. */
export function describeEmbeddings(settings: EmbeddingsSettings): string {
  const url = new URL(settings.baseUrl);
  return `${settings.model} at ${url.origin}${url.pathname.replace(/\/+$/, '')}${settings.apiKey === undefined ? '' : ' (with API key)'}`;
}

function setting(environment: Record<string, string | undefined>, name: string): string | undefined {
  const value = environment[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}
