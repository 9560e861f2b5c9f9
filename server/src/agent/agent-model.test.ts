import { describe, expect, it } from 'vitest';
import { resolveAgentModel } from './agent-model';

describe('agent model from the environment', () => {
  it('is absent when no model is configured (the embedded extractive model cannot call tools)', () => {
    expect(resolveAgentModel({})).toBeUndefined();
    expect(resolveAgentModel({ DOCENT_MODEL: '  ', DOCENT_MODEL_BASE_URL: '' })).toBeUndefined();
  });

  it('uses DOCENT_MODEL on DOCENT_MODEL_BASE_URL, and other ids a job names on the same endpoint', () => {
    const provider = resolveAgentModel({ DOCENT_MODEL_BASE_URL: 'http://127.0.0.1:11434/v1', DOCENT_MODEL: 'llama3.1' });
    expect(provider?.defaultModelId).toBe('llama3.1');
    expect(provider?.languageModel('llama3.1')).toMatchObject({ modelId: 'llama3.1' });
    expect(provider?.languageModel('qwen2.5-coder')).toMatchObject({ modelId: 'qwen2.5-coder' });
  });

  it('names the missing variable when the configuration is half done', () => {
    expect(() => resolveAgentModel({ DOCENT_MODEL: 'llama3.1' })).toThrow('DOCENT_MODEL_BASE_URL');
    expect(() => resolveAgentModel({ DOCENT_MODEL_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow('DOCENT_MODEL');
  });
});
