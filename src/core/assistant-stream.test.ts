import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { processAssistantStream } from './assistant-stream.js';
import { answerChunks, sse } from './testing/scripted-server.js';

/** A response body that has all of `text` at once, as after a burst from the network. */
function bufferedBody(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

const ignore = { onThreadId() {}, onFinish() {}, onError() {} };

describe('processAssistantStream', () => {
  it('works through a backlog of chunks in several tasks, so the page gets to run in between', async () => {
    const words = Array.from({ length: 3_000 }, (_, index) => `word${index} `);
    const reader = processAssistantStream(bufferedBody(sse(answerChunks(words.join('')))), ignore).getReader();
    let chunksWhenTimerRan: number | undefined;
    let chunks = 0;
    setTimeout(() => (chunksWhenTimerRan = chunks), 0);
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      if ((value as UIMessageChunk).type === 'text-delta') text += (value as { delta: string }).delta;
    }
    expect(text).toBe(words.join(''));
    // A timer due at once ran while the answer was still being read, not after it.
    expect(chunksWhenTimerRan).toBeDefined();
    expect(chunksWhenTimerRan!).toBeLessThan(chunks);
  });
});
