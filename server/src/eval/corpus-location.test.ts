import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateCorpus, resolveCorpusFolder, setName } from './corpus-location';
import { evaluateAllSets } from './eval-all';
import { loadQuestionSet } from './question-set';

const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url));
const fixtureQuestions = join(fixtures, 'questions-fixture.json');

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'docent-eval-corpora-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('locateCorpus', () => {
  it('names a set after its file and descends into an archive-style single top folder', () => {
    expect(setName('/x/questions-mkdocs-material.json')).toBe('mkdocs-material');
    const root = join(folder, 'wrapped');
    cpSync(join(fixtures, 'docs'), join(root, 'site', 'docs', 'en'), { recursive: true });
    expect(resolveCorpusFolder(root, 'docs/en')).toBe(join(root, 'site', 'docs', 'en'));
    expect(resolveCorpusFolder(root, 'docs/fr')).toBeUndefined();
  });

  it('unpacks <name>-docs.tar.gz from ../shared/eval once into the cache', async () => {
    const project = join(folder, 'project');
    const shared = join(folder, 'shared', 'eval');
    mkdirSync(project, { recursive: true });
    mkdirSync(shared, { recursive: true });
    const staging = join(folder, 'staging');
    cpSync(join(fixtures, 'docs'), join(staging, 'fixture', 'docs'), { recursive: true });
    execFileSync('tar', ['-czf', join(shared, 'fixture-docs.tar.gz'), '-C', staging, 'fixture']);

    const set = await loadQuestionSet(fixtureQuestions);
    const found = await locateCorpus(fixtureQuestions, set, { projectRoot: project });
    expect(found).toMatchObject({ found: true, from: join(shared, 'fixture-docs.tar.gz') });
    const docs = found.found ? found.docs : '';
    expect(docs.startsWith(join(project, 'node_modules', '.cache', 'docent-eval'))).toBe(true);
    expect(existsSync(join(docs, 'pineapples.md'))).toBe(true);
    // A second run reuses the unpacked copy.
    expect(await locateCorpus(fixtureQuestions, set, { projectRoot: project })).toEqual(found);

    const missing = await locateCorpus(join(folder, 'questions-elsewhere.json'), set, { projectRoot: project, corporaFolder: join(folder, 'corpora') });
    expect(missing).toEqual({
      found: false,
      lookedIn: [join(folder, 'corpora', 'elsewhere') + '/', join(shared, 'elsewhere-docs.tar.gz')],
    });
  });
});

describe('evaluateAllSets (npm run eval)', () => {
  it('runs each set whose corpus is found, skips the others with where to put them, and prints one row per set with the targets', async () => {
    const corpora = join(folder, 'corpora');
    cpSync(join(fixtures, 'docs'), join(corpora, 'fixture', 'fixture', 'docs'), { recursive: true });
    const absent = join(folder, 'questions-absent.json');
    writeFileSync(absent, JSON.stringify({ corpus: { folder: 'docs' }, unanswerable: [{ id: 'u', question: 'Anything?' }] }));

    const lines: string[] = [];
    const reports = await evaluateAllSets({ sets: [fixtureQuestions, absent], corporaFolder: corpora, environment: {}, print: (line) => lines.push(line) });
    expect([...reports.keys()]).toEqual(['fixture']);
    expect(lines.find((line) => line.startsWith('skipped absent'))).toContain(join(corpora, 'absent'));
    expect(lines.find((line) => line.startsWith('fixture: '))).toMatch(/3 pages \(10 sections\) from .*fixture\/docs, path prefix "\/docs"; 9 requests/);
    const header = lines.find((line) => line.startsWith('set '));
    expect(header?.split(/ {2,}/)).toEqual(['set', 'hit@1', 'hit@3', 'hit@5', 'MRR', 'answered', 'cites', 'declined', 'follow-ups', 'steers', 'keeps', 'delta p50', 'end p95', 'failed']);
    expect(lines.find((line) => line.startsWith('fixture '))?.split(/ +/).slice(0, 11)).toEqual(
      ['fixture', '0.67', '0.67', '0.67', '0.67', '1.00', '0.67', '1.00', '1.00', '1.00', '1.00'],
    );
    expect(lines.at(-1)).toMatch(/^target +≥0\.9 +≥0\.8 +≥0\.9 +≥0\.8 +≥0\.9 +≥0\.9 +<30ms$/);
  });
});
