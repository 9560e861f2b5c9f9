import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { afterEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import { createExtractiveModel } from '../models/extractive-model';
import { postAssistant, v2Body } from './testing/assistant-clients';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The extractive model, made CPU-heavy: each streamed part costs `milliseconds` of synchronous work, as a local model's would. */
function cpuHeavyModel(milliseconds: number): LanguageModelV3 {
  const model = createExtractiveModel();
  return {
    ...model,
    async doStream(call) {
      const result = await model.doStream(call);
      const busy = new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
        transform(part, controller) {
          const until = performance.now() + milliseconds;
          while (performance.now() < until);
          controller.enqueue(part);
        },
      });
      return { ...result, stream: result.stream.pipeThrough(busy) };
    },
  };
}

describe('an answer burst', () => {
  test('/health is answered while answers are being composed, long before they end', async () => {
    server = await startTestServer({ model: cpuHeavyModel(1) });
    const url = server.url;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, position) => postAssistant(url, v2Body(`How do I change the accent color? (${position})`))));
    expect(answers.map((response) => response.status)).toEqual(answers.map(() => 200));
    let finished = 0;
    const bodies = answers.map((response) => response.text().then(() => (finished += 1)));
    // Every answer has started (headers in) and each is ~100 parts of 1 ms of work: /health must
    // be answered between slices, not after whole answers.
    const health = await fetch(`${url}/health`);
    const finishedWhenHealthy = finished;
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    await Promise.all(bodies);
    // Without turns all 12 have ended by then (each answer ran to its end in one go); with them, about 4.
    expect(finishedWhenHealthy).toBeLessThan(answers.length / 2);
  });

  test('past limits.maxConcurrentAnswers: 503 server_busy with Retry-After, and no rate-limit charge', async () => {
    // Slow answers stay in progress until their client leaves.
    server = await startTestServer({ model: createExtractiveModel({ chunkDelayMs: 60_000 }), limits: { maxConcurrentAnswers: 2, perIpPerDay: 3 } });
    const url = server.url;
    const clients = [new AbortController(), new AbortController()];
    const inProgress = await Promise.all(clients.map((client) => postAssistant(url, v2Body('What is Docent?'), { signal: client.signal })));
    expect(inProgress.map((response) => response.status)).toEqual([200, 200]);

    for (let attempt = 0; attempt < 4; attempt++) {
      const busy = await postAssistant(url, v2Body('What is Docent?'));
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('2');
      expect(busy.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await busy.json()).toEqual({ error: { code: 'server_busy', message: expect.stringMatching(/send the question again in 2 seconds/) } });
    }

    for (const client of clients) client.abort();
    // The places free up once the server sees the clients gone; the 503s charged nothing, so the
    // third of perIpPerDay: 3 is still there.
    let next = await postAssistant(url, v2Body('What is Docent?'));
    for (let attempt = 0; next.status === 503 && attempt < 500; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      next = await postAssistant(url, v2Body('What is Docent?'));
    }
    expect(next.status).toBe(200);
    await next.body?.cancel();
    expect((await postAssistant(url, v2Body('What is Docent?'))).status).toBe(429);
  });
});
