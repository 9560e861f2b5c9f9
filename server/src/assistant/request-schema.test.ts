import { describe, expect, test } from 'vitest';
import { ApiError } from '../http/api-error';
import { parseAssistantRequest, type AssistantApiVersion } from './request-schema';

const userMessage = { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'How do I theme it?' }] };
const validV2 = { fp: 'anonymous', messages: [userMessage] };
const validV1 = { fp: 'anonymous', messages: [{ id: 'm1', role: 'user', content: 'How do I theme it?', parts: [{ type: 'text', text: 'How do I theme it?' }] }] };

/** The error a body gets (by default a 400 `invalid_request`), as field and message. */
function rejection(
  body: unknown,
  version: AssistantApiVersion = 'v2',
  expected: { status: number; code: string } = { status: 400, code: 'invalid_request' },
): { field: string | undefined; message: string } {
  try {
    parseAssistantRequest(version, body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(expected.status);
    expect(error.code).toBe(expected.code);
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

describe('bounds', () => {
  const text = (length: number) => 'word '.repeat(Math.ceil(length / 5)).slice(0, length);
  const user = (content: string, index = 0) => ({ id: `m${index}`, role: 'user', parts: [{ type: 'text', text: content }] });
  const assistant = (content: string, index: number) => ({ id: `m${index}`, role: 'assistant', parts: [{ type: 'text', text: content }] });

  /** The 413 a body gets, as field and message. */
  const tooLarge = (body: unknown, version: AssistantApiVersion = 'v2') => rejection(body, version, { status: 413, code: 'input_too_large' });

  test('a question at the limit passes; one character more is refused, naming the field and the limit', () => {
    expect(parseAssistantRequest('v2', { fp: 'a', messages: [user(text(8_000))] }).question).toHaveLength(8_000);
    const refused = tooLarge({ fp: 'a', messages: [user(text(8_001))] });
    expect(refused.field).toBe('messages[0].parts');
    expect(refused.message).toContain('8000');
    expect(tooLarge({ fp: 'a', messages: [{ role: 'user', content: text(8_001) }] }, 'v1').field).toBe('messages[0].content');
  });

  test('earlier messages have their own, larger bound', () => {
    const long = assistant(text(10_000), 1);
    expect(parseAssistantRequest('v2', { fp: 'a', messages: [user('Hi'), long, user('And?', 2)] }).turns).toHaveLength(3);
    expect(tooLarge({ fp: 'a', messages: [user('Hi'), assistant(text(20_001), 1), user('And?', 2)] }).field).toBe('messages[1].parts');
  });

  test('message count, context count and context size are bounded; configured bounds apply', () => {
    const many = Array.from({ length: 101 }, (_, index) => user('Hi', index));
    expect(tooLarge({ fp: 'a', messages: many }).field).toBe('messages');
    const item = { type: 'code', value: 'x' };
    expect(tooLarge({ fp: 'a', messages: [user('Hi')], context: Array.from({ length: 21 }, () => item) }).field).toBe('context');
    expect(tooLarge({ fp: 'a', messages: [user('Hi')], context: [item, { type: 'code', value: text(20_001) }] }).field).toBe('context[1].value');
    const bounds = { maximumQuestionCharacters: 10, maximumMessageCharacters: 10, maximumMessages: 2, maximumContextItems: 1, maximumContextCharacters: 5 };
    expect(() => parseAssistantRequest('v2', { fp: 'a', messages: [user('How do I theme?')] }, bounds)).toThrow(/over the limit of 10/);
  });

  test('identifiers and filters are bounded with a 400 naming the field', () => {
    expect(rejection({ ...validV2, fp: 'f'.repeat(201) }).field).toBe('fp');
    expect(rejection({ ...validV2, threadId: 't'.repeat(201) }).field).toBe('threadId');
    expect(rejection({ ...validV2, filter: { version: 'v'.repeat(101) } }).field).toBe('filter.version');
    expect(rejection({ ...validV2, filter: { groups: Array.from({ length: 21 }, (_, index) => `g${index}`) } }).field).toBe('filter.groups');
    expect(rejection({ ...validV2, messages: [{ ...userMessage, id: 'i'.repeat(201) }] }).field).toBe('messages[0].id');
    expect(rejection({ ...validV2, messages: [{ ...userMessage, parts: Array.from({ length: 101 }, () => ({ type: 'text', text: 'a' })) }] }).field).toBe('messages[0].parts');
    expect(rejection({ ...validV2, context: [{ type: 'code', value: 'x', path: `/${'p'.repeat(200)}` }] }).field).toBe('context[0].path');
  });
});
