/**
 * The client side of the burst section of `npm run bench:server`, run in worker threads so
 * that neither the questions' stream parsing nor the `/health` probe shares the server's
 * event loop (or each other's): one worker fires every question at once, another probes
 * `/health` one request after the other until told to stop.
 */
import { Agent, request as httpRequest } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { BenchClientJob, BenchTiming } from './bench-client';

/** What a burst worker is asked to do. */
export type BurstClientJob =
  | { kind: 'questions'; job: BenchClientJob }
  | {
      kind: 'health';
      /** The server's `/health` URL. */
      url: string;
      /** Pause between two probes, in milliseconds. */
      intervalMilliseconds: number;
    };

/** What the questions worker reports. */
export interface BurstQuestionsResult {
  /** Timings of the questions answered with 200 and a full stream. */
  timings: BenchTiming[];
  /** Failures by status (`503`, `429`…) or `network` / `stream`. */
  failures: Record<string, number>;
  /** From the first request sent to the last stream ended, in milliseconds. */
  elapsed: number;
}

/** What the `/health` worker reports once stopped. */
export interface BurstHealthResult {
  /** Latency of every probe, in milliseconds. */
  latencies: number[];
  /** Probes that did not answer 200. */
  failures: number;
}

/** A failed question: its HTTP status, or `network` / `stream`. */
class AskFailure extends Error {
  constructor(readonly kind: string) {
    super(kind);
  }
}

// One connection per question, as 200 separate readers would open.
const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/**
 * Asks one question with `node:http` rather than fetch: a burst of 200 streams parsed by fetch's
 * web streams would keep this thread (and a core the server needs) busy, and the timings would
 * describe the client. Only the first `text-delta` is looked for in the bytes.
 */
function askRaw(job: BenchClientJob, question: { text: string; pagePath: string }, position: number): Promise<BenchTiming> {
  const body = JSON.stringify({
    fp: 'bench',
    currentPath: position % 2 === 0 ? question.pagePath : undefined,
    messages: [{ id: `m${position}`, role: 'user', parts: [{ type: 'text', text: question.text }] }],
  });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const sent = httpRequest(
      job.endpoint,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${job.assistantKey}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const firstByte = performance.now() - started;
        if (response.statusCode !== 200) {
          response.resume();
          reject(new AskFailure(String(response.statusCode)));
          return;
        }
        let firstText: number | undefined;
        let bytes = 0;
        let tail = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          bytes += Buffer.byteLength(chunk);
          if (firstText !== undefined) return;
          // A marker may straddle two chunks: keep the end of the previous one.
          tail = tail.slice(-32) + chunk;
          if (tail.includes('"type":"text-delta"')) firstText = performance.now() - started;
        });
        response.on('end', () =>
          firstText === undefined ? reject(new AskFailure('stream')) : resolve({ firstByte, firstText, full: performance.now() - started, bytes }),
        );
        response.on('error', () => reject(new AskFailure('stream')));
      },
    );
    sent.on('error', () => reject(new AskFailure('network')));
    sent.end(body);
  });
}

async function askAll(job: BenchClientJob): Promise<BurstQuestionsResult> {
  const failures: Record<string, number> = {};
  const started = performance.now();
  const outcomes = await Promise.all(
    job.questions.map(async (question, position) => {
      try {
        return await askRaw(job, question, position);
      } catch (error) {
        const key = error instanceof AskFailure ? error.kind : 'stream';
        failures[key] = (failures[key] ?? 0) + 1;
        return undefined;
      }
    }),
  );
  return { timings: outcomes.filter((timing) => timing !== undefined), failures, elapsed: performance.now() - started };
}

async function probeHealth(url: string, intervalMilliseconds: number, stopped: () => boolean): Promise<BurstHealthResult> {
  const latencies: number[] = [];
  let failures = 0;
  while (!stopped()) {
    const started = performance.now();
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status !== 200) failures += 1;
    } catch {
      failures += 1;
    }
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, intervalMilliseconds));
  }
  return { latencies, failures };
}

if (parentPort !== null && workerData !== undefined) {
  const port = parentPort;
  const task = workerData as BurstClientJob;
  const report = (work: Promise<unknown>) =>
    work.then(
      (result) => port.postMessage({ result }),
      (error: unknown) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
    );
  if (task.kind === 'questions') {
    void report(askAll(task.job));
  } else {
    let stop = false;
    port.once('message', () => (stop = true));
    void report(probeHealth(task.url, task.intervalMilliseconds, () => stop));
  }
}
