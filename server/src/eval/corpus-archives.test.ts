import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateCorpus, setName } from './corpus-location';
import { evaluateAllSets } from './eval-all';
import { loadQuestionSet } from './question-set';

const evalFolder = fileURLToPath(new URL('.', import.meta.url));
const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
const setsFolder = join(evalFolder, 'sets');

/** Every `questions-*.json` of the development (`sets/`) and held-out (`held-out/`) sets. */
const questionFiles = ['sets', 'held-out'].flatMap((folder) =>
  readdirSync(join(evalFolder, folder))
    .filter((name) => /^questions-.+\.json$/.test(name))
    .sort()
    .map((name) => join(evalFolder, folder, name)),
);

/** What ingestion never reads and an archive should not carry. */
const unwantedEntry = /(^|\/)node_modules\/|\.(png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|eot|mp3|mp4|webm|fig)$/i;

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'docent-corpus-archives-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the evaluation corpora shipped as archives', () => {
  it('covers the development and held-out sets', () => {
    expect(questionFiles.map(setName)).toEqual(expect.arrayContaining(['mkdocs-material', 'prettier', 'starlight', 'vitepress', 'vite', 'pinia']));
  });

  it.each(questionFiles.map((file) => [`${dirname(file).split('/').at(-1)}/${setName(file)}`, file]))(
    '%s: its docs are found without DOCENT_EVAL_CORPORA, from an archive beside it holding the licence',
    async (_, file) => {
      const set = await loadQuestionSet(file);
      if (set.corpus?.['repository'] === 'docent') {
        // Docent's own docs: read from the project, no archive.
        expect(await locateCorpus(file, set, { projectRoot })).toMatchObject({ found: true, from: 'this project' });
        return;
      }
      // A project root whose ../shared/eval does not exist, so only the archives in the repository count;
      // the archives are unpacked into its own cache, removed afterwards.
      const isolatedRoot = join(scratch, 'project');
      mkdirSync(isolatedRoot, { recursive: true });
      const archive = join(dirname(file), `${setName(file)}-docs.tar.gz`);
      const location = await locateCorpus(file, set, { projectRoot: isolatedRoot, archiveFolders: [dirname(file), setsFolder] });
      expect(location).toMatchObject({ found: true, from: archive });

      const entries = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).split('\n').filter(Boolean);
      expect(entries).toContain('LICENSE');
      expect(entries.filter((entry) => unwantedEntry.test(entry))).toEqual([]);
      expect(statSync(archive).size).toBeLessThan(1_000_000);
    },
  );
});

describe('npm run eval -- <folder of held-out sets>', () => {
  it('finds the archive beside a question file outside sets/', async () => {
    const heldOut = join(scratch, 'held-out');
    const staging = join(scratch, 'staging');
    mkdirSync(heldOut, { recursive: true });
    cpSync(join(evalFolder, 'fixtures', 'questions-fixture.json'), join(heldOut, 'questions-beside-file.json'));
    cpSync(join(evalFolder, 'fixtures', 'docs'), join(staging, 'docs'), { recursive: true });
    const archive = join(heldOut, 'beside-file-docs.tar.gz');
    // Same bytes and time on every run, so the project's unpack cache (keyed by both) is reused.
    execFileSync('tar', ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', '--mode=a=r,u+w', '--mtime=2026-01-01', '-czf', archive, '-C', staging, 'docs']);
    utimesSync(archive, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));

    const lines: string[] = [];
    const reports = await evaluateAllSets({ sets: [heldOut], environment: {}, print: (line) => lines.push(line) });
    expect([...reports.keys()]).toEqual(['beside-file']);
    expect(lines.find((line) => line.startsWith('beside-file: '))).toMatch(/3 pages \(10 sections\) from .*beside-file-docs-\d+-\d+\/docs/);
  });
});
