import { asSchema, uiMessageChunkSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { uiMessageChunkProblem, validateUIMessageChunk } from './ui-message-chunk.js';

const metadata = { openai: { id: 'x', score: 1, nested: { list: [1, null] } } };

/** Chunks of every type the SDK knows, as a server could send them. */
const validChunks: unknown[] = [
  { type: 'start' },
  { type: 'start', messageId: 'm1', messageMetadata: { any: 'thing' } },
  { type: 'start-step' },
  { type: 'text-start', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 'Hello', providerMetadata: metadata },
  { type: 'text-end', id: 't1' },
  { type: 'reasoning-start', id: 'r1' },
  { type: 'reasoning-delta', id: 'r1', delta: 'thinking' },
  { type: 'reasoning-end', id: 'r1', providerMetadata: metadata },
  { type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'A' },
  { type: 'source-url', sourceId: 's2', url: '/b' },
  { type: 'source-document', sourceId: 's3', mediaType: 'text/markdown', title: 'Doc', filename: 'doc.md' },
  { type: 'file', url: 'https://example.com/f.png', mediaType: 'image/png' },
  { type: 'tool-input-start', toolCallId: 'c1', toolName: 'search', inputEncoding: 'json', dynamic: true, title: 'Search' },
  { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"q"' },
  { type: 'tool-input-available', toolCallId: 'c1', toolName: 'search', input: { q: 'x' }, toolMetadata: { a: 1 } },
  { type: 'tool-input-error', toolCallId: 'c1', toolName: 'search', input: 'bad', errorText: 'invalid input' },
  { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c1', signature: 'sig' },
  { type: 'tool-output-available', toolCallId: 'c1', output: [1, 2], preliminary: false, providerExecuted: true },
  { type: 'tool-output-error', toolCallId: 'c1', errorText: 'failed' },
  { type: 'tool-output-denied', toolCallId: 'c1' },
  { type: 'data-weather', data: { temperature: 20 } },
  { type: 'data-weather', id: 'd1', data: null, transient: true },
  { type: 'message-metadata', messageMetadata: { tokens: 3 } },
  { type: 'finish-step' },
  { type: 'finish' },
  { type: 'finish', finishReason: 'stop', messageMetadata: 1 },
  { type: 'abort' },
  { type: 'abort', reason: 'user' },
  { type: 'error', errorText: 'The model is down.' },
  // Fields the SDK does not know pass through (its objects are loose).
  { type: 'text-delta', id: 't1', delta: 'x', extra: { anything: true } },
];

/** Chunks the SDK rejects: unknown types, missing or mistyped fields. */
const invalidChunks: unknown[] = [
  null,
  'text',
  [],
  {},
  { type: 'unknown-type' },
  { type: 42 },
  { type: 'text-delta', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 5 },
  { type: 'text-delta', id: 't1', delta: null },
  { type: 'text-start', id: 't1', providerMetadata: 'x' },
  { type: 'text-start', id: 't1', providerMetadata: { openai: 'not an object' } },
  { type: 'text-start', id: 't1', providerMetadata: [] },
  { type: 'error' },
  { type: 'error', errorText: ['a'] },
  { type: 'source-url', sourceId: 's1' },
  { type: 'source-url', sourceId: 's1', url: 'https://example.com', title: 3 },
  { type: 'source-document', sourceId: 's3', mediaType: 'text/markdown' },
  { type: 'file', url: 'https://example.com/f.png' },
  { type: 'tool-input-start', toolCallId: 'c1', toolName: 'search', inputEncoding: 'xml' },
  { type: 'tool-input-available', toolCallId: 'c1', toolName: 'search', toolMetadata: [1] },
  { type: 'tool-output-available', toolCallId: 'c1', dynamic: 'yes' },
  { type: 'tool-approval-request', toolCallId: 'c1' },
  { type: 'data-weather', id: 3, data: {} },
  { type: 'data-weather', data: {}, transient: 'no' },
  { type: 'start', messageId: 7 },
  { type: 'finish', finishReason: 'done' },
  { type: 'abort', reason: false },
];

const sdkAccepts = async (value: unknown) => (await asSchema(uiMessageChunkSchema).validate!(value)).success;

describe('uiMessageChunkProblem', () => {
  it('accepts every chunk the SDK schema accepts', async () => {
    for (const chunk of validChunks) {
      expect(await sdkAccepts(chunk), JSON.stringify(chunk)).toBe(true);
      expect(uiMessageChunkProblem(chunk), JSON.stringify(chunk)).toBeUndefined();
    }
  });

  it('rejects every chunk the SDK schema rejects, saying which field is wrong', async () => {
    for (const chunk of invalidChunks) {
      expect(await sdkAccepts(chunk), JSON.stringify(chunk)).toBe(false);
      expect(uiMessageChunkProblem(chunk), JSON.stringify(chunk)).toBeDefined();
    }
    expect(uiMessageChunkProblem({ type: 'text-delta', id: 't1', delta: 5 })).toBe('the "text-delta" stream event has an invalid "delta"');
    expect(uiMessageChunkProblem({ type: 'nope' })).toBe('unknown stream event type "nope"');
  });
});

describe('validateUIMessageChunk', () => {
  it('returns the chunk itself when valid and an error naming the problem otherwise', () => {
    const chunk = { type: 'text-delta', id: 't1', delta: 'Hi' };
    expect(validateUIMessageChunk(chunk)).toEqual({ success: true, value: chunk });
    const result = validateUIMessageChunk({ type: 'error' });
    expect(result.success).toBe(false);
    expect(!result.success && result.error.message).toBe(
      'Invalid stream event from the assistant: the "error" stream event has an invalid "errorText".',
    );
  });
});
