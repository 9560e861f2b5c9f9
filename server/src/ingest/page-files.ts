import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** A docs source that cannot be read; the message names the file (or folder) and what to fix. */
export class DocsFolderError extends Error {
  /** The file or folder at fault. */
  readonly file: string;

  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'DocsFolderError';
    this.file = file;
  }
}

/** The files of a docs folder, by kind, as paths relative to it with `/` separators. */
export interface DocsFolderFiles {
  /** `.md` and `.mdx` files, sorted. */
  markdown: string[];
  /** `.html` and `.htm` files, sorted (a built site). */
  html: string[];
  /** `.ipynb` files (Jupyter notebooks), sorted: pages where the site's generator publishes them. */
  notebooks: string[];
}

/**
 * Lists a docs folder recursively, skipping hidden entries (`.vitepress`, `.git`) and
 * `node_modules`.
 *
 * @throws DocsFolderError when the folder does not exist or is a file.
 */
export async function listDocsFiles(root: string): Promise<DocsFolderFiles> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new DocsFolderError(root, 'the docs folder does not exist; check the configured docs folder path');
    if (code === 'ENOTDIR') throw new DocsFolderError(root, 'is a file, not a folder; point the docs folder at the directory holding the Markdown pages');
    throw error;
  }
  const files: DocsFolderFiles = { markdown: [], html: [], notebooks: [] };
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const extension = path.extname(entry.name).toLowerCase();
    const kind = extension === '.md' || extension === '.mdx' ? 'markdown' : extension === '.html' || extension === '.htm' ? 'html' : extension === '.ipynb' ? 'notebooks' : undefined;
    if (kind === undefined) continue;
    const relativeFile = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    const hidden = relativeFile.split('/').some((segment) => segment.startsWith('.') || segment === 'node_modules');
    if (!hidden) files[kind].push(relativeFile);
  }
  files.markdown.sort();
  files.html.sort();
  files.notebooks.sort();
  return files;
}

/**
 * A title made from a file name: `getting-started.md` → `Getting started`; an index page takes
 * its folder's name (`guides/index.md` → `Guides`), the top one is `Home`.
 */
export function titleFromFileName(relativeFile: string): string {
  const segments = relativeFile.split('/');
  const last = segments.at(-1) ?? '';
  let name = last.slice(0, last.length - path.extname(last).length);
  if (name.toLowerCase() === 'index') name = segments.length > 1 ? (segments.at(-2) ?? 'Home') : 'Home';
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
