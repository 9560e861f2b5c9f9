import { safeEvents, streamLines, type AnswerStream, type AnswerUsage, type StreamProgress } from './answer-events';

/**
 * Response headers of a v1 answer: the AI SDK 4 data stream, marked deprecated with a link to
 * its v2 successor.
 *
 * @param successorPath The v2 path of the same domain, e.g. `/discovery/v2/assistant/demo/message`.
 */
export function dataStreamHeaders(threadId: string, successorPath: string): Record<string, string> {
  return {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-cache',
    'x-vercel-ai-data-stream': 'v1',
    'x-accel-buffering': 'no',
    'x-thread-id': threadId,
    Deprecation: 'true',
    Link: `<${successorPath}>; rel="successor-version"`,
  };
}

/** One data stream part: `<code>:<JSON>\n`. */
const part = (code: string, value: unknown) => `${code}:${JSON.stringify(value)}\n`;

const usageOf = (usage: AnswerUsage | undefined) =>
  usage?.inputTokens === undefined || usage.outputTokens === undefined
    ? {}
    : { usage: { promptTokens: usage.inputTokens, completionTokens: usage.outputTokens } };

async function* dataStreamLines(answer: AnswerStream): AsyncGenerator<string> {
  // Before the retrieval: the client sees the answer begin however busy the server is.
  yield part('f', { messageId: answer.messageId });
  for await (const event of safeEvents(answer.events)) {
    if (event.type === 'sources') {
      for (const source of event.sources) yield part('h', { sourceType: 'url', id: source.id, url: source.url, title: source.title });
      // The thread id goes out before the text so a client keeps it even if the answer breaks off.
      yield part('8', [{ threadId: answer.threadId, sources: event.sources.map(({ url, title }) => ({ url, title })) }]);
      yield part('2', [{ threadId: answer.threadId }]);
    } else if (event.type === 'text') {
      if (event.delta !== '') yield part('0', event.delta);
    } else if (event.type === 'error') {
      yield part('3', event.message);
      return;
    } else {
      const usage = usageOf(event.usage);
      yield part('e', { finishReason: event.finishReason, ...usage, isContinued: false });
      yield part('d', { finishReason: event.finishReason, ...usage });
      return;
    }
  }
}

/**
 * Encodes an answer in the AI SDK 4 data stream protocol (assistant v1): `f:` step start (sent
 * before the answer's retrieval), `h:` one source per cited page, `8:` message annotations and
 * `2:` data carrying the `threadId`, `0:` text, then `e:` / `d:` finish parts; `3:` with a safe
 * message on failure. `progress` hears of the first line and the end.
 */
export function encodeDataStreamV4(answer: AnswerStream, progress?: StreamProgress): ReadableStream<Uint8Array> {
  return streamLines(dataStreamLines(answer), progress);
}
