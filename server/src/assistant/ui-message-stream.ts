import type { UIMessageChunk } from 'ai';
import { safeEvents, streamLines, type AnswerStream, type StreamProgress } from './answer-events';

/** Response headers of a v2 answer: the AI SDK UI message stream over SSE, plus the thread id. */
export function uiMessageStreamHeaders(threadId: string): Record<string, string> {
  return {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'x-vercel-ai-ui-message-stream': 'v1',
    'x-accel-buffering': 'no',
    'x-thread-id': threadId,
  };
}

/** The `finish` chunk, which (spec section 6) carries the thread id at the top level. */
type FinishChunk = Extract<UIMessageChunk, { type: 'finish' }> & { threadId: string };

const sse = (chunk: UIMessageChunk | FinishChunk) => `data: ${JSON.stringify(chunk)}\n\n`;

async function* uiMessageLines(answer: AnswerStream): AsyncGenerator<string> {
  // Before the retrieval: the client sees the answer begin however busy the server is.
  yield sse({ type: 'start', messageId: answer.messageId });
  const textId = `${answer.messageId}-text`;
  let textStarted = false;
  for await (const event of safeEvents(answer.events)) {
    if (event.type === 'sources') {
      for (const source of event.sources) {
        yield sse({ type: 'source-url', sourceId: source.id, url: source.url, title: source.title });
      }
    } else if (event.type === 'text') {
      if (event.delta === '') continue;
      if (!textStarted) yield sse({ type: 'text-start', id: textId });
      textStarted = true;
      yield sse({ type: 'text-delta', id: textId, delta: event.delta });
    } else if (event.type === 'error') {
      yield sse({ type: 'error', errorText: event.message });
      break;
    } else {
      if (textStarted) yield sse({ type: 'text-end', id: textId });
      yield sse({
        type: 'finish',
        finishReason: event.finishReason,
        // Also as message metadata, so useChat users find it on the message without a custom transport.
        messageMetadata: { threadId: answer.threadId },
        threadId: answer.threadId,
      });
      break;
    }
  }
  yield 'data: [DONE]\n\n';
}

/**
 * Encodes an answer as the AI SDK (v5+) UI message stream: SSE `data:` lines `start` (sent
 * before the answer's retrieval) → one `source-url` per cited page → `text-start` / `text-delta`… / `text-end` → `finish`
 * (with `finishReason` and a top-level `threadId`) → `[DONE]`. A failure after the start
 * ends it with an `error` chunk carrying a safe message. `progress` hears of the first line and the end.
 */
export function encodeUIMessageStream(answer: AnswerStream, progress?: StreamProgress): ReadableStream<Uint8Array> {
  return streamLines(uiMessageLines(answer), progress);
}
