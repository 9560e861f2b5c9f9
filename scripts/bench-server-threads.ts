/**
 * `npm run bench:threads` (issue 11): the cost of a follow-up in a long thread.
 *
 * One thread on the real server (the test fixture's `startTestServer`, embedded extractive
 * model, SQLite in a temporary data folder) gets BENCH_FOLLOW_UPS follow-ups (default 1,000),
 * each carrying only its question, so the server supplies the earlier turns. Two passes: 4,000-byte
 * questions (the default bound) and 234,000-byte ones (the figure; the request bounds
 * and thread limits are raised to allow them); BENCH_QUESTION_BYTES runs one size only. Prints the time of the first and last follow-ups (median of 20 each),
 * their ratio (target ≤ 1.2) and the process's peak RSS (target < 300 MB). A warm-up thread goes
 * first, so JIT compilation does not flatter the ratio.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer } from '../e2e/fixtures/server';
import { defaultConfig } from '../server/src/config';

const followUps = numberSetting('BENCH_FOLLOW_UPS', 1_000);
const questionSizes = process.env.BENCH_QUESTION_BYTES ? [numberSetting('BENCH_QUESTION_BYTES', 4_000)] : [4_000, 234_000];
const window = 20;

/** The thread's rows: the first and last follow-ups' median times, their ratio and peak RSS. */
export async function benchLongThread(questionBytes: number): Promise<{ measure: string; value: string; note?: string }[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'docent-bench-thread-'));
  const server = await startTestServer({
    dataDir,
    config: {
      ...defaultConfig,
      threadLimits: { maxMessages: followUps * 2 + 10, maxBytes: followUps * (questionBytes + 100_000) },
      limits: {
        perKeyPerMonth: 1_000_000,
        perOrganizationPerHour: 1_000_000,
        perIpPerDay: 1_000_000,
        maximumQuestionCharacters: questionBytes + 1_000,
        maximumBodyBytes: questionBytes + 100_000,
      },
    },
  });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  try {
    const filler = 'How do I change the accent color and the dark mode of the panel? '.repeat(Math.ceil(questionBytes / 66)).slice(0, questionBytes);
    const ask = async (threadId: string | null, index: number) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/discovery/v2/assistant/demo/message`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer svc_dsc_demo' },
        body: JSON.stringify({ fp: 'bench', threadId, messages: [{ id: `m${index}`, role: 'user', parts: [{ type: 'text', text: `${index} ${filler}` }] }] }),
      });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`follow-up ${index} got ${response.status}: ${body.slice(0, 200)}`);
      return { milliseconds: performance.now() - started, threadId: response.headers.get('x-thread-id') ?? threadId };
    };
    // A warm-up thread first, so the measured thread's first follow-ups do not pay for JIT compilation.
    const warmUp = (await ask(null, 0)).threadId;
    for (let index = 1; index <= window; index++) await ask(warmUp, index);
    const first = await ask(null, 0);
    const rssAfterFirst = process.memoryUsage().rss;
    const threadId = first.threadId;
    if (!threadId) throw new Error('the first answer carried no thread id (X-Thread-Id header)');
    const times: number[] = [];
    for (let index = 1; index <= followUps; index++) times.push((await ask(threadId, index)).milliseconds);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const early = median(times.slice(0, window));
    const late = median(times.slice(-window));
    return [
      { measure: `follow-up 1–${window} (median)`, value: `${early.toFixed(1)} ms`, note: `${Math.round(questionBytes / 1000)} KB questions, ${followUps} follow-ups` },
      { measure: `follow-up ${followUps - window + 1}–${followUps} (median)`, value: `${late.toFixed(1)} ms`, note: `ratio ${(late / early).toFixed(2)} (target ≤ 1.2)` },
      { measure: 'RSS after the first answer', value: `${Math.round(rssAfterFirst / 1_048_576)} MB`, note: 'server and client in one process' },
      { measure: 'peak RSS, whole process', value: `${Math.round(peakRss / 1_048_576)} MB`, note: 'target < 300 MB' },
    ];
  } finally {
    clearInterval(sampler);
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function numberSetting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`load average at start: ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  for (const questionBytes of questionSizes) {
    for (const row of await benchLongThread(questionBytes)) console.log(`${row.measure.padEnd(32)} ${row.value.padStart(10)}  ${row.note ?? ''}`);
  }
}
