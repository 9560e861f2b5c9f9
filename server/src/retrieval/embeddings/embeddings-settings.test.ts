import { describe, expect, test } from 'vitest';
import { describeEmbeddings, resolveEmbeddingsSettings } from './embeddings-settings';

describe('resolveEmbeddingsSettings', () => {
  test('nothing set: lexical search only', () => {
    expect(resolveEmbeddingsSettings({})).toBeUndefined();
    expect(resolveEmbeddingsSettings({ DOCENT_EMBEDDINGS_BASE_URL: ' ', DOCENT_EMBEDDINGS_MODEL: '' })).toBeUndefined();
  });

  test('base URL and model: trailing slashes dropped, the key kept but never described', () => {
    const settings = resolveEmbeddingsSettings({
      DOCENT_EMBEDDINGS_BASE_URL: 'https://api.openai.com/v1/',
      DOCENT_EMBEDDINGS_MODEL: 'text-embedding-3-small',
      DOCENT_EMBEDDINGS_API_KEY: 'sk-secret',
    });
    expect(settings).toEqual({ baseUrl: 'https://api.openai.com/v1', model: 'text-embedding-3-small', apiKey: 'sk-secret' });
    expect(describeEmbeddings(settings!)).toBe('text-embedding-3-small at https://api.openai.com/v1 (with API key)');
    expect(describeEmbeddings(settings!)).not.toContain('sk-secret');
  });

  test.each([
    [{ DOCENT_EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1' }, /DOCENT_EMBEDDINGS_MODEL is not: set DOCENT_EMBEDDINGS_MODEL/],
    [{ DOCENT_EMBEDDINGS_MODEL: 'nomic-embed-text' }, /DOCENT_EMBEDDINGS_BASE_URL is not: set it/],
    [{ DOCENT_EMBEDDINGS_API_KEY: 'sk-1' }, /set both to use hybrid search/],
    [{ DOCENT_EMBEDDINGS_BASE_URL: 'localhost:11434', DOCENT_EMBEDDINGS_MODEL: 'm' }, /must be an http:\/\/ or https:\/\/ URL/],
    [{ DOCENT_EMBEDDINGS_BASE_URL: 'not a url', DOCENT_EMBEDDINGS_MODEL: 'm' }, /is not a URL/],
  ])('a half-done configuration says what to set: %j', (environment, message) => {
    expect(() => resolveEmbeddingsSettings(environment)).toThrow(message);
  });
});
