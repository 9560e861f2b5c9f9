import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import type { QuestionSet } from './question-set';

const run = promisify(execFile);

/** Where {@link locateCorpus} looks for a set's documentation. */
export interface CorpusSearchOptions {
  /** The project's root folder (for `../shared/eval/`, the cache, and the project's own docs). */
  projectRoot: string;
  /** `DOCENT_EVAL_CORPORA`: a folder of unpacked corpora, one sub-folder per set name. */
  corporaFolder?: string;
  /** Extra folders holding `<name>-docs.tar.gz` archives, searched after `../shared/eval/`. */
  archiveFolders?: readonly string[];
}

/** A set's docs folder, found; or where it was looked for. */
export type CorpusLocation = { found: true; docs: string; from: string } | { found: false; lookedIn: string[] };

/**
 * The name of a question set from its file name: `questions-vitepress.json` → `vitepress`.
 *
 * @example setName('/x/questions-mkdocs-material.json') === 'mkdocs-material'
 */
export function setName(file: string): string {
  return basename(file).replace(/\.json$/i, '').replace(/^questions-/, '');
}

const isFolder = (path: string) => existsSync(path) && statSync(path).isDirectory();

/**
 * `folder` inside `root`; when `root/folder` is missing and `root` holds a single folder (an
 * archive that wraps everything in `vitepress/`), looks inside that one instead, and so on.
 */
export function resolveCorpusFolder(root: string, folder = ''): string | undefined {
  let current = root;
  for (let depth = 0; depth < 4; depth++) {
    const candidate = join(current, folder);
    if (isFolder(candidate)) return candidate;
    const folders = readdirSync(current, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    if (folders.length !== 1 || !folders[0]) return undefined;
    current = join(current, folders[0].name);
  }
  return undefined;
}

/**
 * Unpacks an archive once into `node_modules/.cache/docent-eval/` (keyed by its size and time, so
 * a replaced archive is unpacked again) and returns that folder.
 */
export async function extractArchive(archive: string, projectRoot: string): Promise<string> {
  const { size, mtimeMs } = statSync(archive);
  const cache = join(projectRoot, 'node_modules', '.cache', 'docent-eval');
  const target = join(cache, `${basename(archive).replace(/\.tar\.gz$|\.tgz$/, '')}-${size}-${Math.round(mtimeMs)}`);
  if (isFolder(target)) return target;
  const partial = `${target}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    await run('tar', ['-xzf', archive, '-C', partial]);
    // Unpacked beside its final name and renamed, so an interrupted run never leaves half a corpus.
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    if (isFolder(target)) return target;
    throw new Error(`Could not unpack ${archive} with tar: ${(error as Error).message}`);
  }
  return target;
}

/**
 * Finds a set's documentation: `<corporaFolder>/<name>/`, then `<name>-docs.tar.gz` in
 * `../shared/eval/` and the extra archive folders (unpacked into the cache), then, for a set
 * about this project's own docs (`corpus.repository` "docent"), the project itself. In each,
 * `corpus.folder` is resolved with {@link resolveCorpusFolder}.
 */
export async function locateCorpus(file: string, set: QuestionSet, options: CorpusSearchOptions): Promise<CorpusLocation> {
  const name = setName(file);
  const folder = set.corpus?.folder ?? '';
  const lookedIn: string[] = [];
  if (options.corporaFolder) {
    const root = join(options.corporaFolder, name);
    lookedIn.push(`${root}/`);
    const docs = isFolder(root) ? resolveCorpusFolder(root, folder) : undefined;
    if (docs) return { found: true, docs, from: root };
  } else {
    lookedIn.push('$DOCENT_EVAL_CORPORA/' + name + '/ (DOCENT_EVAL_CORPORA is not set)');
  }
  for (const archiveFolder of [join(options.projectRoot, '..', 'shared', 'eval'), ...(options.archiveFolders ?? [])]) {
    const archive = join(archiveFolder, `${name}-docs.tar.gz`);
    lookedIn.push(archive);
    if (!existsSync(archive)) continue;
    const docs = resolveCorpusFolder(await extractArchive(archive, options.projectRoot), folder);
    if (docs) return { found: true, docs, from: archive };
  }
  if (set.corpus?.['repository'] === 'docent') {
    const docs = resolveCorpusFolder(options.projectRoot, folder);
    lookedIn.push(join(options.projectRoot, folder));
    if (docs) return { found: true, docs, from: 'this project' };
  }
  return { found: false, lookedIn };
}
