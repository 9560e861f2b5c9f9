import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AssistantError, classifyError } from './assistant-error.js';
import { transportFor } from './assistant-transport.js';
import type { ContextItem, DocentUIMessage } from './context-item.js';
import type { DocentEventMap } from './events.js';
import { resolveOptions, type DocentOptions } from './options.js';
import { createWidgetStore, type WidgetStore } from './store.js';
import { MemoryStorage } from './testing/memory-storage.js';
import {
  answerChunks,
  errorResponse,
  sse,
  startScriptedServer,
  streamResponse,
  type RecordedRequest,
} from './testing/scripted-server.js';
import { TestChat } from './testing/test-chat.js';

let server: Awaited<ReturnType<typeof startScriptedServer>>;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

interface Setup {
  store: WidgetStore;
  chat: TestChat;
  storage: MemoryStorage;
  events: Array<{ [Name in keyof DocentEventMap]: [Name, DocentEventMap[Name]] }[keyof DocentEventMap]>;
}

function setup(options: Partial<DocentOptions> = {}, storage = new MemoryStorage(), pathname = '/docs/install'): Setup {
  const resolution = resolveOptions({ domain: 'acme', apiKey: 'svc_dsc_public', baseUrl: server.url, ...options });
  if (resolution.options === null) throw new Error(resolution.errors.join('; '));
  const store = createWidgetStore(resolution.options, { storage, location: { pathname, origin: 'https://docs.example.com' } });
  const events: Setup['events'] = [];
  for (const name of ['submit', 'finish', 'error'] as const) {
    store.events.on(name, (payload) => events.push([name, payload] as Setup['events'][number]));
  }
  const chat = new TestChat(transportFor(store), store.loadMessages());
  return { store, chat, storage, events };
}

const lastRequest = (): RecordedRequest => {
  const request = server.requests.at(-1);
  if (request === undefined) throw new Error('no request was made');
  return request;
};

const answerText = (chat: TestChat) =>
  chat.messages.at(-1)?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('the request', () => {
  it('posts exactly the body of api-spec 2.5 to the v2 endpoint with the assistant key', async () => {
    const { chat } = setup({ userId: 'reader-7', retrievalPageSize: 8, filter: { version: 'v2' } }, undefined, `/docs/${'a'.repeat(300)}`);
    server.respondWith(streamResponse(sse(answerChunks('Use npm.'))));
    const context: ContextItem[] = [
      { type: 'code', value: 'npm i docent', path: '/docs/install', elementId: 'install', truncated: true },
    ];
    await chat.sendMessage({ text: 'How do I install it?', metadata: { context } });

    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/discovery/v2/assistant/acme/message');
    expect(request.headers.authorization).toBe('Bearer svc_dsc_public');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.cookie).toBeUndefined();
    const userMessage = chat.messages[0]!;
    expect(request.body).toEqual({
      fp: 'reader-7',
      messages: [{ id: userMessage.id, role: 'user', parts: [{ type: 'text', text: 'How do I install it?' }] }],
      threadId: null,
      retrievalPageSize: 8,
      filter: { version: 'v2' },
      context: [{ type: 'code', value: 'npm i docent', path: '/docs/install', elementId: 'install' }],
      currentPath: `/docs/${'a'.repeat(194)}`,
    });
  });

  it('sends fp "anonymous" and leaves out filter, context and threadKey when there are none', async () => {
    const { chat } = setup();
    server.respondWith(streamResponse(sse(answerChunks('Hi.'))));
    await chat.sendMessage({ text: 'Hello' });
    expect(Object.keys(lastRequest().body as object)).toEqual(['fp', 'messages', 'threadId', 'retrievalPageSize', 'currentPath']);
    expect(lastRequest().body).toMatchObject({ fp: 'anonymous', threadId: null, retrievalPageSize: 5, currentPath: '/docs/install' });
  });

  it('sends earlier turns as text parts only, without sources or metadata', async () => {
    const { chat } = setup();
    server.respondWith(streamResponse(sse(answerChunks('First answer.'))), streamResponse(sse(answerChunks('Second.'))));
    await chat.sendMessage({ text: 'One', metadata: { context: [{ type: 'textSelection', value: 'old selection' }] } });
    expect(chat.messages[1]!.parts.some((part) => part.type === 'source-url')).toBe(true);
    await chat.sendMessage({ text: 'Two' });
    const body = lastRequest().body as { messages: unknown[]; context?: unknown };
    expect(body.messages).toEqual([
      { id: chat.messages[0]!.id, role: 'user', parts: [{ type: 'text', text: 'One' }] },
      { id: chat.messages[1]!.id, role: 'assistant', parts: [{ type: 'text', text: 'First answer.' }] },
      { id: chat.messages[2]!.id, role: 'user', parts: [{ type: 'text', text: 'Two' }] },
    ]);
    // The context belongs to the question it was attached to.
    expect(body.context).toBeUndefined();
  });

  it('sends the original question’s context again on regenerate', async () => {
    const { chat, events } = setup();
    server.respondWith(streamResponse(sse(answerChunks('One.'))), streamResponse(sse(answerChunks('Two.'))));
    const context: ContextItem[] = [{ type: 'textSelection', value: 'the passage', path: '/docs/a', elementId: 'intro' }];
    await chat.sendMessage({ text: 'Explain', metadata: { context } });
    await chat.regenerate();
    expect(server.requests).toHaveLength(2);
    expect((lastRequest().body as { context: unknown }).context).toEqual(context);
    expect((lastRequest().body as { messages: unknown[] }).messages).toHaveLength(1);
    // A regenerate is not a new question.
    expect(events.filter(([name]) => name === 'submit')).toEqual([['submit', { text: 'Explain', context }]]);
  });
});

describe('the thread', () => {
  it('takes threadId from the finish event, strips it from the chunk, stores it and sends it next time', async () => {
    const { chat, store, storage, events } = setup();
    server.respondWith(streamResponse(sse(answerChunks('Hello there.', { threadId: 'thread-42' }))));
    await chat.sendMessage({ text: 'Hi' });
    expect(answerText(chat)).toBe('Hello there.');
    expect(store.thread.value).toEqual({ threadId: 'thread-42', threadKey: null });
    expect(JSON.parse(storage.getItem(`docent:v1:${server.url}:acme:thread`)!)).toEqual({ threadId: 'thread-42', threadKey: null });
    expect(events).toContainEqual(['finish', { threadId: 'thread-42', messageId: chat.messages[1]!.id }]);

    server.respondWith(streamResponse(sse(answerChunks('Again.', { threadId: 'thread-42' }))));
    await chat.sendMessage({ text: 'More' });
    expect(lastRequest().body).toMatchObject({ threadId: 'thread-42' });
  });

  it('removes threadId before the SDK sees the finish chunk', async () => {
    const { store } = setup();
    server.respondWith(streamResponse(sse(answerChunks('Hi.', { threadId: 'thread-1', finishReason: 'stop' }))));
    const stream = await transportFor(store).sendMessages({
      chatId: 'c',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
      abortSignal: undefined,
      trigger: 'submit-message',
      messageId: undefined,
    });
    const chunks: unknown[] = [];
    const reader = stream.getReader();
    for (let result = await reader.read(); !result.done; result = await reader.read()) chunks.push(result.value);
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
    // The start chunk carries a message id so `finish` can name the answer.
    expect(chunks[0]).toEqual({ type: 'start', messageId: expect.any(String) });
  });

  it('falls back to the x-thread-id header', async () => {
    const { chat, store, events } = setup();
    server.respondWith(streamResponse(sse(answerChunks('Hi.')), { 'x-thread-id': 'thread-from-header' }));
    await chat.sendMessage({ text: 'Hi' });
    expect(store.thread.value.threadId).toBe('thread-from-header');
    expect(events).toContainEqual(['finish', { threadId: 'thread-from-header', messageId: chat.messages[1]!.id }]);
  });

  it('prefers the finish event over the header', async () => {
    const { chat, store } = setup();
    server.respondWith(streamResponse(sse(answerChunks('Hi.', { threadId: 'from-event' })), { 'x-thread-id': 'from-header' }));
    await chat.sendMessage({ text: 'Hi' });
    expect(store.thread.value.threadId).toBe('from-event');
  });

  it('keeps an x-thread-key and sends it back as threadKey', async () => {
    const { chat, store } = setup();
    server.respondWith(
      streamResponse(sse(answerChunks('Hi.', { threadId: 'thread-7' })), { 'x-thread-key': 'key-secret' }),
      streamResponse(sse(answerChunks('Again.', { threadId: 'thread-7' }))),
    );
    await chat.sendMessage({ text: 'Hi' });
    expect(store.thread.value).toEqual({ threadId: 'thread-7', threadKey: 'key-secret' });
    await chat.sendMessage({ text: 'More' });
    expect(lastRequest().body).toMatchObject({ threadId: 'thread-7', threadKey: 'key-secret' });
    // A key is kept while the thread stays the same.
    expect(store.thread.value).toEqual({ threadId: 'thread-7', threadKey: 'key-secret' });
  });

  it('continues the thread after a reload (a fresh store and chat over the same storage)', async () => {
    const storage = new MemoryStorage();
    const first = setup({}, storage);
    server.respondWith(streamResponse(sse(answerChunks('Hi.', { threadId: 'thread-9' })), { 'x-thread-key': 'k9' }));
    await first.chat.sendMessage({ text: 'Hi' });
    first.store.saveMessages(first.chat.messages);

    const reloaded = setup({}, storage, '/docs/other-page');
    expect(reloaded.chat.messages).toEqual(first.chat.messages);
    server.respondWith(streamResponse(sse(answerChunks('Sure.', { threadId: 'thread-9' }))));
    await reloaded.chat.sendMessage({ text: 'And then?' });
    expect(lastRequest().body).toMatchObject({ threadId: 'thread-9', threadKey: 'k9', currentPath: '/docs/other-page' });
    expect((lastRequest().body as { messages: unknown[] }).messages).toHaveLength(3);
  });
});

describe('failures', () => {
  it.each([
    [401, 'unauthorized', 'auth', {}, undefined],
    [403, 'forbidden', 'auth', {}, undefined],
    [404, 'thread_not_found', 'thread-not-found', {}, undefined],
    [429, 'rate_limited', 'rate-limited', { 'retry-after': '30' }, 30],
    [500, 'internal', 'server', {}, undefined],
    [503, 'unavailable', 'server', {}, undefined],
    [400, 'invalid_request', 'bad-request', {}, undefined],
  ] as const)('HTTP %i (%s) becomes an AssistantError of kind %s', async (status, code, kind, headers, retryAfterSeconds) => {
    const { chat, events } = setup();
    server.respondWith(errorResponse(status, code, `the server says ${code}`, headers));
    await chat.sendMessage({ text: 'Hi' });
    expect(chat.status).toBe('error');
    const error = classifyError(chat.error);
    expect(error).toBeInstanceOf(AssistantError);
    expect(error).toMatchObject({ kind, status, code, message: `the server says ${code}` });
    expect(error.retryAfterSeconds).toBe(retryAfterSeconds);
    expect(events).toContainEqual(['error', { kind, message: `the server says ${code}` }]);
    // The question stays in the conversation so Retry can send it again.
    expect(chat.messages.map((message) => message.role)).toEqual(['user']);
  });

  it('classifies a non-JSON error page by its status', async () => {
    const { chat } = setup();
    server.respondWith((response) => response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    await chat.sendMessage({ text: 'Hi' });
    expect(classifyError(chat.error)).toMatchObject({ kind: 'server', status: 502 });
  });

  it('reports an unreachable service as a network error', async () => {
    const { chat, events } = setup({ baseUrl: 'http://127.0.0.1:9' });
    await chat.sendMessage({ text: 'Hi' });
    expect(classifyError(chat.error).kind).toBe('network');
    expect(events.map(([name]) => name)).toContain('error');
  });

  it('keeps the partial answer of a stream that ends without finish and marks it interrupted', async () => {
    const { chat, events } = setup();
    const chunks = answerChunks('Half of the answer', { threadId: 'never' }).slice(0, 6);
    server.respondWith(streamResponse(sse(chunks, { done: false })));
    await chat.sendMessage({ text: 'Hi' });
    expect(answerText(chat)).toBe('Half of the ');
    expect(chat.status).toBe('error');
    expect(classifyError(chat.error).kind).toBe('interrupted');
    expect(events).toContainEqual(['error', { kind: 'interrupted', message: expect.any(String) }]);
  });

  it('treats a connection cut midway as interrupted, keeping what arrived', async () => {
    const { chat } = setup();
    server.respondWith((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(sse(answerChunks('Partial words here').slice(0, 4), { done: false }));
      setTimeout(() => response.socket?.destroy(), 50);
    });
    await chat.sendMessage({ text: 'Hi' });
    expect(answerText(chat)).toBe('Partial ');
    expect(classifyError(chat.error).kind).toBe('interrupted');
  });

  it('passes an error event of the service on as a server error', async () => {
    const { chat, events } = setup();
    server.respondWith(streamResponse(sse([{ type: 'start' }, { type: 'error', errorText: 'The model is overloaded.' }])));
    await chat.sendMessage({ text: 'Hi' });
    expect(classifyError(chat.error)).toMatchObject({ kind: 'server', message: 'The model is overloaded.' });
    expect(events.filter(([name]) => name === 'error')).toEqual([['error', { kind: 'server', message: 'The model is overloaded.' }]]);
  });

  it('reports nothing when the reader stops the answer', async () => {
    const { chat, events } = setup();
    server.respondWith((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(sse(answerChunks('Slow answer').slice(0, 4), { done: false }));
    });
    const sending = chat.sendMessage({ text: 'Hi' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await chat.stop();
    await sending;
    expect(chat.status).toBe('ready');
    expect(chat.error).toBeUndefined();
    expect(events.filter(([name]) => name === 'error')).toEqual([]);
  });

  it('emits submit with the question and its context', async () => {
    const { chat, events } = setup();
    server.respondWith(streamResponse(sse(answerChunks('Ok.'))));
    const context: ContextItem[] = [{ type: 'code', value: 'x = 1' }];
    await chat.sendMessage({ text: 'What is x?', metadata: { context } } as Parameters<TestChat['sendMessage']>[0] & { metadata: DocentUIMessage['metadata'] });
    expect(events[0]).toEqual(['submit', { text: 'What is x?', context }]);
  });
});
