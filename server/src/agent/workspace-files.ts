import type { Dirent } from 'node:fs';
import { lstat, mkdir, readdir, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isInsideFolder } from '../files/inside-folder';

/** Most entries `list` returns; the agent narrows with a sub-folder beyond that. */
const maximumListedEntries = 1000;
/** Most characters `read` returns from one file. */
const maximumReadCharacters = 200_000;
/** Largest file `write` accepts, in characters. */
const maximumWriteCharacters = 1_000_000;
/** Most matching lines `search` returns. */
const maximumSearchMatches = 100;
/** Files larger than this are skipped by `search` (they are not prose). */
const maximumSearchedFileBytes = 1_000_000;

/**
 * A path the agent gave is not allowed (absolute, `..`, inside `.git`, or through a symbolic
 * link that leads out of the worktree). The message goes back to the model as the tool result.
 */
export class WorkspacePathError extends Error {
  override readonly name = 'WorkspacePathError';
}

/** One line that matched a search. */
export interface SearchMatch {
  /** File path relative to the worktree, with `/` separators. */
  path: string;
  /** 1-based line number. */
  line: number;
  /** The line's text (trimmed to 300 characters). */
  text: string;
}

/** File operations confined to one worktree. Every path is relative to the worktree root. */
export interface WorkspaceFiles {
  /** Files under `directory` (default: the whole worktree), sorted, `.git` left out. */
  list(directory?: string): Promise<{ files: string[]; truncated: boolean }>;
  /** A file's text. */
  read(filePath: string): Promise<{ content: string; truncated: boolean }>;
  /** Lines containing `query` (case-insensitive) under `directory`. */
  search(query: string, directory?: string): Promise<{ matches: SearchMatch[]; truncated: boolean }>;
  /** Creates or replaces a file, creating its folders. Returns whether it existed before. */
  write(filePath: string, content: string): Promise<{ created: boolean }>;
}

/** Splits a relative path into segments, rejecting anything that could leave the root. */
function relativeSegments(requested: string): string[] {
  if (requested.includes('\0')) throw new WorkspacePathError('Paths cannot contain NUL characters.');
  if (path.isAbsolute(requested) || /^[a-zA-Z]:/.test(requested) || requested.startsWith('\\')) {
    throw new WorkspacePathError(`"${requested}" is absolute: use a path relative to the repository root, e.g. "docs/index.md".`);
  }
  const segments = requested.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) {
    throw new WorkspacePathError(`"${requested}" contains "..": only files inside the repository can be used.`);
  }
  if (segments.some((segment) => segment.toLowerCase() === '.git')) {
    throw new WorkspacePathError(`"${requested}" is inside .git: git metadata is not editable by the agent.`);
  }
  return segments;
}

/** Whether a real (resolved) path inside the root is `.git` or under it, at any depth. */
function isGitMetadata(root: string, real: string): boolean {
  return path
    .relative(root, real)
    .split(path.sep)
    .some((segment) => segment.toLowerCase() === '.git');
}

/**
 * Checks where a path really leads once every symbolic link in it is resolved: inside the
 * worktree and not into `.git` (a link named `notes` pointing at `.git` is still `.git`).
 */
function checkRealLocation(root: string, real: string, requested: string): void {
  if (!isInsideFolder(root, real)) {
    throw new WorkspacePathError(`"${requested}" goes through a symbolic link that leads outside the repository.`);
  }
  if (isGitMetadata(root, real)) {
    throw new WorkspacePathError(`"${requested}" is a symbolic link into .git: git metadata is not readable or editable by the agent.`);
  }
}

const fileErrorExplanations: Record<string, string> = {
  ENOENT: 'does not exist: list the files to see what is there',
  ENOTDIR: 'goes through a file as if it were a folder: check the path',
  EISDIR: 'is a folder, not a file',
  EEXIST: 'goes through a file as if it were a folder: check the path',
  EACCES: 'cannot be accessed (permission denied)',
  EPERM: 'cannot be accessed (permission denied)',
  ENAMETOOLONG: 'is too long',
  ELOOP: 'goes through a loop of symbolic links',
  ENOSPC: 'cannot be written: the server is out of disk space',
};

/**
 * The error the model sees for a failed file operation: the path it asked for and what went
 * wrong, never the server's absolute paths (Node's messages carry them, e.g. `open '/srv/…'`).
 */
function toWorkspaceError(error: unknown, requested: string): WorkspacePathError {
  if (error instanceof WorkspacePathError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const explanation = (code && fileErrorExplanations[code]) ?? `could not be used (${code ?? 'unexpected error'})`;
  return new WorkspacePathError(`"${requested}" ${explanation}.`);
}

/** Runs a file operation, turning any failure into a {@link WorkspacePathError} about `requested`. */
async function explained<T>(requested: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw toWorkspaceError(error, requested);
  }
}

function toRelative(root: string, absolute: string): string {
  return path.relative(root, absolute).split(path.sep).join('/');
}

/**
 * File tools over the worktree at `rootDirectory`. Symbolic links are resolved before the
 * sandbox check and followed only while they stay inside the worktree and out of `.git`;
 * writing to a symbolic link is refused outright. Every failure is a {@link WorkspacePathError}
 * whose message names paths relative to the worktree, never the server's absolute paths.
 */
export async function createWorkspaceFiles(rootDirectory: string): Promise<WorkspaceFiles> {
  const root = await realpath(rootDirectory);

  /** Resolves an existing path and checks that its real location is inside the root. */
  async function resolveExisting(requested: string): Promise<string> {
    const candidate = path.join(root, ...relativeSegments(requested));
    let real: string;
    try {
      real = await realpath(candidate);
    } catch {
      throw new WorkspacePathError(`"${requested}" does not exist: list the files to see what is there.`);
    }
    checkRealLocation(root, real, requested);
    return real;
  }

  async function walk(directory: string, visit: (file: string) => Promise<boolean>): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((left, right) => left.name.localeCompare(right.name));
    for (const entry of entries) {
      if (entry.name === '.git') continue;
      const absolute = path.join(directory, entry.name);
      // Symbolic links are not descended into, so a link cannot pull outside files into a listing.
      if (entry.isDirectory()) await walk(absolute, visit);
      else if (entry.isFile() && !(await visit(absolute))) return;
    }
  }

  const operations: WorkspaceFiles = {
    async list(directory = '') {
      const start = await resolveExisting(directory);
      const files: string[] = [];
      let truncated = false;
      await walk(start, async (file) => {
        if (files.length >= maximumListedEntries) {
          truncated = true;
          return false;
        }
        files.push(toRelative(root, file));
        return true;
      });
      return { files, truncated };
    },

    async read(filePath) {
      const real = await resolveExisting(filePath);
      if (!(await lstat(real)).isFile()) throw new WorkspacePathError(`"${filePath}" is a folder, not a file.`);
      const content = await readFile(real, 'utf8');
      const truncated = content.length > maximumReadCharacters;
      return { content: truncated ? content.slice(0, maximumReadCharacters) : content, truncated };
    },

    async search(query, directory = '') {
      if (query.trim() === '') throw new WorkspacePathError('The search query is empty: give a word or phrase to look for.');
      const needle = query.toLowerCase();
      const start = await resolveExisting(directory);
      const matches: SearchMatch[] = [];
      let truncated = false;
      await walk(start, async (file) => {
        if ((await lstat(file)).size > maximumSearchedFileBytes) return true;
        const content = await readFile(file, 'utf8');
        if (content.includes('\0')) return true;
        const lines = content.split('\n');
        for (const [index, line] of lines.entries()) {
          if (!line.toLowerCase().includes(needle)) continue;
          if (matches.length >= maximumSearchMatches) {
            truncated = true;
            return false;
          }
          matches.push({ path: toRelative(root, file), line: index + 1, text: line.trim().slice(0, 300) });
        }
        return true;
      });
      return { matches, truncated };
    },

    async write(filePath, content) {
      if (content.length > maximumWriteCharacters) {
        throw new WorkspacePathError(`The content is longer than ${maximumWriteCharacters} characters: split it into smaller files.`);
      }
      const segments = relativeSegments(filePath);
      if (segments.length === 0) throw new WorkspacePathError('A file path is required, e.g. "docs/new-page.md".');
      const target = path.join(root, ...segments);
      // The nearest existing ancestor decides where the new folders and file really land.
      let ancestor = path.dirname(target);
      for (;;) {
        try {
          await lstat(ancestor);
          break;
        } catch {
          ancestor = path.dirname(ancestor);
        }
      }
      checkRealLocation(root, await realpath(ancestor), filePath);
      let created = true;
      try {
        const existing = await lstat(target);
        if (existing.isSymbolicLink()) {
          throw new WorkspacePathError(`"${filePath}" is a symbolic link: write to the file it points at instead.`);
        }
        if (existing.isDirectory()) throw new WorkspacePathError(`"${filePath}" is a folder, not a file.`);
        created = false;
      } catch (error) {
        if (error instanceof WorkspacePathError) throw error;
      }
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content, 'utf8');
      return { created };
    },
  };
  return {
    list: (directory = '') => explained(directory || '.', () => operations.list(directory)),
    read: (filePath) => explained(filePath, () => operations.read(filePath)),
    search: (query, directory = '') => explained(directory || '.', () => operations.search(query, directory)),
    write: (filePath, content) => explained(filePath, () => operations.write(filePath, content)),
  };
}
