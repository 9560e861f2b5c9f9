import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { createExtractiveModel } from './extractive-model';

/** The model answers come from, and a line for the start-up log saying which it is. */
export interface ResolvedAnswerModel {
  /** Pass to `streamText({ model })`. */
  model: LanguageModel;
  /** Human-readable, without secrets, e.g. `llama3.1 at http://127.0.0.1:11434/v1 (OpenAI-compatible)`. */
  description: string;
}

/**
 * Picks the answer model from the environment.
 *
 * - Nothing set: the embedded extractive model (no network, answers by quoting the docs).
 * - `DOCENT_MODEL_BASE_URL` and `DOCENT_MODEL` (and `DOCENT_MODEL_API_KEY` when the endpoint
 *   needs one): that model on an OpenAI-compatible chat-completions endpoint, such as Ollama
 *   (`http://127.0.0.1:11434/v1`), llama.cpp's server, vLLM or OpenAI (`https://api.openai.com/v1`).
 *
 * @throws Error naming the variable to set when the configuration is half done or the URL is not http(s).
 * @example const { model, description } = resolveAnswerModel(process.env);
 */
export function resolveAnswerModel(environment: Record<string, string | undefined>): ResolvedAnswerModel {
  const baseUrl = setting(environment, 'DOCENT_MODEL_BASE_URL');
  const modelId = setting(environment, 'DOCENT_MODEL');
  const apiKey = setting(environment, 'DOCENT_MODEL_API_KEY');

  if (baseUrl === undefined && modelId === undefined) {
    if (apiKey !== undefined) {
      throw new Error(
        'DOCENT_MODEL_API_KEY is set but DOCENT_MODEL_BASE_URL and DOCENT_MODEL are not: set both to use a model ' +
          '(for example DOCENT_MODEL_BASE_URL=https://api.openai.com/v1 DOCENT_MODEL=gpt-4o-mini), or unset DOCENT_MODEL_API_KEY to use the embedded extractive model.',
      );
    }
    return { model: createExtractiveModel(), description: 'embedded extractive model (answers by quoting the docs; set DOCENT_MODEL_BASE_URL and DOCENT_MODEL to use an LLM)' };
  }
  if (modelId === undefined) {
    throw new Error(
      'DOCENT_MODEL_BASE_URL is set but DOCENT_MODEL is not: set DOCENT_MODEL to the name of a model the endpoint serves ' +
        '(for example DOCENT_MODEL=llama3.1 for Ollama), or unset DOCENT_MODEL_BASE_URL to use the embedded extractive model.',
    );
  }
  if (baseUrl === undefined) {
    throw new Error(
      'DOCENT_MODEL is set but DOCENT_MODEL_BASE_URL is not: set DOCENT_MODEL_BASE_URL to the OpenAI-compatible endpoint ' +
        '(for example http://127.0.0.1:11434/v1 for Ollama, https://api.openai.com/v1 for OpenAI), or unset DOCENT_MODEL to use the embedded extractive model.',
    );
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`DOCENT_MODEL_BASE_URL is not a URL (${JSON.stringify(baseUrl)}): set it to the endpoint's base URL, for example http://127.0.0.1:11434/v1`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`DOCENT_MODEL_BASE_URL must be an http:// or https:// URL, not ${url.protocol}: set it to the endpoint's base URL, for example http://127.0.0.1:11434/v1`);
  }

  const provider = createOpenAICompatible({
    // Not "docent": this provider would read `providerOptions.docent` (the extractive model's
    // data) as its own options and copy them into every request body.
    name: 'openai-compatible',
    baseURL: baseUrl.replace(/\/+$/, ''),
    ...(apiKey === undefined ? {} : { apiKey }),
    includeUsage: true,
  });
  return {
    model: provider.chatModel(modelId),
    description: `${modelId} at ${url.origin}${url.pathname.replace(/\/+$/, '')} (OpenAI-compatible${apiKey === undefined ? '' : ', with API key'})`,
  };
}

function setting(environment: Record<string, string | undefined>, name: string): string | undefined {
  const value = environment[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}
