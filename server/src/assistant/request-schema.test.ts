import { describe, expect, test } from 'vitest';
import { ApiError } from '../http/api-error';
import { parseAssistantRequest, type AssistantApiVersion } from './request-schema';

const userMessage = { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'How do I theme it?' }] };
const validV2 = { fp: 'anonymous', messages: [userMessage] };
const validV1 = { fp: 'anonymous', messages: [{ id: 'm1', role: 'user', content: 'How do I theme it?', parts: [{ type: 'text', text: 'How do I theme it?' }] }] };

/** The 400 a body gets, as field and message. */
function rejection(body: unknown, version: AssistantApiVersion = 'v2'): { field: string | undefined; message: string } {
  try {
    parseAssistantRequest(version, body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_request');
    return { field: error.field, message: error.message };
  }
  throw new Error('expected the body to be rejected');
}

describe('v2 bodies', () => {
  test('a minimal body gets the defaults', () => {
    expect(parseAssistantRequest('v2', validV2)).toEqual({
      fp: 'anonymous',
      threadId: null,
      retrievalPageSize: 5,
      filter: null,
      context: [],
      currentPath: null,
      turns: [{ role: 'user', text: 'How do I theme it?' }],
      question: 'How do I theme it?',
    });
  });

  test('accepts what DefaultChatTransport sends: chat id, trigger, step parts, metadata', () => {
    const request = parseAssistantRequest('v2', {
      id: 'chat-1',
      trigger: 'submit-message',
      messageId: undefined,
      fp: 'user-42',
      threadId: 'abc',
      messages: [
        { id: 'm0', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
        {
          id: 'm1',
          role: 'assistant',
          metadata: { threadId: 'abc' },
          parts: [{ type: 'step-start' }, { type: 'source-url', sourceId: 's', url: '/docs/' }, { type: 'text', text: 'Hello', state: 'done' }],
        },
        { id: 'm2', role: 'user', parts: [{ type: 'text', text: 'More ' }, { type: 'text', text: 'please' }] },
      ],
      retrievalPageSize: 20,
      filter: { version: '2.x', language: 'en', groups: ['admins'] },
      context: [{ type: 'code', value: 'npm i docent', path: '/docs/install', elementId: 'code-1' }, { type: 'textSelection', value: 'theme' }],
      currentPath: '/docs/theming',
    });
    expect(request.turns).toEqual([
      { role: 'user', text: 'Hi' },
      { role: 'assistant', text: 'Hello' },
      { role: 'user', text: 'More please' },
    ]);
    expect(request.question).toBe('More please');
    expect(request.threadId).toBe('abc');
    expect(request.retrievalPageSize).toBe(20);
    expect(request.filter).toEqual({ version: '2.x', language: 'en', groups: ['admins'] });
    expect(request.context).toEqual([
      { type: 'code', value: 'npm i docent', path: '/docs/install', elementId: 'code-1' },
      { type: 'textSelection', value: 'theme' },
    ]);
    expect(request.currentPath).toBe('/docs/theming');
  });

  test('fp is required and non-empty', () => {
    expect(rejection({ messages: [userMessage] })).toMatchObject({ field: 'fp', message: expect.stringContaining('anonymous') });
    expect(rejection({ ...validV2, fp: '' }).field).toBe('fp');
  });

  test('messages must be a non-empty array', () => {
    expect(rejection({ fp: 'a' }).field).toBe('messages');
    expect(rejection({ fp: 'a', messages: [] })).toMatchObject({ field: 'messages', message: expect.stringContaining('at least one') });
  });

  test('a text part needs its text, and the message names the path', () => {
    const body = { fp: 'a', messages: [{ id: 'm', role: 'user', parts: [{ type: 'text' }] }] };
    expect(rejection(body)).toEqual({ field: 'messages[0].parts[0].text', message: expect.stringMatching(/^messages\[0\]\.parts\[0\]\.text: a text part needs text/) });
  });

  test('v2 messages carry parts, not content', () => {
    const body = { fp: 'a', messages: [{ id: 'm', role: 'user', content: 'Hi', parts: [{ type: 'text', text: 'Hi' }] }] };
    expect(rejection(body)).toMatchObject({ field: 'messages[0].content', message: expect.stringContaining('v2 messages carry parts') });
  });

  test('each message needs an id and a known role', () => {
    expect(rejection({ fp: 'a', messages: [{ role: 'user', parts: [] }] }).field).toBe('messages[0].id');
    expect(rejection({ fp: 'a', messages: [{ id: 'm', role: 'robot', parts: [] }] }).field).toBe('messages[0].role');
  });

  test('the last message must be a user question with text', () => {
    const assistantLast = { fp: 'a', messages: [userMessage, { id: 'm2', role: 'assistant', parts: [{ type: 'text', text: 'Hi' }] }] };
    expect(rejection(assistantLast)).toMatchObject({ field: 'messages[1].role' });
    expect(rejection({ fp: 'a', messages: [{ id: 'm', role: 'user', parts: [{ type: 'text', text: '  ' }] }] }).field).toBe('messages[0].parts');
  });

  test('threadId may be absent, null or a string, never empty or a number', () => {
    expect(parseAssistantRequest('v2', { ...validV2, threadId: null }).threadId).toBeNull();
    expect(rejection({ ...validV2, threadId: '' }).field).toBe('threadId');
    expect(rejection({ ...validV2, threadId: 7 }).field).toBe('threadId');
  });

  test.each([0, 21, 2.5, '5'])('retrievalPageSize %j is refused (whole number 1 to 20)', (value) => {
    expect(rejection({ ...validV2, retrievalPageSize: value })).toMatchObject({
      field: 'retrievalPageSize',
      message: expect.stringMatching(/retrievalPageSize must be/),
    });
  });

  test('retrievalPageSize 1 and 20 are the bounds', () => {
    expect(parseAssistantRequest('v2', { ...validV2, retrievalPageSize: 1 }).retrievalPageSize).toBe(1);
    expect(parseAssistantRequest('v2', { ...validV2, retrievalPageSize: 20 }).retrievalPageSize).toBe(20);
  });

  test('filter is an object of version, language and groups, or null', () => {
    expect(parseAssistantRequest('v2', { ...validV2, filter: null }).filter).toBeNull();
    expect(parseAssistantRequest('v2', { ...validV2, filter: {} }).filter).toEqual({});
    expect(rejection({ ...validV2, filter: 'v2' }).field).toBe('filter');
    expect(rejection({ ...validV2, filter: { versoin: '2' } })).toMatchObject({
      field: 'filter.versoin',
      message: expect.stringContaining('use version, language or groups'),
    });
    expect(rejection({ ...validV2, filter: { groups: 'admins' } }).field).toBe('filter.groups');
  });

  test('context items need a known type and a non-empty value', () => {
    expect(rejection({ ...validV2, context: [{ type: 'image', value: 'x' }] }).field).toBe('context[0].type');
    expect(rejection({ ...validV2, context: [{ type: 'code', value: '' }] }).field).toBe('context[0].value');
    expect(rejection({ ...validV2, context: [{ type: 'code' }] }).field).toBe('context[0].value');
    expect(rejection({ ...validV2, context: [{ type: 'code', value: 'x', path: 3 }] }).field).toBe('context[0].path');
    expect(rejection({ ...validV2, context: {} }).field).toBe('context');
  });

  test('currentPath is at most 200 characters', () => {
    expect(parseAssistantRequest('v2', { ...validV2, currentPath: `/${'a'.repeat(199)}` }).currentPath).toHaveLength(200);
    expect(rejection({ ...validV2, currentPath: `/${'a'.repeat(200)}` })).toMatchObject({
      field: 'currentPath',
      message: expect.stringContaining('at most 200'),
    });
  });

  test('a body that is not an object is refused', () => {
    expect(rejection([1, 2]).message).toContain('JSON object');
  });

  test('several problems are all listed; the field names the first', () => {
    const problem = rejection({ fp: '', messages: [], retrievalPageSize: 99 });
    expect(problem.field).toBe('fp');
    expect(problem.message).toContain('messages must hold at least one message');
    expect(problem.message).toContain('retrievalPageSize must be at most 20');
  });
});

describe('v1 bodies', () => {
  test('messages carry content (and parts); the text comes from content', () => {
    expect(parseAssistantRequest('v1', validV1).question).toBe('How do I theme it?');
    expect(parseAssistantRequest('v1', { fp: 'a', messages: [{ role: 'user', content: 'Hi' }] }).turns).toEqual([{ role: 'user', text: 'Hi' }]);
  });

  test('a v1 message without content is refused', () => {
    expect(rejection({ fp: 'a', messages: [{ id: 'm', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }] }, 'v1')).toMatchObject({
      field: 'messages[0].content',
      message: expect.stringContaining('v1 messages carry content'),
    });
  });

  test('the shared fields have the same bounds', () => {
    expect(rejection({ ...validV1, retrievalPageSize: 21 }, 'v1').field).toBe('retrievalPageSize');
    expect(rejection({ ...validV1, currentPath: 'x'.repeat(201) }, 'v1').field).toBe('currentPath');
  });
});
