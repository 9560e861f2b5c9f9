import { afterEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import { postAssistant, v2Body } from './testing/assistant-clients';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

// Ordinary documentation words, some capitalised, with sentence ends: a long, realistic question.
const vocabulary = 'How do I configure the Deploy pipeline with custom themes and plugins for my documentation site. Then GitLab Pages hosting works'.split(' ');
const longQuestion = (words: number) => Array.from({ length: words }, (_, index) => `${vocabulary[index % vocabulary.length]}${index % 5 === 0 ? index : ''}`).join(' ');

/** Probes `/health` one request after another until `stop` settles; every latency in ms. */
async function probeHealth(url: string, stop: Promise<unknown>): Promise<number[]> {
  let stopped = false;
  void stop.finally(() => (stopped = true));
  const latencies: number[] = [];
  while (!stopped) {
    const started = performance.now();
    await (await fetch(`${url}/health`)).arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Sends `question`, probing `/health` meanwhile; the answer's status, time, and the slowest probe. */
async function askWhileProbing(server: TestServer, question: string) {
  const started = performance.now();
  const answered = postAssistant(server.url, v2Body(question)).then(async (response) => ({ status: response.status, text: await response.text() }));
  const probes = await probeHealth(server.url, answered);
  const { status, text } = await answered;
  return { status, text, milliseconds: performance.now() - started, slowestProbe: Math.max(...probes) };
}

/** The fastest of `times` runs of {@link askWhileProbing}, and the smallest of their slowest probes. */
async function bestOf(times: number, server: TestServer, question: string) {
  const runs = [];
  for (let run = 0; run < times; run++) runs.push(await askWhileProbing(server, question));
  return {
    status: runs[0]?.status,
    text: runs[0]?.text ?? '',
    milliseconds: Math.min(...runs.map((run) => run.milliseconds)),
    slowestProbe: Math.min(...runs.map((run) => run.slowestProbe)),
  };
}

// Ratios and best-of-3 runs, not wall times alone: the machine is shared, and a load spike can
// slow any single request; only the old, quadratic code is slow at every run.
test('a 30,000-word question is refused as fast as a short one is answered, naming the field, while /health stays responsive', async () => {
  const server = await startTestServer();
  servers.push(server);
  const short = await bestOf(3, server, 'How do I configure the deploy pipeline?');
  const refused = await bestOf(3, server, longQuestion(30_000));

  expect(short.status).toBe(200);
  expect(refused.status).toBe(413);
  expect(JSON.parse(refused.text)).toMatchObject({ error: { code: 'input_too_large', field: 'messages[0].parts' } });
  // Refused: a few milliseconds (a short answer takes ~20 ms); before the bound, seconds.
  expect(refused.milliseconds / short.milliseconds).toBeLessThan(5);
  expect(refused.slowestProbe).toBeLessThan(2_000);
});

test('with the bound raised, a question costs time in proportion to its length', async () => {
  const server = await startTestServer({ limits: { maximumQuestionCharacters: 1_000_000, maximumBodyBytes: 2_000_000 } });
  servers.push(server);
  await askWhileProbing(server, longQuestion(300)); // warm-up
  const short = await bestOf(2, server, longQuestion(3_000));
  const long = await bestOf(2, server, longQuestion(30_000));

  expect(short.status).toBe(200);
  expect(long.status).toBe(200);
  // Linear work gives about 10x; the quadratic coverage check made it 50x and more.
  expect(long.milliseconds / short.milliseconds).toBeLessThan(30);
});
