import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import type { EvalMetrics } from './metrics';
import { isEvalInputError, runEvalCommand, type EvalJsonReport } from './run-eval';

const fixtureDocs = fileURLToPath(new URL('./fixtures/docs', import.meta.url));
const fixtureQuestions = fileURLToPath(new URL('./fixtures/questions-fixture.json', import.meta.url));
const mkdocsFixtureDocs = fileURLToPath(new URL('../ingest/fixtures/mkdocs/docs', import.meta.url));

/**
 * What the fixture set gives on any sound retrieval: each page has words of its own, q3 expects
 * the wrong page on purpose, the unanswerable question shares no word with the docs, and the
 * currentPath cases either tie on a heading every page has or name one page's words.
 */
function expectFixtureMetrics(metrics: EvalMetrics) {
  expect(metrics.hitAt1).toEqual({ count: 2, total: 3, share: 2 / 3 });
  expect(metrics.hitAt5).toEqual({ count: 2, total: 3, share: 2 / 3 });
  expect(metrics.meanReciprocalRank).toBeCloseTo(2 / 3);
  expect(metrics.answered).toMatchObject({ count: 3, total: 3 });
  expect(metrics.unanswerableDeclined).toMatchObject({ count: 1, total: 1 });
  expect(metrics.followUpsOnTopic).toMatchObject({ count: 1, total: 1 });
  expect(metrics.currentPathSteers).toMatchObject({ count: 2, total: 2 });
  expect(metrics.currentPathKeeps).toMatchObject({ count: 1, total: 1 });
  expect(metrics.errors).toBe(0);
}

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'docent-eval-report-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('docent eval in process (--docs)', () => {
  it('indexes the folder, asks every question through the server code and prints the table, the misses and the report', async () => {
    const lines: string[] = [];
    const jsonFile = join(folder, 'nested', 'report.json');
    const report = await runEvalCommand({
      questionsFile: fixtureQuestions,
      docs: fixtureDocs,
      jsonFile,
      verbose: true,
      environment: {},
      print: (line) => lines.push(line),
    });
    expectFixtureMetrics(report.metrics);
    const output = lines.join('\n');
    expect(output).toContain('(3 pages, 10 sections, path prefix "/docs") with the embedded extractive model');
    expect(output).toMatch(/hit@5 +0\.67 \(2\/3\) +≥ 0\.9 MISS/);
    expect(output).toMatch(/currentPath steers +1\.00 \(2\/2\)/);
    expect(output).toMatch(/first text-delta p50 \/ p95 +[\d.]+ \/ [\d.]+ ms/);
    // Verbose: the one miss, with what came back instead.
    expect(output).toContain('q3: not in top 5\n  question: How do submarines use ballast tanks to surface?\n  expected: /docs/pineapples\n  got:      /docs/submarines');
    expect(output).not.toContain('q1:');

    const json = JSON.parse(readFileSync(jsonFile, 'utf8')) as EvalJsonReport;
    expect(json.pageSize).toBe(5);
    expect(json.runs).toHaveLength(3 + 2 + 2 + 1 + 1);
    const ripe = json.runs.find((run) => run.id === 'q1');
    expect(ripe?.pages[0]).toBe('/docs/pineapples');
    expect(ripe?.sources[0]?.url).toMatch(/\/docs\/pineapples/);
    expect(ripe?.answer).toMatch(/smells sweet/);
    expect(json.runs.find((run) => run.id === 'u1')?.declined).toBe(true);
  });

  it('says which pages a build-time plugin fills in, so their misses are not a mystery', async () => {
    const questionsFile = join(folder, 'questions-mkdocs.json');
    writeFileSync(questionsFile, JSON.stringify({ questions: [{ id: 'c1', question: 'How do I pick a colour palette?', expected: ['/setup/colors/'] }] }));
    const lines: string[] = [];
    await runEvalCommand({ questionsFile, docs: mkdocsFixtureDocs, pathPrefix: '', environment: {}, print: (line) => lines.push(line) });
    expect(lines[1]).toBe(
      'note: 1 page gets part of its content from mkdocstrings when the site is built, and the sources do not hold it (/tutorial/blocks/); ' +
        'to answer from it, point `docs` at the built site (the HTML folder the build writes, e.g. `site/`).',
    );
  });

  it('refuses a missing docs folder or question file as input errors', async () => {
    const print = () => undefined;
    const missingDocs = runEvalCommand({ questionsFile: fixtureQuestions, docs: join(folder, 'absent'), print });
    await expect(missingDocs).rejects.toThrow(/docs folder .*absent does not exist: pass the folder of your Markdown pages with --docs/);
    await missingDocs.catch((error: unknown) => expect(isEvalInputError(error)).toBe(true));
    const missingFile = runEvalCommand({ questionsFile: join(folder, 'absent.json'), docs: fixtureDocs, print });
    await missingFile.catch((error: unknown) => expect(isEvalInputError(error)).toBe(true));
    await expect(missingFile).rejects.toThrow(/Cannot read the question file/);
  });
});

describe('docent eval against a running server (--url)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      config: {
        organizations: [{ id: 'fixture', domains: [{ id: 'fixture', docs: fixtureDocs, pathPrefix: '/docs', assistantKeys: ['svc_dsc_fixture'] }] }],
      },
      limits: { perIpPerDay: 1_000 },
      extensions: [],
    });
  });
  afterAll(() => server.close());

  it('asks the server over HTTP and measures the same', async () => {
    const lines: string[] = [];
    const report = await runEvalCommand({
      questionsFile: fixtureQuestions,
      url: server.url,
      domain: 'fixture',
      apiKey: 'svc_dsc_fixture',
      print: (line) => lines.push(line),
    });
    expectFixtureMetrics(report.metrics);
    expect(lines[0]).toContain(`against domain "fixture" at ${server.url}`);
  });

  it('counts refused requests as failures and says so', async () => {
    const lines: string[] = [];
    const report = await runEvalCommand({ questionsFile: fixtureQuestions, url: server.url, domain: 'fixture', apiKey: 'svc_dsc_wrong', print: (line) => lines.push(line) });
    expect(report.metrics.errors).toBe(report.runs.length);
    expect(report.metrics.hitAt5.count).toBe(0);
    expect(lines.join('\n')).toMatch(/failed requests +9/);
  });
});
