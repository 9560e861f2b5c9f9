/**
 * `npm run bench:server`: how fast the reference server indexes and answers.
 *
 * Generates a synthetic documentation corpus (see bench-corpus.ts) in temporary folders, then
 * measures:
 * - index build, cold (no parse cache), for 1,000 pages (the process's first build, like a
 *   server start: JIT not warmed up) and for the full corpus: reading and parsing the pages
 *   (remark), splitting them into sections, then indexing them (MiniSearch);
 * - the server's first start (cold build that also writes the parse cache in its data folder)
 *   and a restart on the same data folder (warm: pages come from the cache), and a warm build
 *   timed apart from listening;
 * - retrieval latency (p50/p95/p99) over a few hundred questions, with the current-page boost;
 * - over HTTP on loopback against the real server (the test fixture's `startTestServer`) with the
 *   embedded extractive model, from a client in a worker thread: time to first byte (response
 *   headers), to the first answer text, and to the full answer, for 200 sequential and 50
 *   concurrent requests;
 * - a burst (bench-server-burst.ts): 200 questions at once while `/health` is probed from another
 *   thread: time to first byte, `/health` p99, errors and throughput (answers/s).
 *
 * - abuse (bench-server-abuse.ts): a 30,000-word question, refused by the default bound and
 *   answered with it raised, with `/health` probed meanwhile; 10,000 malformed requests from one
 *   IP, after which the key's message quota must be unchanged.
 *
 * The machine's load average is printed with the figures: on a shared machine they vary with it.
 *
 * Options (environment): BENCH_PAGES (default 5000), BENCH_SMALL_PAGES (default 1000),
 * BENCH_QUERIES (default 500), BENCH_SEQUENTIAL (default 200), BENCH_CONCURRENT (default 50),
 * BENCH_BURST (default 200).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer } from '../e2e/fixtures/server';
import type { TestServer } from '../e2e/fixtures/server';
import type { LimitsConfig } from '../server/src/config';
import { ingestDocs } from '../server/src/ingest/ingest-docs';
import { DocsIndex } from '../server/src/retrieval/docs-index';
import type { BenchClientJob, BenchTiming } from './bench-client';
import type { BenchQuestion, Corpus } from './bench-corpus';
import { writeCorpus } from './bench-corpus';
import { benchBurst } from './bench-server-burst';
import { benchLongQuestion, benchMalformedFlood, type AbuseTarget } from './bench-server-abuse';
import { milliseconds, percentile, startBenchWorker } from './bench-support';

const pageCount = numberSetting('BENCH_PAGES', 5_000);
const smallPageCount = numberSetting('BENCH_SMALL_PAGES', 1_000);
const queryCount = numberSetting('BENCH_QUERIES', 500);
const sequentialCount = numberSetting('BENCH_SEQUENTIAL', 200);
const concurrentCount = numberSetting('BENCH_CONCURRENT', 50);
const burstCount = numberSetting('BENCH_BURST', 200);
const assistantKey = 'svc_dsc_bench';
/** Reads the server's own timings from /metrics. */
const adminKey = 'svc_bench_admin';

interface Row {
  measure: string;
  value: string;
  note?: string;
}

const rows: Row[] = [];
const loadAtStart = loadAverage();
const smallFolder = await mkdtemp(path.join(tmpdir(), 'docent-bench-small-'));
const folder = await mkdtemp(path.join(tmpdir(), 'docent-bench-'));
let dataDir: string | undefined;
try {
  // The smaller corpus first: its build is the process's first, as at a server start.
  const small = await writeCorpus(smallFolder, smallPageCount);
  await benchBuild(`index build, ${pageLabel(smallPageCount)} (cold, no cache)`, smallFolder, small.bytes);
  await rm(smallFolder, { recursive: true, force: true });

  const written = await timed(() => writeCorpus(folder, pageCount));
  const corpus = written.value;
  console.error(`corpus: ${corpus.pages} pages, ${megabytes(corpus.bytes)}, written in ${seconds(written.milliseconds)}`);
  const index = await benchBuild(`index build, ${pageLabel(pageCount)} (cold, no cache)`, folder, corpus.bytes);
  rows.unshift({ measure: 'corpus', value: `${pageLabel(corpus.pages)}`, note: `${index.sectionCount} sections, ${megabytes(corpus.bytes)} of Markdown (${pageLabel(smallPageCount)}: the first ones)` });

  benchRetrieval(index, corpus.questions);
  dataDir = await mkdtemp(path.join(tmpdir(), 'docent-bench-data-'));
  await benchHttp(folder, dataDir, corpus);
  await benchAbuse(folder, dataDir);
} finally {
  await rm(smallFolder, { recursive: true, force: true });
  await rm(folder, { recursive: true, force: true });
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
}
printTable(rows);

/** Times reading, parsing and sectioning a docs folder, then indexing it; adds a row. */
async function benchBuild(measure: string, docsFolder: string, bytes: number, cacheFolder?: string): Promise<DocsIndex> {
  // CPU time beside wall time: on a busy machine it is the better estimate of a quiet one's wall time.
  const cpuBefore = process.cpuUsage();
  const loaded = await timed(() => ingestDocs(cacheFolder === undefined ? { docs: docsFolder } : { docs: docsFolder, cacheFolder }));
  const indexed = await timed(async () => DocsIndex.fromDocs(loaded.value));
  const cpu = process.cpuUsage(cpuBefore);
  rows.push({
    measure,
    value: seconds(loaded.milliseconds + indexed.milliseconds),
    note: `ingest ${seconds(loaded.milliseconds)} (read, parse, sections) + index ${seconds(indexed.milliseconds)}; CPU ${seconds((cpu.user + cpu.system) / 1_000)}; ${megabytes(bytes)}`,
  });
  return indexed.value;
}

function benchRetrieval(index: DocsIndex, questions: BenchQuestion[]): void {
  const sample = Array.from({ length: queryCount }, (_, position) => questions[(position * 7919) % questions.length] as BenchQuestion);
  // Warm up the JIT so the numbers describe a server that has been running for a while.
  for (const question of sample.slice(0, 50)) index.search({ query: question.text, limit: 5 });
  const latencies: number[] = [];
  const bestOfThree: number[] = [];
  let found = 0;
  for (const [position, question] of sample.entries()) {
    const request = { query: question.text, limit: 5, currentPath: position % 2 === 0 ? question.pagePath : undefined };
    const runs: number[] = [];
    let hits: ReturnType<DocsIndex['search']> = [];
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      hits = index.search(request);
      runs.push(performance.now() - started);
    }
    latencies.push(runs[0] ?? Number.NaN);
    bestOfThree.push(Math.min(...runs));
    if (hits.some((hit) => hit.pagePath === question.pagePath)) found += 1;
  }
  rows.push(
    { measure: `retrieval p50 / p95 (${sample.length} queries)`, value: `${milliseconds(percentile(latencies, 50))} / ${milliseconds(percentile(latencies, 95))}`, note: 'limit 5, half with currentPath; aim p95 < 5 ms' },
    { measure: 'retrieval p99 / max', value: `${milliseconds(percentile(latencies, 99))} / ${milliseconds(Math.max(...latencies))}` },
    {
      measure: 'retrieval p50 / p95, best of 3 runs',
      value: `${milliseconds(percentile(bestOfThree, 50))} / ${milliseconds(percentile(bestOfThree, 95))}`,
      note: 'the same queries with less noise from other processes',
    },
    { measure: 'retrieval: source page in top 5', value: `${((100 * found) / sample.length).toFixed(0)} %`, note: 'sanity check of ranking' },
  );
}

/**
 * Starts the server on an empty data folder (cold, writing the parse cache), restarts it on
 * that folder (warm), then asks questions over HTTP.
 */
async function benchHttp(docsFolder: string, dataDirectory: string, corpus: Corpus): Promise<void> {
  const questions = corpus.questions;
  const start = () =>
    timed(() =>
      startTestServer({
        config: { organizations: [{ id: 'bench', domains: [{ id: 'bench', docs: docsFolder, assistantKeys: [assistantKey] }], adminKeys: [{ key: adminKey, projects: [] }] }] },
        limits: { perKeyPerMonth: 1_000_000, perOrganizationPerHour: 1_000_000, perIpPerDay: 1_000_000 },
        extensions: [],
        dataDir: dataDirectory,
      }),
    );
  const first = await start();
  rows.push({ measure: 'server start, cold (index + listen)', value: seconds(first.milliseconds), note: 'parses every page and writes the parse cache' });
  await first.value.close();
  const warm = await start();
  rows.push({ measure: 'server restart, warm (index + listen)', value: seconds(warm.milliseconds), note: 'pages from the parse cache, then indexed' });
  await benchBuild(`index build, ${pageLabel(pageCount)} (warm, cached)`, docsFolder, corpus.bytes, path.join(dataDirectory, 'ingest-cache'));
  const server: TestServer = warm.value;
  try {
    const endpoint = `${server.url}/discovery/v2/assistant/bench/message`;
    const job = (mode: BenchClientJob['mode'], count: number, stride: number): BenchClientJob => ({
      endpoint,
      assistantKey,
      mode,
      questions: Array.from({ length: count }, (_, position) => questions[(position * stride) % questions.length] as BenchQuestion),
    });
    await askFromWorker(job('sequential', 20, 1));
    addHttpRows(`${sequentialCount} sequential`, await askFromWorker(job('sequential', sequentialCount, 1)));
    const burst = await timed(() => askFromWorker(job('concurrent', concurrentCount, 31)));
    addHttpRows(`${concurrentCount} concurrent`, burst.value, `all ${concurrentCount} done in ${milliseconds(burst.milliseconds)} (incl. worker start)`);
    rows.push(...(await benchBurst({ baseUrl: server.url, domain: 'bench', assistantKey, adminKey, questions, count: burstCount })));
  } finally {
    await server.close();
  }
}

/**
 * The abuse section (issue 11): one server with the default bounds (the long question is
 * refused; the flood), then one with the question bound raised (it is answered). Each has a
 * clock that can be moved on past the rejected-request budget's minute.
 */
async function benchAbuse(docsFolder: string, dataDirectory: string): Promise<void> {
  const startWith = async (limits: Partial<LimitsConfig>): Promise<{ server: TestServer; target: AbuseTarget }> => {
    let offset = 0;
    const server = await startTestServer({
      config: { organizations: [{ id: 'bench', domains: [{ id: 'bench', docs: docsFolder, assistantKeys: [assistantKey] }] }] },
      limits: { perKeyPerMonth: 1_000_000, perOrganizationPerHour: 1_000_000, perIpPerDay: 1_000_000, ...limits },
      extensions: [],
      dataDir: dataDirectory,
      clock: () => Date.now() + offset,
    });
    return { server, target: { baseUrl: server.url, domain: 'bench', assistantKey, advanceClock: (milliseconds) => (offset += milliseconds) } };
  };
  const refusing = await startWith({});
  try {
    rows.push(...(await benchLongQuestion(refusing.target, 'refused (default bound)', 20)), ...(await benchMalformedFlood(refusing.target)));
  } finally {
    await refusing.server.close();
  }
  const raised = await startWith({ maximumQuestionCharacters: 1_000_000, maximumBodyBytes: 4_000_000 });
  try {
    rows.push(...(await benchLongQuestion(raised.target, 'answered (bound raised)', 3)));
  } finally {
    await raised.server.close();
  }
}

/** Runs a batch of requests from a worker thread (see bench-client.ts) and returns their timings. */
function askFromWorker(job: BenchClientJob): Promise<BenchTiming[]> {
  return new Promise((resolve, reject) => {
    const worker = startBenchWorker(new URL('./bench-client.ts', import.meta.url), job);
    worker.once('message', (message: { timings?: BenchTiming[]; error?: string }) => {
      void worker.terminate();
      if (message.timings) resolve(message.timings);
      else reject(new Error(message.error ?? 'the benchmark client failed'));
    });
    worker.once('error', reject);
  });
}

function addHttpRows(label: string, timings: BenchTiming[], note?: string): void {
  const pick = (key: keyof BenchTiming) => timings.map((timing) => timing[key]);
  const summary = (key: keyof BenchTiming) => `${milliseconds(percentile(pick(key), 50))} / ${milliseconds(percentile(pick(key), 95))}`;
  rows.push(
    { measure: `HTTP ${label}: time to first byte p50 / p95`, value: summary('firstByte'), note: 'aim < 20 ms' },
    { measure: `HTTP ${label}: first answer text p50 / p95`, value: summary('firstText') },
    { measure: `HTTP ${label}: full answer p50 / p95`, value: summary('full'), note: note ?? `${Math.round(percentile(pick('bytes'), 50))} bytes median` },
  );
}

function printTable(table: Row[]): void {
  const width = (key: keyof Row) => Math.max(...table.map((row) => (row[key] ?? '').length), key.length);
  const measureWidth = width('measure');
  const valueWidth = width('value');
  const line = (row: Row) => `${row.measure.padEnd(measureWidth)}  ${row.value.padStart(valueWidth)}  ${row.note ?? ''}`.trimEnd();
  console.log(
    `\nDocent server benchmark (Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadAtStart} at the start, ${loadAverage()} at the end)\n`,
  );
  console.log(line({ measure: 'measure', value: 'value', note: 'note' }));
  console.log(`${'-'.repeat(measureWidth)}  ${'-'.repeat(valueWidth)}  ----`);
  for (const row of table) console.log(line(row));
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; milliseconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, milliseconds: performance.now() - started };
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
}

function pageLabel(count: number): string {
  return `${count.toLocaleString('en-US')} pages`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

function seconds(value: number): string {
  return `${(value / 1_000).toFixed(2)} s`;
}

function numberSetting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
