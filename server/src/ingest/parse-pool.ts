import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { dropNonContentHtml } from './common-transforms';
import type { Dialect, DialectOptions, PageFile, ParsedPage } from './dialects/dialect';
import { parseMarkdown } from './markdown-parser';
import { parseFrontMatter } from './front-matter';
import type { CachedPage } from './ingest-cache';
import type { DocsGenerator } from './ingested-docs';
import { DocsFolderError } from './page-files';
import { splitPage } from './page-sections';
import { sanitizeMarkup } from './safe-markup';

/**
 * Parses one page with its dialect into what the parse cache keeps: front matter, sections (no
 * URLs yet), included files. The same on the main thread and in a {@link ParsePool} worker.
 *
 * A page its dialect cannot parse (MDX with a stray `{` or `<`) is read as plain Markdown instead,
 * with where and why it failed in `syntaxError`: one broken page does not keep the rest of the
 * docs from being answered, and the startup notice says what to fix (see `ingestNotices`).
 *
 * @throws DocsFolderError when the page's front matter is invalid, or an include it names is refused.
 */
export async function parsePage(source: string, file: PageFile, dialect: Dialect): Promise<CachedPage> {
  let parsed: ParsedPage;
  let syntaxError: string | undefined;
  try {
    parsed = await dialect.parse(source, file);
  } catch (error) {
    if (error instanceof DocsFolderError) throw error;
    syntaxError = describeSyntaxError(error, source);
    parsed = readAsPlainMarkdown(source);
  }
  const first = parsed.tree.children[0];
  const frontMatter = first?.type === 'yaml' ? parseFrontMatter(first.value, file.sourceFile) : {};
  // After the dialect's own transforms, so HTML they produce or leave is covered too.
  sanitizeMarkup(parsed.tree);
  const split = splitPage(parsed.tree, parsed.text, parsed.assignAnchors === undefined ? dialect : { headingText: (heading) => dialect.headingText(heading), assignAnchors: parsed.assignAnchors });
  const page: CachedPage = { frontMatter, sections: split.sections, dependencies: parsed.dependencies };
  const firstHeading = parsed.title ?? split.firstHeading;
  if (firstHeading !== undefined) page.firstHeading = firstHeading;
  if (syntaxError !== undefined) page.syntaxError = syntaxError;
  return page;
}

/** Longest quote of the failing line in a syntax error. */
const quotedLineLength = 80;

/**
 * Where and why a parse failed, for a notice: `5:12: Could not parse expression with acorn, at
 * "## Rotate {#rotate}"` (micromark's errors carry the place; others give the reason alone).
 */
export function describeSyntaxError(error: unknown, source: string): string {
  const reason = (error instanceof Error ? ((error as { reason?: unknown }).reason ?? error.message) : String(error)) as string;
  const place = (error as { place?: { line?: unknown; column?: unknown } } | null)?.place;
  const line = typeof place?.line === 'number' ? place.line : undefined;
  if (line === undefined) return String(reason);
  const column = typeof place?.column === 'number' ? `:${place.column}` : '';
  const text = (source.replace(/^\uFEFF/, '').split(/\r?\n/)[line - 1] ?? '').trim();
  const quote = text === '' ? '' : `, at "${text.length > quotedLineLength ? `${text.slice(0, quotedLineLength)}…` : text}"`;
  return `${line}${column}: ${String(reason)}${quote}`;
}

// A page its dialect could not parse, as CommonMark with GFM: MDX's import and export lines
// (outside code fences) are left out, components stay as HTML, which sanitizing reduces to text.
function readAsPlainMarkdown(source: string): ParsedPage {
  let fence: string | undefined;
  const lines = source.split('\n').map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence === undefined ? marker : undefined;
    // Blanked rather than removed, so positions still point at the right lines.
    return fence === undefined && /^(?:import|export)\s/.test(line) ? '' : line;
  });
  const text = lines.join('\n');
  const tree = parseMarkdown(text);
  dropNonContentHtml(tree);
  return { tree, text, dependencies: [] };
}

/** When and how pages are parsed on worker threads (see {@link ParsePool}). */
export interface ParseThreads {
  /**
   * Fewest pages to parse (pages the parse cache does not hold) for which worker threads are
   * started. Default 100: below that, starting a thread (loading the parser takes it about half
   * a second of CPU) costs more than it saves. `Infinity` parses on the main thread only.
   */
  minimumPages?: number;
  /**
   * How many worker threads. Default: one less than the machine's available parallelism (the
   * main thread parses too), at most 4, and none with 2 cores or fewer. On 2 cores a worker does
   * not pay: V8's background threads (JIT compilers, GC) already keep the second core about
   * half busy while the main thread parses, and a worker adds about a second of CPU (its start,
   * compiling the parser again), so a cold build of 1,000 pages took longer with one.
   */
  workers?: number;
  /**
   * Whether the main thread parses pages too, between the workers' answers. Default `true`;
   * `false` keeps the main thread's event loop free (it then parses only if every worker fails).
   */
  mainThread?: boolean;
}

/** What a worker needs to make the same dialect as the main thread: `createDialect`'s arguments. */
export interface ParseWorkerSetup {
  generator: Exclude<DocsGenerator, 'html'>;
  options: DialectOptions;
}

/** A message from a worker (see `parse-pool-worker.ts`). */
export type ParseWorkerMessage =
  | { type: 'ready'; fingerprint: string }
  | { type: 'parsed'; id: number; page: CachedPage }
  /** The page is invalid: a `DocsFolderError` with this file and message. */
  | { type: 'invalid'; id: number; file: string; message: string }
  /** Any other error: the page is parsed again on the main thread, which throws it for real. */
  | { type: 'failed'; id: number };

/** A message to a worker: parse this page. */
export interface ParseWorkerRequest {
  id: number;
  source: string;
  file: PageFile;
}

interface Job extends ParseWorkerRequest {
  resolve(page: CachedPage): void;
  reject(error: unknown): void;
}

interface PoolWorker {
  thread: Worker;
  ready: boolean;
  /** Jobs sent to it and not answered yet. */
  jobs: Map<number, Job>;
}

/** Jobs a worker is given ahead, so it never waits for the main thread between two pages. */
const jobsAhead = 2;
const defaultMinimumPages = 100;
const maximumDefaultWorkers = 4;
/** Pools started with the default number of workers that are still open, in this process. */
let defaultPoolsRunning = 0;

/**
 * The default number of parse workers: `DOCENT_PARSE_THREADS` when set (`0` turns them off),
 * else one per core beyond the main thread's, at most 4, and none on 2 cores or fewer (there a
 * worker's start and second JIT cost more than they save).
 */
function defaultWorkers(): number {
  const configured = process.env.DOCENT_PARSE_THREADS?.trim();
  if (configured !== undefined && configured !== '' && /^\d+$/.test(configured)) return Math.min(Number(configured), 16);
  const cores = availableParallelism();
  return cores > 2 ? Math.min(cores - 1, maximumDefaultWorkers) : 0;
}
const bootstrap = new URL('./parse-pool-worker.js', import.meta.url);

/**
 * Parses pages on worker threads: remark parsing is most of an ingest's time, and threads on
 * other cores share it. Each worker makes the main thread's dialect again (from the same
 * `createDialect` arguments) and answers a page's source with the same {@link CachedPage}
 * {@link parsePage} gives on the main thread, or the same `DocsFolderError`.
 *
 * The main thread parses queued pages too (unless told not to), one per turn of its event loop:
 * from the start, while the workers load the parser (a few hundred milliseconds), then beside
 * them. A worker that fails (crashes, cannot start, makes another dialect) is dropped and its
 * pages go to the others, or to the main thread when none is left. {@link close} stops the
 * threads; until then they keep the process alive.
 *
 * @example
 * const pool = ParsePool.startFor(sources.length, dialect, { generator: 'gfm', options: dialectOptions });
 * try {
 *   parsed = await (pool?.parse(source, file) ?? parsePage(source, file, dialect)); // no pool for few pages
 * } finally {
 *   await pool?.close();
 * }
 */
export class ParsePool {
  readonly #dialect: Dialect;
  readonly #mainThread: boolean;
  readonly #workers = new Set<PoolWorker>();
  readonly #parsed = { workers: 0, mainThread: 0 };
  readonly #queue: Job[] = [];
  #nextId = 0;
  #helping = false;
  #closed = false;
  #countedAsDefault = false;

  private constructor(dialect: Dialect, mainThread: boolean) {
    this.#dialect = dialect;
    this.#mainThread = mainThread;
  }

  /** How many worker threads parsing `pages` pages takes under `threads` (0: parse on the main thread). */
  static workersFor(pages: number, threads: ParseThreads = {}): number {
    const workers = Math.floor(threads.workers ?? defaultWorkers());
    // Threads by default for one build at a time: a server indexing several domains at once
    // would otherwise start a pool per domain (each worker holds its own parser, ~50 MB).
    if (threads.workers === undefined && defaultPoolsRunning > 0) return 0;
    return workers >= 1 && pages >= (threads.minimumPages ?? defaultMinimumPages) ? workers : 0;
  }

  /**
   * A pool for parsing `pages` pages, or `undefined` when they are better parsed on the main
   * thread with {@link parsePage} (see {@link workersFor}).
   */
  static startFor(pages: number, dialect: Dialect, setup: ParseWorkerSetup, threads: ParseThreads = {}): ParsePool | undefined {
    const workers = ParsePool.workersFor(pages, threads);
    if (workers === 0) return undefined;
    const pool = ParsePool.start(dialect, setup, { workers, mainThread: threads.mainThread ?? true });
    if (threads.workers === undefined) {
      defaultPoolsRunning += 1;
      pool.#countedAsDefault = true;
    }
    return pool;
  }

  /**
   * Starts `workers` threads (`workerScript`: a module to run instead of the standard worker,
   * for tests).
   */
  static start(dialect: Dialect, setup: ParseWorkerSetup, options: { workers: number; mainThread: boolean; workerScript?: URL }): ParsePool {
    const pool = new ParsePool(dialect, options.mainThread);
    for (let count = 0; count < options.workers; count++) pool.#startWorker(setup, options.workerScript ?? bootstrap);
    return pool;
  }

  /** How many worker threads are running (started and not failed or closed). */
  get threads(): number {
    return this.#workers.size;
  }

  /** How many pages the workers and the main thread have parsed (or found invalid) so far. */
  get parsedPages(): { workers: number; mainThread: number } {
    return { ...this.#parsed };
  }

  /** Parses a page as {@link parsePage} does with the pool's dialect. */
  parse(source: string, file: PageFile): Promise<CachedPage> {
    if (this.#closed) return Promise.reject(new Error('the parse pool is closed'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, source, file, resolve, reject });
      this.#dispatch();
    });
  }

  /** Stops the worker threads; pages not parsed yet are refused. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#countedAsDefault) defaultPoolsRunning -= 1;
    const workers = [...this.#workers];
    this.#workers.clear();
    const refused = new Error('the parse pool is closed');
    for (const job of this.#queue.splice(0)) job.reject(refused);
    for (const worker of workers) for (const job of worker.jobs.values()) job.reject(refused);
    await Promise.all(workers.map((worker) => worker.thread.terminate()));
  }

  #startWorker(setup: ParseWorkerSetup, script: URL): void {
    const worker: PoolWorker = { thread: new Worker(script, { workerData: setup }), ready: false, jobs: new Map() };
    this.#workers.add(worker);
    worker.thread.on('message', (message: ParseWorkerMessage) => this.#received(worker, message));
    worker.thread.on('error', () => this.#drop(worker));
    worker.thread.on('exit', () => this.#drop(worker));
  }

  #received(worker: PoolWorker, message: ParseWorkerMessage): void {
    if (!this.#workers.has(worker)) return;
    if (message.type === 'ready') {
      // A worker that read the docs folder differently would give other sections.
      if (message.fingerprint !== this.#dialect.fingerprint) {
        this.#drop(worker);
        return;
      }
      worker.ready = true;
    } else {
      const job = worker.jobs.get(message.id);
      worker.jobs.delete(message.id);
      if (job !== undefined) {
        if (message.type === 'failed') this.#parseHere(job);
        else {
          this.#parsed.workers += 1;
          if (message.type === 'parsed') job.resolve(message.page);
          else job.reject(folderError(message.file, message.message));
        }
      }
    }
    this.#dispatch();
  }

  /** A worker that failed: its pages go back to the queue, for the others or the main thread. */
  #drop(worker: PoolWorker): void {
    if (!this.#workers.delete(worker)) return;
    this.#queue.unshift(...worker.jobs.values());
    worker.jobs.clear();
    void worker.thread.terminate();
    this.#dispatch();
  }

  #dispatch(): void {
    for (const worker of this.#workers) {
      if (!worker.ready) continue;
      while (worker.jobs.size < jobsAhead && this.#queue.length > 0) {
        const job = this.#queue.shift() as Job;
        worker.jobs.set(job.id, job);
        const request: ParseWorkerRequest = { id: job.id, source: job.source, file: job.file };
        worker.thread.postMessage(request);
      }
    }
    if (this.#queue.length > 0 && !this.#helping && (this.#mainThread || this.#workers.size === 0)) {
      this.#helping = true;
      setImmediate(() => this.#help());
    }
  }

  /**
   * The main thread parses queued pages too, one per turn of the event loop, so a worker that
   * answers is given its next page at once.
   */
  #help(): void {
    this.#helping = false;
    const job = this.#closed || !(this.#mainThread || this.#workers.size === 0) ? undefined : this.#queue.shift();
    if (job === undefined) return;
    this.#parseHere(job);
    this.#dispatch();
  }

  #parseHere(job: Job): void {
    this.#parsed.mainThread += 1;
    parsePage(job.source, job.file, this.#dialect).then(job.resolve, job.reject);
  }
}

/** The `DocsFolderError` a worker reported, with the same type and message. */
function folderError(file: string, message: string): DocsFolderError {
  const prefix = `${file}: `;
  const error = new DocsFolderError(file, message.startsWith(prefix) ? message.slice(prefix.length) : message);
  error.message = message;
  return error;
}
