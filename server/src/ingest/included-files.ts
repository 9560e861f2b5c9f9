import { existsSync, realpathSync } from 'node:fs';
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
