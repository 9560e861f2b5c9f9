import { describe, expect, test } from 'vitest';
import type { AnswerEvent, AnswerStream } from './answer-events';
import { encodeDataStreamV4 } from './data-stream-v4';
import { readDataStreamAnswer, readUIMessageAnswer } from './testing/read-answer-streams';
import { encodeUIMessageStream } from './ui-message-stream';

const sources = [
  { id: 'getting-started#install', url: '/docs/getting-started#install', title: 'Getting started' },
  { id: 'theming#colors', url: 'https://docs.example.com/docs/theming#colors', title: 'Theming' },
];

function answerOf(events: AnswerEvent[] | (() => AsyncGenerator<AnswerEvent>)): AnswerStream {
  return {
    messageId: 'msg_1',
    threadId: 'thread_abc',
    events: (async function* () {
      yield { type: 'sources', sources } satisfies AnswerEvent;
      yield* typeof events === 'function' ? events() : events;
    })(),
  };
}

const finished: AnswerEvent[] = [
  { type: 'text', delta: 'Add the ' },
  { type: 'text', delta: 'script tag.' },
  { type: 'finish', finishReason: 'stop', usage: { inputTokens: 12, outputTokens: 4 } },
];

async function failingAnswer(): Promise<AnswerStream> {
  return answerOf(async function* () {
    yield { type: 'text', delta: 'Partial' };
    throw new Error('database exploded at /secret/path');
  });
}

/** An answer whose retrieval (the first pull of its events) is recorded in `order`. */
function recordedAnswer(order: string[]): AnswerStream {
  return answerOf(async function* () {
    order.push('retrieval');
    yield { type: 'text', delta: 'Done.' };
    yield { type: 'finish', finishReason: 'stop' };
  });
}

describe('the first chunk goes out before the retrieval starts', () => {
  test.each([
    ['v2', encodeUIMessageStream, 'data: {"type":"start","messageId":"msg_1"}'],
    ['v1', encodeDataStreamV4, 'f:{"messageId":"msg_1"}'],
  ])('%s', async (_version, encode, firstChunk) => {
    const order: string[] = [];
    const answer = recordedAnswer(order);
    // The test answer's sources event comes before its generator body; count the body's start.
    const reader = encode({ ...answer, events: (async function* () { order.push('events pulled'); yield* answer.events; })() }).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    order.push('first chunk read');
    expect(first.trim()).toBe(firstChunk);
    while (!(await reader.read()).done);
    expect(order).toEqual(['first chunk read', 'events pulled', 'retrieval']);
  });
});

describe('UI message stream (v2)', () => {
  test('the AI SDK reader gets the text, one source per page and the threadId on finish', async () => {
    const read = await readUIMessageAnswer(encodeUIMessageStream(answerOf(finished)));
    expect(read.text).toBe('Add the script tag.');
    expect(read.sources).toEqual(sources.map(({ url, title }) => ({ url, title })));
    expect(read.threadId).toBe('thread_abc');
    expect(read.finishReason).toBe('stop');
    expect(read.message?.id).toBe('msg_1');
    expect(read.message?.metadata).toEqual({ threadId: 'thread_abc' });
    expect(read.errors).toEqual([]);
  });

  test('chunks come in protocol order and end with [DONE]', async () => {
    const raw = await new Response(encodeUIMessageStream(answerOf(finished))).text();
    const lines = raw.split('\n\n').filter(Boolean);
    expect(lines.at(-1)).toBe('data: [DONE]');
    const types = lines.slice(0, -1).map((line) => (JSON.parse(line.slice('data: '.length)) as { type: string }).type);
    expect(types).toEqual(['start', 'source-url', 'source-url', 'text-start', 'text-delta', 'text-delta', 'text-end', 'finish']);
  });

  test('a failure after the start ends with an error chunk holding a safe message', async () => {
    const raw = await new Response(encodeUIMessageStream(await failingAnswer())).text();
    expect(raw).not.toContain('/secret/path');
    const read = await readUIMessageAnswer(new Response(raw).body!);
    expect(read.errors).toEqual(['The answer could not be completed; please try again.']);
    expect(read.text).toBe('Partial');
    expect(read.threadId).toBeUndefined();
  });

  test('cancelling the response stops the producer', async () => {
    let stopped = false;
    const body = encodeUIMessageStream(
      answerOf(async function* () {
        try {
          for (;;) {
            yield { type: 'text', delta: 'word ' };
            await new Promise((resolve) => setTimeout(resolve, 1));
          }
        } finally {
          stopped = true;
        }
      }),
    );
    const reader = body.getReader();
    for (let index = 0; index < 6; index++) await reader.read();
    await reader.cancel();
    expect(stopped).toBe(true);
  });
});

describe('data stream (v1, AI SDK 4)', () => {
  test('the v4 parser gets the text, sources, finish reason and the threadId from annotations and data', async () => {
    const read = await readDataStreamAnswer(encodeDataStreamV4(answerOf(finished)));
    expect(read.text).toBe('Add the script tag.');
    expect(read.sources).toEqual(sources.map(({ url, title }) => ({ url, title })));
    expect(read.threadId).toBe('thread_abc');
    expect(read.annotations).toEqual([{ threadId: 'thread_abc', sources: sources.map(({ url, title }) => ({ url, title })) }]);
    expect(read.data).toEqual([{ threadId: 'thread_abc' }]);
    expect(read.finishReason).toBe('stop');
  });

  test('writes the documented part codes in order', async () => {
    const raw = await new Response(encodeDataStreamV4(answerOf(finished))).text();
    expect(raw.split('\n').filter(Boolean).map((line) => line.slice(0, 2))).toEqual(['f:', 'h:', 'h:', '8:', '2:', '0:', '0:', 'e:', 'd:']);
    expect(raw).toContain('d:{"finishReason":"stop","usage":{"promptTokens":12,"completionTokens":4}}');
  });

  test('a failure after the start ends with a 3: error part holding a safe message', async () => {
    const raw = await new Response(encodeDataStreamV4(await failingAnswer())).text();
    expect(raw).not.toContain('/secret/path');
    expect(raw.trimEnd().split('\n').at(-1)).toBe('3:"The answer could not be completed; please try again."');
    const read = await readDataStreamAnswer(new Response(raw).body!).catch((error: Error) => error);
    // The v4 parser reports an error part through its callback; the text before it is kept.
    expect(read).not.toBeInstanceOf(Error);
    expect((read as Awaited<ReturnType<typeof readDataStreamAnswer>>).errors).toEqual([
      'The answer could not be completed; please try again.',
    ]);
  });
});
