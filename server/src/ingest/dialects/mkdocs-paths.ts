import { existsSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether `file` is `folder` or lies inside it (both absolute), compared by path segments: a
 * sibling sharing a prefix (`docs_internal` beside `docs`) is not inside `docs`.
 */
export function isInsideFolder(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  if (relative === '') return true;
  return !path.isAbsolute(relative) && relative.split(path.sep)[0] !== '..';
}

/**
 * Reads a text file an include names, only when it lies inside `folder`, before and after
 * symbolic links are followed (so neither `../../etc/passwd` nor a link out of the folder is
 * read). Like pymdownx.snippets' `restrict_base_path`.
 *
 * @returns the file's text with `\n` line ends and no final newline, or `undefined` when it is
 *   outside `folder`, missing, or not a readable file.
 */
export async function readFileInside(folder: string, file: string): Promise<string | undefined> {
  if (!isInsideFolder(folder, file)) return undefined;
  try {
    const [realFolder, realFile] = await Promise.all([realpath(folder), realpath(file)]);
    if (!isInsideFolder(realFolder, realFile)) return undefined;
    return (await readFile(realFile, 'utf8')).replace(/\r\n?/g, '\n').replace(/\n$/, '');
  } catch {
    return undefined;
  }
}

/**
 * The repository a MkDocs project lives in, which code includes may read from: the nearest
 * folder holding `.git`, from the folder of `mkdocs.yml` upwards (FastAPI keeps `mkdocs.yml` in
 * `docs/en/` and includes `../../docs_src/…`), else the folder of `mkdocs.yml` itself.
 */
export function repositoryRoot(configFolder: string): string {
  for (let folder = configFolder; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, '.git'))) return folder;
    if (path.dirname(folder) === folder) return configFolder;
  }
}
