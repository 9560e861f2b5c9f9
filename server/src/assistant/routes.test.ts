import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import type { DocentConfigInput } from '../config';
import { askV1, askV2, postAssistant, v2Body } from './testing/assistant-clients';

// Two domains over the same docs, so cross-domain threads and keys can be tried.
const twoDomains: DocentConfigInput = {
  organizations: [
    {
      id: 'demo',
      domains: [
        { id: 'demo', docs: 'demo/docs', assistantKeys: ['svc_dsc_demo'] },
        { id: 'other', docs: 'demo/docs', siteUrl: 'https://docs.example.com', assistantKeys: ['svc_dsc_other'] },
      ],
    },
  ],
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: twoDomains });
});
afterAll(async () => {
  await server.close();
});

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string; field?: string }> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string; field?: string } };
  expect(Object.keys(body)).toEqual(['error']);
  return { status: response.status, ...body.error };
}

describe('v2: AI SDK 5+ clients', () => {
  test('DefaultChatTransport reads the answer, one source per page and the threadId on finish', async () => {
    const answer = await askV2(server.url, 'How do I change the accent color?');
    expect(answer.errors).toEqual([]);
    expect(answer.text.length).toBeGreaterThan(40);
    expect(answer.text.toLowerCase()).toContain('accent');
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(answer.sources[0]?.url).toMatch(/^\/docs\/theming#/);
    expect(answer.sources[0]?.title).toMatch(/^Theming/);
    const pages = answer.sources.map((source) => source.url.split('#')[0]);
    expect(new Set(pages).size).toBe(pages.length);
    expect(answer.threadId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(answer.finishReason).toBe('stop');
  });

  test('the response has the UI message stream headers and the thread id header', async () => {
    const response = await postAssistant(server.url, v2Body('What is Docent?'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const body = await response.text();
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(body).toContain(`"threadId":"${response.headers.get('x-thread-id')}"`);
  });

  test('source URLs carry the domain siteUrl when configured', async () => {
    const answer = await askV2(server.url, 'How do I change the accent color?', { domain: 'other', key: 'svc_dsc_other' });
    expect(answer.sources[0]?.url).toMatch(/^https:\/\/docs\.example\.com\/docs\/theming#/);
  });

  test('a thread continues with its id, and an unknown id or another domain gets 404', async () => {
    const first = await askV2(server.url, 'How do I install the script tag?');
    const second = await askV2(server.url, 'And how do I open it from my own button?', {
      threadId: first.threadId,
      history: [
        { role: 'user', text: 'How do I install the script tag?' },
        { role: 'assistant', text: first.text },
      ],
    });
    expect(second.threadId).toBe(first.threadId);
    expect(second.text.length).toBeGreaterThan(0);

    const unknown = await errorOf(await postAssistant(server.url, v2Body('Hi', { threadId: 'no-such-thread' })));
    expect(unknown).toMatchObject({ status: 404, code: 'thread_not_found', field: 'threadId' });
    expect(unknown.message).toContain('threadId null');

    const elsewhere = await postAssistant(server.url, v2Body('Hi', { threadId: first.threadId }), { domain: 'other', key: 'svc_dsc_other' });
    expect(await errorOf(elsewhere)).toMatchObject({ status: 404, code: 'thread_not_found' });
  });
});

describe('v1: AI SDK 4 clients (deprecated)', () => {
  test("useChat's own callChatApi reads the text, source parts and the threadId from annotations and data", async () => {
    const answer = await askV1(server.url, 'How do I change the accent color?');
    expect(answer.response?.status).toBe(200);
    expect(answer.text.toLowerCase()).toContain('accent');
    expect(answer.sources[0]?.url).toMatch(/^\/docs\/theming#/);
    expect(answer.threadId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(answer.data).toEqual([{ threadId: answer.threadId }]);
    expect(answer.annotations[0]?.sources?.length).toBe(answer.sources.length);
    expect(answer.response?.headers.get('x-thread-id')).toBe(answer.threadId);
  });

  test('the response is marked deprecated and points to v2', async () => {
    const response = await postAssistant(server.url, { fp: 'anonymous', messages: [{ role: 'user', content: 'What is Docent?' }] }, { version: 'v1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-vercel-ai-data-stream')).toBe('v1');
    expect(response.headers.get('deprecation')).toBe('true');
    expect(response.headers.get('link')).toBe('</discovery/v2/assistant/demo/message>; rel="successor-version"');
    await response.text();
  });

  test('a v1 thread continues too', async () => {
    const first = await askV1(server.url, 'What is Docent?');
    const second = await askV1(server.url, 'Is it free?', { threadId: first.threadId, history: [{ role: 'user', text: 'What is Docent?' }, { role: 'assistant', text: first.text }] });
    expect(second.threadId).toBe(first.threadId);
  });
});

describe('request errors', () => {
  test.each([
    [{ messages: [{ id: 'm', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }] }, 'fp'],
    [{ fp: 'a', messages: [{ id: 'm', role: 'user', parts: [{ type: 'text' }] }] }, 'messages[0].parts[0].text'],
    [{ fp: 'a', messages: [{ id: 'm', role: 'user', content: 'Hi' }] }, 'messages[0].content'],
    [v2Body('Hi', { retrievalPageSize: 50 }), 'retrievalPageSize'],
    [v2Body('Hi', { currentPath: `/${'x'.repeat(200)}` }), 'currentPath'],
    [v2Body('Hi', { context: [{ type: 'image', value: 'x' }] }), 'context[0].type'],
    [v2Body('Hi', { filter: { versoin: '2' } }), 'filter.versoin'],
  ])('400 names the field: %j → %s', async (body, field) => {
    const error = await errorOf(await postAssistant(server.url, body));
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', field });
    expect(error.message).toContain(field.split(/[.[]/).at(-1)!);
  });

  test('400 for a body that is not JSON', async () => {
    expect(await errorOf(await postAssistant(server.url, '{"fp": '))).toMatchObject({ status: 400, code: 'invalid_json' });
  });

  test('415 for a body that is not declared JSON', async () => {
    const response = await postAssistant(server.url, JSON.stringify(v2Body('Hi')), { headers: { 'Content-Type': 'text/plain' } });
    const error = await errorOf(response);
    expect(error).toMatchObject({ status: 415, code: 'unsupported_media_type' });
    expect(error.message).toContain('Content-Type: application/json');
  });

  test('413 for a body over 256 KB, with or without Content-Length', async () => {
    const large = JSON.stringify(v2Body('x'.repeat(300 * 1024)));
    expect(await errorOf(await postAssistant(server.url, large))).toMatchObject({ status: 413, code: 'payload_too_large' });

    const bytes = new TextEncoder().encode(large);
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 16 * 1024) controller.enqueue(bytes.slice(offset, offset + 16 * 1024));
        controller.close();
      },
    });
    const response = await fetch(`${server.url}/discovery/v2/assistant/demo/message`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer svc_dsc_demo' },
      body: streamed,
      duplex: 'half',
    } as RequestInit);
    expect(await errorOf(response)).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  test('404 for an unknown domain, 405 for a method other than POST, JSON 404 elsewhere', async () => {
    expect(await errorOf(await postAssistant(server.url, v2Body('Hi'), { domain: 'nope' }))).toMatchObject({ status: 404, code: 'domain_not_found' });
    const get = await fetch(`${server.url}/discovery/v2/assistant/demo/message`);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await errorOf(get)).toMatchObject({ status: 405, code: 'method_not_allowed' });
    expect(await errorOf(await fetch(`${server.url}/discovery/v3/assistant/demo/message`))).toMatchObject({ status: 404, code: 'not_found' });
  });

  test('GET /health answers ok', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
