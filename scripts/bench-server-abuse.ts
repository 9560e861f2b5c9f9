/**
 * The abuse section of `npm run bench:server` (issue 11): inputs and floods a public assistant
 * key invites, against a running server.
 * - A 30,000-word question, refused by the default bound, then answered with the bound raised,
 *   while `/health` is probed from a worker thread (target: ≤ 50 ms; `/health` p99 ≤ 100 ms).
 * - 10,000 malformed requests from one IP: the key's message quota must be unchanged, and the
 *   address is cut off by the rejected-request budget (429) after `rejectedPerIpPerMinute`.
 */
import type { BurstClientJob, BurstHealthResult } from './bench-burst-client';
import { milliseconds, percentile, startBenchWorker, workerResult } from './bench-support';

/** One line of the benchmark's table. */
export interface AbuseRow {
  measure: string;
  value: string;
  note?: string;
}

/** A server to abuse: its URL, a domain and key, and a way to move its clock on. */
export interface AbuseTarget {
  baseUrl: string;
  domain: string;
  assistantKey: string;
  /** Moves the server's clock forward, past the rejected-request budget's minute. */
  advanceClock(milliseconds: number): void;
}

const clientModule = new URL('./bench-burst-client.ts', import.meta.url);
const floodSize = 10_000;
const floodConcurrency = 50;

const vocabulary = 'How do I configure the deploy pipeline with custom themes and plugins for my documentation site. Then GitLab Pages hosting works'.split(' ');

/** A question of `count` words from ordinary documentation vocabulary, with sentence ends. */
export function longQuestion(count: number): string {
  return Array.from({ length: count }, (_, index) => `${vocabulary[index % vocabulary.length]}${index % 5 === 0 ? index : ''}`).join(' ');
}

const endpointOf = (target: AbuseTarget) => `${target.baseUrl}/discovery/v2/assistant/${target.domain}/message`;

/** Asks one question with the full answer read; status and time to the last byte. */
async function ask(target: AbuseTarget, question: string): Promise<{ status: number; milliseconds: number; remaining: string | null }> {
  const started = performance.now();
  const response = await fetch(endpointOf(target), {
    method: 'POST',
    headers: { authorization: `Bearer ${target.assistantKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fp: 'bench', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: question }] }] }),
  });
  await response.arrayBuffer();
  return { status: response.status, milliseconds: performance.now() - started, remaining: response.headers.get('ratelimit-remaining') };
}

/** Asks `question` `times` times in a row while a worker probes `/health`; the answers and the probes' latencies. */
async function askWhileProbing(target: AbuseTarget, question: string, times: number) {
  const health = startBenchWorker(clientModule, { kind: 'health', url: `${target.baseUrl}/health`, intervalMilliseconds: 1 } satisfies BurstClientJob);
  const probes = workerResult<BurstHealthResult>(health);
  // The prober loads its TypeScript after it comes online; give it a moment, so it covers every answer.
  await new Promise((resolve) => health.once('online', resolve));
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const answers: Array<Awaited<ReturnType<typeof ask>>> = [];
  try {
    for (let index = 0; index < times; index++) answers.push(await ask(target, question));
  } finally {
    health.postMessage('stop');
  }
  return { answers, probes: await probes };
}

/**
 * Asks a 30,000-word question `times` times with `/health` probed meanwhile; `label` says which
 * bound the server has, e.g. "refused (default bound)".
 */
export async function benchLongQuestion(target: AbuseTarget, label: string, times: number): Promise<AbuseRow[]> {
  await ask(target, longQuestion(300)); // warm-up
  const { answers, probes } = await askWhileProbing(target, longQuestion(30_000), times);
  const statuses = [...new Set(answers.map((answer) => answer.status))].join(', ');
  const durations = answers.map((answer) => answer.milliseconds);
  return [
    {
      measure: `30,000-word question, ${label}: p50 / max`,
      value: `${milliseconds(percentile(durations, 50))} / ${milliseconds(Math.max(...durations))}`,
      note: `${answers.length} × HTTP ${statuses}; aim ≤ 50 ms`,
    },
    {
      measure: '  /health meanwhile p50 / p99 / max',
      value: `${milliseconds(percentile(probes.latencies, 50))} / ${milliseconds(percentile(probes.latencies, 99))} / ${milliseconds(Math.max(...probes.latencies))}`,
      note: `aim p99 ≤ 100 ms; ${probes.latencies.length} probes`,
    },
  ];
}

/**
 * Sends {@link floodSize} malformed bodies with a valid key from one address, then checks
 * with one valid question (after the budget's minute) that the key's quota did not move.
 */
export async function benchMalformedFlood(target: AbuseTarget): Promise<AbuseRow[]> {
  const before = await ask(target, 'How do I configure the deploy pipeline?');
  const statuses = new Map<number, number>();
  const started = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: floodConcurrency }, async () => {
      while (sent < floodSize) {
        sent += 1;
        const response = await fetch(endpointOf(target), {
          method: 'POST',
          headers: { authorization: `Bearer ${target.assistantKey}`, 'content-type': 'application/json' },
          body: '{"fp": "bench", "messages": [',
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = performance.now() - started;
  target.advanceClock(60_000);
  const after = await ask(target, 'How do I configure the deploy pipeline?');
  const unchanged = before.remaining !== null && after.remaining !== null && Number(before.remaining) - 1 === Number(after.remaining);
  return [
    {
      measure: `${floodSize.toLocaleString('en')} malformed requests, one IP`,
      value: milliseconds(elapsed),
      note: [...statuses].sort(([left], [right]) => left - right).map(([status, count]) => `${count} × ${status}`).join(', '),
    },
    {
      measure: '  key message quota after the flood',
      value: unchanged ? 'unchanged' : 'CHANGED',
      note: `RateLimit-Remaining ${before.remaining} before, ${after.remaining} after the next valid question (HTTP ${after.status})`,
    },
  ];
}
