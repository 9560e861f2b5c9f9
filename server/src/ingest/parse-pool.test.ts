import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { detectGenerator } from './detect-generator';
import { createDialect } from './dialects/create-dialect';
import type { Dialect, DialectOptions, PageFile } from './dialects/dialect';
import { DocsFolderError, ingestDocs } from './ingest-docs';
import type { CachedPage } from './ingest-cache';
import { listDocsFiles } from './page-files';
import { ParsePool, parsePage, type ParseWorkerSetup } from './parse-pool';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const bootstrap = new URL('./parse-pool-worker.js', import.meta.url).href;
let scripts: string;

beforeAll(async () => {
  scripts = await mkdtemp(path.join(tmpdir(), 'docent-parse-pool-'));
});

afterAll(async () => {
  await rm(scripts, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A worker script: `prelude`, then the standard worker. */
async function workerScript(name: string, prelude: string): Promise<URL> {
  const file = path.join(scripts, `${name}.mjs`);
  await writeFile(file, `${prelude}\nawait import(${JSON.stringify(bootstrap)});\n`);
  return pathToFileURL(file);
}

/** What ingestDocs makes for a docs folder: its dialect, what a worker needs to make it, its pages. */
async function readingOf(root: string): Promise<{ dialect: Dialect; setup: ParseWorkerSetup; pages: { file: PageFile; source: string }[] }> {
  const files = await listDocsFiles(root);
  const detected = await detectGenerator(root, files);
  if (detected.generator === 'html') throw new Error('not a Markdown folder');
  const options: DialectOptions = { root, files: files.markdown, settings: {}, ...(detected.configFile === undefined ? {} : { configFile: detected.configFile }) };
  const dialect = await createDialect(detected.generator, options);
  const pageFiles = files.markdown.map((relativeFile) => ({ relativeFile, sourceFile: path.join(root, relativeFile) })).filter((file) => dialect.isPage(file));
  const pages = await Promise.all(pageFiles.map(async (file) => ({ file, source: await readFile(file.sourceFile, 'utf8') })));
  return { dialect, setup: { generator: detected.generator, options }, pages };
}

async function parsedHere(reading: Awaited<ReturnType<typeof readingOf>>): Promise<CachedPage[]> {
  return Promise.all(reading.pages.map(async ({ file, source }) => parsePage(source, file, reading.dialect)));
}

describe('ingestDocs with the pages parsed on worker threads', () => {
  test.each(['gfm', 'vitepress', 'vitepress-config-folder', 'docusaurus/docs', 'mkdocs/docs', 'starlight/src/content/docs'])(
    'reads %s exactly as on the main thread',
    async (fixture) => {
      const docs = path.join(fixtures, fixture);
      const started = vi.spyOn(ParsePool, 'startFor');
      const threaded = await ingestDocs({ docs, siteUrl: 'https://docs.example.com', parseThreads: { minimumPages: 0, workers: 2, mainThread: false } });
      const pool = started.mock.results[0]?.value as ParsePool | undefined;
      expect(pool?.parsedPages).toEqual({ workers: threaded.pages.length, mainThread: 0 });
      // The build is done: the threads are stopped.
      expect(pool?.threads).toBe(0);
      const single = await ingestDocs({ docs, siteUrl: 'https://docs.example.com', parseThreads: { minimumPages: Infinity } });
      expect(threaded).toStrictEqual(single);
    },
  );

  test('with a parse cache, only the pages it does not hold count', async () => {
    const cacheFolder = await mkdtemp(path.join(tmpdir(), 'docent-parse-pool-cache-'));
    try {
      const options = { docs: path.join(fixtures, 'vitepress'), cacheFolder, parseThreads: { minimumPages: 2, workers: 1 } };
      const started = vi.spyOn(ParsePool, 'startFor');
      const cold = await ingestDocs(options);
      expect(started.mock.calls.map((call) => call[0])).toEqual([cold.pages.length]);
      expect(started.mock.results[0]?.value).toBeInstanceOf(ParsePool);
      started.mockClear();
      const warm = await ingestDocs(options);
      expect(started.mock.calls.map((call) => call[0])).toEqual([0]);
      expect(started.mock.results[0]?.value).toBeUndefined();
      expect(warm).toStrictEqual(cold);
    } finally {
      await rm(cacheFolder, { recursive: true, force: true });
    }
  });

  test('a page its dialect cannot parse is read as plain Markdown on a thread as on the main thread, with the same notice', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docent-parse-pool-docs-'));
    try {
      for (const name of ['a', 'b', 'c']) await writeFile(path.join(folder, `${name}.md`), `# Page ${name}\n\nText.\n`);
      await writeFile(path.join(folder, 'd.mdx'), '# D\n\nA stray { brace.\n');
      const threaded = await ingestDocs({ docs: folder, parseThreads: { minimumPages: 0, workers: 1, mainThread: false } });
      const single = await ingestDocs({ docs: folder, parseThreads: { minimumPages: Infinity } });
      expect(threaded.notices?.[0]?.message).toMatch(/^1 page is not valid for gfm .*: d\.mdx:3:/);
      expect(threaded.notices).toEqual(single.notices);
      expect(threaded.pages).toEqual(single.pages);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test('an invalid page fails the ingest as on the main thread, and the threads are stopped', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docent-parse-pool-docs-'));
    try {
      for (const name of ['a', 'b', 'c', 'd']) await writeFile(path.join(folder, `${name}.md`), `# Page ${name}\n\nText.\n`);
      await writeFile(path.join(folder, 'e.md'), '---\ntitle: [unclosed\n---\n\n# E\n');
      const started = vi.spyOn(ParsePool, 'startFor');
      const threaded = await ingestDocs({ docs: folder, parseThreads: { minimumPages: 0, workers: 1, mainThread: false } }).catch((error: unknown) => error);
      const single = await ingestDocs({ docs: folder, parseThreads: { minimumPages: Infinity } }).catch((error: unknown) => error);
      expect(threaded).toBeInstanceOf(DocsFolderError);
      expect((threaded as Error).message).toBe((single as Error).message);
      expect((started.mock.results[0]?.value as ParsePool).threads).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test('a few pages are parsed on the main thread, without starting any thread', async () => {
    const started = vi.spyOn(ParsePool, 'startFor');
    await ingestDocs({ docs: path.join(fixtures, 'gfm') });
    expect(started.mock.results.map((result) => result.value)).toEqual([undefined]);
  });
});

describe('how many parse threads by default', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test('DOCENT_PARSE_THREADS sets them (0 turns them off); a few pages get none', () => {
    vi.stubEnv('DOCENT_PARSE_THREADS', '0');
    expect(ParsePool.workersFor(1_000)).toBe(0);
    vi.stubEnv('DOCENT_PARSE_THREADS', '3');
    expect(ParsePool.workersFor(1_000)).toBe(3);
    expect(ParsePool.workersFor(10)).toBe(0);
  });

  test('one default pool at a time in a process: a second build at the same time parses on its main thread', async () => {
    vi.stubEnv('DOCENT_PARSE_THREADS', '1');
    const reading = await readingOf(path.join(fixtures, 'gfm'));
    const first = ParsePool.startFor(500, reading.dialect, reading.setup);
    try {
      expect(first).toBeInstanceOf(ParsePool);
      expect(ParsePool.workersFor(500)).toBe(0);
      // A build that asks for threads itself still gets them.
      expect(ParsePool.workersFor(500, { workers: 2 })).toBe(2);
    } finally {
      await first?.close();
    }
    expect(ParsePool.workersFor(500)).toBe(1);
  });
});

describe('ParsePool', () => {
  test('the main thread parses too, and the results are the same', async () => {
    const reading = await readingOf(path.join(fixtures, 'mkdocs/docs'));
    const pool = ParsePool.start(reading.dialect, reading.setup, { workers: 1, mainThread: true });
    try {
      const pages = await Promise.all(reading.pages.map(async ({ file, source }) => pool.parse(source, file)));
      expect(pages).toStrictEqual(await parsedHere(reading));
      // The worker takes a while to start: the main thread has parsed the first pages meanwhile.
      expect(pool.parsedPages.mainThread).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  test('an invalid page gives the same DocsFolderError as on the main thread; an unparsable one the same plain reading', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docent-parse-pool-docs-'));
    try {
      await mkdir(path.join(folder, 'guide'));
      await writeFile(path.join(folder, 'guide/front.md'), '---\ntitle: [unclosed\n---\n\n# Guide\n');
      await writeFile(path.join(folder, 'guide/broken.mdx'), '# Broken\n\n<Tabs>\n  {items.map(\n');
      const reading = await readingOf(folder);
      const pool = ParsePool.start(reading.dialect, reading.setup, { workers: 1, mainThread: false });
      try {
        for (const { file, source } of reading.pages) {
          const here = await parsePage(source, file, reading.dialect).catch((error: unknown) => error);
          const there = await pool.parse(source, file).catch((error: unknown) => error);
          if (file.relativeFile.endsWith('front.md')) {
            expect(here).toBeInstanceOf(DocsFolderError);
            expect(there).toBeInstanceOf(DocsFolderError);
            expect((there as DocsFolderError).message).toBe((here as DocsFolderError).message);
            expect((there as DocsFolderError).file).toBe(file.sourceFile);
          } else {
            expect((here as CachedPage).syntaxError).toMatch(/^5:1: Unexpected end of file/);
            expect(there).toEqual(here);
          }
        }
        expect(pool.parsedPages).toEqual({ workers: 2, mainThread: 0 });
      } finally {
        await pool.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test('when a worker crashes, its pages and the rest are parsed on the main thread', async () => {
    const reading = await readingOf(path.join(fixtures, 'starlight/src/content/docs'));
    expect(reading.pages.length).toBeGreaterThan(4);
    const crashing = await workerScript(
      'crashing',
      `import { parentPort } from 'node:worker_threads';\nlet requests = 0;\nparentPort.on('message', () => { requests += 1; if (requests === 3) throw new Error('crash'); });`,
    );
    const pool = ParsePool.start(reading.dialect, reading.setup, { workers: 1, mainThread: false, workerScript: crashing });
    try {
      const pages = await Promise.all(reading.pages.map(async ({ file, source }) => pool.parse(source, file)));
      expect(pages).toStrictEqual(await parsedHere(reading));
      expect(pool.threads).toBe(0);
      const { workers, mainThread } = pool.parsedPages;
      expect(workers).toBeGreaterThan(0);
      expect(workers).toBeLessThan(3);
      expect(workers + mainThread).toBe(reading.pages.length);
    } finally {
      await pool.close();
    }
  });

  test('a worker that cannot start leaves the pages to the main thread', async () => {
    const reading = await readingOf(path.join(fixtures, 'gfm'));
    const failing = await workerScript('failing', `throw new Error('no parser here');`);
    const pool = ParsePool.start(reading.dialect, reading.setup, { workers: 2, mainThread: false, workerScript: failing });
    try {
      const pages = await Promise.all(reading.pages.map(async ({ file, source }) => pool.parse(source, file)));
      expect(pages).toStrictEqual(await parsedHere(reading));
      expect(pool.parsedPages).toEqual({ workers: 0, mainThread: reading.pages.length });
    } finally {
      await pool.close();
    }
  });

  test('close stops the threads and refuses what is left', async () => {
    const reading = await readingOf(path.join(fixtures, 'gfm'));
    const pool = ParsePool.start(reading.dialect, reading.setup, { workers: 2, mainThread: false });
    const page = reading.pages[0] as { file: PageFile; source: string };
    const pending = pool.parse(page.source, page.file).catch((error: unknown) => error);
    expect(pool.threads).toBe(2);
    await pool.close();
    expect(pool.threads).toBe(0);
    expect(await pending).toEqual(new Error('the parse pool is closed'));
    await expect(pool.parse(page.source, page.file)).rejects.toThrow('the parse pool is closed');
  });
});
