/**
 * The burst section of `npm run bench:server` (issue 11): every question at once against a
 * running server while `/health` is probed from another thread, to see whether the server stays
 * responsive (time to first byte, `/health`) and how many answers a second it completes.
 */
import type { BenchQuestion } from './bench-corpus';
import type { BurstClientJob, BurstHealthResult, BurstQuestionsResult } from './bench-burst-client';
import type { BenchTiming } from './bench-client';
import { milliseconds, percentile, startBenchWorker, workerResult } from './bench-support';

/** One line of the benchmark's table. */
export interface BurstRow {
  measure: string;
  value: string;
  note?: string;
}

/** What {@link benchBurst} needs. */
export interface BurstOptions {
  /** The server's base URL, e.g. `http://127.0.0.1:41234`. */
  baseUrl: string;
  /** The domain and one of its assistant keys. */
  domain: string;
  assistantKey: string;
  /** Questions to draw from. */
  questions: readonly BenchQuestion[];
  /** How many questions are sent at once. */
  count: number;
  /** An admin key of the server, to read the server's own time to first byte from `/metrics`. Default: none (row left out). */
  adminKey?: string;
}

/** The cumulative `le` buckets of the server's time-to-first-byte histogram, from `/metrics`. */
async function firstByteBuckets(baseUrl: string, adminKey: string): Promise<Map<number, number>> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${adminKey}` } });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}: ${await response.text()}`);
  const buckets = new Map<number, number>();
  for (const match of (await response.text()).matchAll(/^docent_answer_first_byte_seconds_bucket\{le="([^"]+)"\} (\d+)$/gm)) {
    buckets.set(Number(match[1]), Number(match[2]));
  }
  return buckets;
}

/** The smallest bucket bound holding `rank` percent of the answers counted between two scrapes, as `≤ 25 ms`. */
function bucketPercentile(before: Map<number, number>, after: Map<number, number>, rank: number): string {
  const bounds = [...after.keys()].sort((left, right) => left - right);
  const total = (after.get(Number.POSITIVE_INFINITY) ?? 0) - (before.get(Number.POSITIVE_INFINITY) ?? 0);
  const bound = bounds.find((le) => (after.get(le) ?? 0) - (before.get(le) ?? 0) >= (rank / 100) * total);
  return bound === undefined || bound === Number.POSITIVE_INFINITY ? 'over the largest bucket' : `≤ ${milliseconds(bound * 1_000)}`;
}

const clientModule = new URL('./bench-burst-client.ts', import.meta.url);

/** Sends `count` questions at once, probes `/health` meanwhile, and returns the table rows. */
export async function benchBurst(options: BurstOptions): Promise<BurstRow[]> {
  const { baseUrl, count, questions } = options;
  const bucketsBefore = options.adminKey === undefined ? undefined : await firstByteBuckets(baseUrl, options.adminKey);
  const health = startBenchWorker(clientModule, { kind: 'health', url: `${baseUrl}/health`, intervalMilliseconds: 10 } satisfies BurstClientJob);
  const healthResult = workerResult<BurstHealthResult>(health);
  const questionsJob: BurstClientJob = {
    kind: 'questions',
    job: {
      endpoint: `${baseUrl}/discovery/v2/assistant/${options.domain}/message`,
      assistantKey: options.assistantKey,
      mode: 'concurrent',
      // A stride through the questions, so the burst is not the same few questions.
      questions: Array.from({ length: count }, (_, position) => questions[(position * 37) % questions.length] as BenchQuestion),
    },
  };
  let burst: BurstQuestionsResult;
  try {
    burst = await workerResult<BurstQuestionsResult>(startBenchWorker(clientModule, questionsJob));
  } finally {
    health.postMessage('stop');
  }
  const probes = await healthResult;
  const bucketsAfter = options.adminKey === undefined ? undefined : await firstByteBuckets(baseUrl, options.adminKey);
  const pick = (key: keyof BenchTiming) => burst.timings.map((timing) => timing[key]);
  const pair = (key: keyof BenchTiming) => `${milliseconds(percentile(pick(key), 50))} / ${milliseconds(percentile(pick(key), 95))}`;
  const failures = Object.entries(burst.failures);
  const failureCount = failures.reduce((total, [, number]) => total + number, 0);
  return [
    { measure: `burst of ${count}: time to first byte p50 / p95`, value: pair('firstByte'), note: 'aim p95 ≤ 300 ms' },
    ...(bucketsBefore === undefined || bucketsAfter === undefined
      ? []
      : [
          {
            measure: `burst of ${count}: time to first byte p50 / p95, server side`,
            value: `${bucketPercentile(bucketsBefore, bucketsAfter, 50)} / ${bucketPercentile(bucketsBefore, bucketsAfter, 95)}`,
            note: 'admission to `start` written, from /metrics (histogram buckets); the row above adds the client',
          },
        ]),
    { measure: `burst of ${count}: first answer text p50 / p95`, value: pair('firstText') },
    { measure: `burst of ${count}: full answer p50 / p95`, value: pair('full') },
    {
      measure: `burst of ${count}: errors`,
      value: String(failureCount),
      note: failures.length === 0 ? 'aim 0' : failures.map(([kind, number]) => `${number} × ${kind}`).join(', '),
    },
    {
      measure: `burst of ${count}: throughput`,
      value: `${(burst.timings.length / (burst.elapsed / 1_000)).toFixed(1)} answers/s`,
      note: `${burst.timings.length} answers in ${milliseconds(burst.elapsed)}`,
    },
    {
      measure: `burst of ${count}: /health p50 / p99 / max`,
      value: `${milliseconds(percentile(probes.latencies, 50))} / ${milliseconds(percentile(probes.latencies, 99))} / ${milliseconds(Math.max(...probes.latencies))}`,
      note: `aim p99 ≤ 100 ms; ${probes.latencies.length} probes${probes.failures > 0 ? `, ${probes.failures} failed` : ''}`,
    },
  ];
}
