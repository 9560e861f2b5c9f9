import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { isInsideFolder } from '../files/inside-folder';

/*
 * Files a page pulls in (VitePress `<!--@include:-->` and `<<<` code imports, Docusaurus MDX
 * partials, MkDocs `--8<--` snippets and `{* *}` code includes) are read only from inside the
 * project: a page that names `../../etc/passwd`, or a link out of the folder, is not read, so a
 * docs contributor cannot make the server index and quote files it was never meant to serve.
 */

/**
 * Reads a text file a page includes, only when it lies inside `folder` once symbolic links are
 * followed, on both sides (so neither `../../etc/passwd` nor a link out of the folder is read,
 * and a docs folder reached through a link reads its own partials). Like pymdownx.snippets'
 * `restrict_base_path`.
 *
 * @returns the file's text as stored, or `undefined` when it is outside `folder`, missing, or
 *   not a readable file.
 */
export async function readFileInside(folder: string, file: string): Promise<string | undefined> {
  try {
    const [realFolder, realFile] = await Promise.all([realpath(folder), realpath(file)]);
    if (!isInsideFolder(realFolder, realFile)) return undefined;
    return await readFile(realFile, 'utf8');
  } catch {
    return undefined;
  }
}

/** {@link readFileInside}, for readers that work synchronously (a template language read in one pass). */
export function readFileInsideSync(folder: string, file: string): string | undefined {
  try {
    const realFile = realpathSync(file);
    if (!isInsideFolder(realpathSync(folder), realFile)) return undefined;
    return readFileSync(realFile, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Records a file a page names that does not exist (yet) inside `folder` among the page's
 * dependencies, so that the parse cache, which keeps an empty hash for a missing dependency,
 * parses the page again once the file appears; until then the page reads without it. A path
 * outside `folder` is never recorded.
 */
export function noteMissingInclude(folder: string, file: string, dependencies: string[]): void {
  if (existsSync(file) || dependencies.includes(file)) return;
  if (!isInsideFolder(folder, file) && !isInsideFolder(folder, realLocation(file))) return;
  dependencies.push(file);
}

// Where a path that may not exist yet really lies: its deepest existing folder with symbolic links
// followed, then the rest of the path as written.
function realLocation(file: string): string {
  let existing = path.resolve(file);
  const rest: string[] = [];
  while (!existsSync(existing) && path.dirname(existing) !== existing) {
    rest.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  try {
    return path.join(realpathSync(existing), ...rest);
  } catch {
    return path.resolve(file);
  }
}

/**
 * The project a docs site lives in, which its pages may include files from: the nearest folder
 * holding `.git`, from `folder` upwards (FastAPI keeps `mkdocs.yml` in `docs/en/` and includes
 * `../../docs_src/…`; a VitePress monorepo imports `@/../packages/…`), else `folder` itself.
 */
export function repositoryRoot(folder: string): string {
  for (let current = folder; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, '.git'))) return current;
    if (path.dirname(current) === current) return folder;
  }
}

/**
 * The folder a site's includes must stay in: the repository of the folder that holds both the
 * docs and the generator's config (Docusaurus keeps `docs/` beside `website/`), symbolic links
 * followed.
 */
export function includeBoundary(docsRoot: string, configFile: string | undefined): string {
  let common = path.resolve(docsRoot);
  if (configFile !== undefined) while (!isInsideFolder(common, path.resolve(configFile))) common = path.dirname(common);
  // Where that folder really is: docs reached through a link (a checkout whose node_modules links
  // elsewhere, a mounted share) include from the repository they really live in.
  return repositoryRoot(realLocation(common));
}

/** An included file's text with `\n` line ends and no final newline, as Python-Markdown's include extensions insert it. */
export function asInsertedText(content: string): string {
  return content.replace(/\r\n?/g, '\n').replace(/\n$/, '');
}

/** How much included text one page may take in: files that include each other many times over stop here. */
export const includedCharactersPerPage = 2_000_000;

/** Where a page's includes may be read from, and the files they read (for the parse cache). */
export interface IncludeSite {
  /** No file outside this folder is read (see `includeBoundary`). */
  boundary: string;
  /** Files read, and missing ones inside the boundary (see {@link noteMissingInclude}). */
  dependencies: string[];
}

/** An {@link IncludeSite} with what is left of the page's included text, shared by every level of nesting. */
export interface BudgetedIncludeSite extends IncludeSite {
  budget: { characters: number };
}

/**
 * A file a page includes, read inside the project (see {@link readFileInside}) and within what is
 * left of the page's budget, which it takes from; it is recorded among the page's dependencies.
 *
 * @returns its text, or `undefined` when it is outside the project, missing (recorded then, so the
 *   page is read again once it appears) or larger than what is left of the budget
 */
export async function readIncludedFile(file: string, site: IncludeSite, budget: { characters: number }): Promise<string | undefined> {
  const content = await readFileInside(site.boundary, file);
  if (content === undefined) noteMissingInclude(site.boundary, file, site.dependencies);
  if (content === undefined || content.length > budget.characters) return undefined;
  budget.characters -= content.length;
  if (!site.dependencies.includes(file)) site.dependencies.push(file);
  return content;
}


/** {@link readIncludedFile}, for readers that work synchronously (Hugo shortcodes, Jekyll's Liquid). */
export function readIncludedFileSync(file: string, site: IncludeSite, budget: { characters: number }): string | undefined {
  const content = readFileInsideSync(site.boundary, file);
  if (content === undefined) noteMissingInclude(site.boundary, file, site.dependencies);
  if (content === undefined || content.length > budget.characters) return undefined;
  budget.characters -= content.length;
  if (!site.dependencies.includes(file)) site.dependencies.push(file);
  return content;
}
