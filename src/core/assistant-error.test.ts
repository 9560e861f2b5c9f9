import { describe, expect, it } from 'vitest';
import { AssistantError, classifyError, interruptedErrorText, parseRetryAfter } from './assistant-error.js';

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:45 GMT', now)).toBe(45);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('classifyError', () => {
  it('passes AssistantErrors through', () => {
    const error = new AssistantError('rate-limited', 'slow down', { retryAfterSeconds: 3 });
    expect(classifyError(error)).toBe(error);
  });

  it('calls a failed fetch a network error', () => {
    expect(classifyError(new TypeError('Failed to fetch')).kind).toBe('network');
  });

  it('recognises the interrupted-stream error chunk', () => {
    expect(classifyError(new Error(interruptedErrorText)).kind).toBe('interrupted');
  });

  it('classifies a JSON error body thrown by the SDK’s own transport by its code', () => {
    const body = (code: string) => new Error(JSON.stringify({ error: { code, message: `m ${code}` } }));
    expect(classifyError(body('invalid_api_key'))).toMatchObject({ kind: 'auth', code: 'invalid_api_key', message: 'm invalid_api_key' });
    expect(classifyError(body('thread_not_found')).kind).toBe('thread-not-found');
    expect(classifyError(body('rate_limited')).kind).toBe('rate-limited');
    expect(classifyError(body('validation_failed')).kind).toBe('bad-request');
    expect(classifyError(body('boom')).kind).toBe('server');
  });

  it('calls anything else a server error, keeping its message', () => {
    expect(classifyError(new Error('model overloaded'))).toMatchObject({ kind: 'server', message: 'model overloaded' });
    expect(classifyError(undefined).kind).toBe('server');
  });
});
