import { processDataStream } from '@ai-sdk/ui-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../e2e/fixtures/server.js';
import { createAssistantClient } from './assistant-client.js';
import { parseDataStream, parseDataStreamLine } from './data-stream-v4.js';
import { DocentApiError } from './errors.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ extensions: [] });
});
afterAll(async () => {
  await server.close();
});

const client = () => createAssistantClient({ baseUrl: server.url, domain: 'demo', apiKey: 'svc_dsc_demo' });

describe.each(['v2', 'v1'] as const)('assistant client (%s) against the real server', (version) => {
  it('streams text deltas and resolves the text, sources and thread id', async () => {
    const answer = client().ask('How do I change the theme?', { version, currentPath: '/docs/' });
    const deltas: string[] = [];
    for await (const delta of answer) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(1);
    const text = await answer.text;
    expect(deltas.join('')).toBe(text);
    expect(text.length).toBeGreaterThan(20);
    const sources = await answer.sources;
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source.url).toMatch(/^\/docs\//);
    const threadId = await answer.threadId;
    expect(threadId).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    // The thread continues: the server accepts it and answers on the same thread.
    const followUp = client().ask(
      [
        { role: 'user', content: 'How do I change the theme?' },
        { role: 'assistant', content: text },
        { role: 'user', content: 'And the accent colour?' },
      ],
      { version, threadId },
    );
    expect(await followUp.text).not.toBe('');
    expect(await followUp.threadId).toBe(threadId);
  });

  it('rejects with the service error, both when iterating and on the promises', async () => {
    const wrongKey = createAssistantClient({ baseUrl: server.url, domain: 'demo', apiKey: 'svc_dsc_wrong' });
    const answer = wrongKey.ask('Hello?', { version });
    await expect(answer.text).rejects.toBeInstanceOf(DocentApiError);
    await expect(answer.threadId).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    await expect((async () => {
      for await (const delta of answer) void delta;
    })()).rejects.toMatchObject({ status: 401 });
    await expect(client().ask('Hi', { version, currentPath: 'x'.repeat(201) }).text).rejects.toMatchObject({
      status: 400,
      field: 'currentPath',
    });
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    const answer = client().ask('How do I change the theme?', { version, signal: controller.signal });
    await expect(answer.text).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('v1 data stream parser', () => {
  it('reads a real v1 body exactly as the AI SDK 4 parser does', async () => {
    const response = await fetch(`${server.url}/discovery/v1/assistant/demo/message`, {
      method: 'POST',
      headers: { authorization: 'Bearer svc_dsc_demo', 'content-type': 'application/json' },
      body: JSON.stringify({ fp: 'anonymous', messages: [{ id: '1', role: 'user', content: 'What is Docent?', parts: [{ type: 'text', text: 'What is Docent?' }] }] }),
    });
    const [ours, reference] = response.body!.tee();

    let ourText = '';
    const ourSources: string[] = [];
    const ourData: unknown[] = [];
    let ourFinish: string | undefined;
    for await (const part of parseDataStream(ours)) {
      if (part.type === 'text') ourText += part.value;
      if (part.type === 'source') ourSources.push(part.value.url);
      if (part.type === 'data') ourData.push(...part.value);
      if (part.type === 'finish_message') ourFinish = part.value.finishReason;
    }

    let referenceText = '';
    const referenceSources: string[] = [];
    const referenceData: unknown[] = [];
    let referenceFinish: string | undefined;
    await processDataStream({
      stream: reference,
      onTextPart: (text) => void (referenceText += text),
      onSourcePart: (source) => void referenceSources.push(source.url),
      onDataPart: (values) => void referenceData.push(...values),
      onFinishMessagePart: (finish) => void (referenceFinish = finish.finishReason),
    });

    expect(ourText).toBe(referenceText);
    expect(ourText.length).toBeGreaterThan(0);
    expect(ourSources).toEqual(referenceSources);
    expect(ourData).toEqual(referenceData);
    expect(ourData).toContainEqual({ threadId: expect.any(String) });
    expect(ourFinish).toBe(referenceFinish);
  });

  it('refuses what is not a data stream', () => {
    expect(() => parseDataStreamLine('<html>Bad gateway</html>')).toThrow('Not an AI SDK 4 data stream line');
    expect(() => parseDataStreamLine('0:not json')).toThrow('does not hold JSON');
    expect(() => parseDataStreamLine('0:42')).toThrow('unexpected value');
    expect(parseDataStreamLine('x:{"a":1}')).toEqual({ type: 'other', code: 'x', value: { a: 1 } });
    expect(parseDataStreamLine('0:"a\\nb"')).toEqual({ type: 'text', value: 'a\nb' });
  });
});
