/**
 * The HTTP side of `npm run bench:server`, run in a worker thread so that the client's work
 * (parsing the streamed responses) does not share the server's event loop: a client in the
 * server's own thread would only see the first byte once the server had finished writing.
 */
import { parentPort, workerData } from 'node:worker_threads';

/** What the benchmark asks the worker to do. */
export interface BenchClientJob {
  endpoint: string;
  assistantKey: string;
  /** Questions to ask, with the page each was drawn from (sent as `currentPath` every other time). */
  questions: Array<{ text: string; pagePath: string }>;
  /** One after the other, or all at once. */
  mode: 'sequential' | 'concurrent';
}

/** Timings of one request, in milliseconds from sending it. */
export interface BenchTiming {
  /** Response headers received. */
  firstByte: number;
  /** First `text-delta` chunk of the answer received. */
  firstText: number;
  /** End of the stream. */
  full: number;
  bytes: number;
}

/** Asks one question and times its response; throws `HTTP <status>: …` for a response other than 200. */
export async function askOnce(job: BenchClientJob, question: { text: string; pagePath: string }, position: number): Promise<BenchTiming> {
  const started = performance.now();
  const response = await fetch(job.endpoint, {
    method: 'POST',
    headers: { authorization: `Bearer ${job.assistantKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      fp: 'bench',
      currentPath: position % 2 === 0 ? question.pagePath : undefined,
      messages: [{ id: `m${position}`, role: 'user', parts: [{ type: 'text', text: question.text }] }],
    }),
  });
  const firstByte = performance.now() - started;
  if (!response.ok || response.body === null) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  let firstText: number | undefined;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (firstText === undefined) {
      seen += decoder.decode(value, { stream: true });
      if (seen.includes('"type":"text-delta"')) firstText = performance.now() - started;
    }
  }
  const full = performance.now() - started;
  if (firstText === undefined) throw new Error(`no answer text for "${question.text}"`);
  return { firstByte, firstText, full, bytes };
}

async function run(job: BenchClientJob): Promise<BenchTiming[]> {
  if (job.mode === 'concurrent') return Promise.all(job.questions.map((question, position) => askOnce(job, question, position)));
  const timings: BenchTiming[] = [];
  for (const [position, question] of job.questions.entries()) timings.push(await askOnce(job, question, position));
  return timings;
}

// Only when this file is the worker's job (another worker may import askOnce from it).
if (parentPort !== null && typeof workerData === 'object' && workerData !== null && 'mode' in workerData) {
  const port = parentPort;
  run(workerData as BenchClientJob).then(
    (timings) => port.postMessage({ timings }),
    (error: unknown) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
}
