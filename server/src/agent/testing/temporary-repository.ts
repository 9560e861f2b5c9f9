import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A throwaway folder for a test, removed by `remove()`. */
export interface TemporaryFolder {
  path: string;
  remove(): void;
}

/** Creates an empty temporary folder. */
export function createTemporaryFolder(prefix = 'docent-agent-'): TemporaryFolder {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  return { path: folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Runs git in a folder with a test identity (never the machine's global configuration). */
export function git(directory: string, ...command: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', ...command], {
    cwd: directory,
    encoding: 'utf8',
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });
}

/** Writes files (relative path → content) under a folder. */
export function writeFiles(directory: string, files: Record<string, string>): void {
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(directory, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

/** A git repository on `main` with `files` in one commit, in a temporary folder. */
export function createTemporaryRepository(files: Record<string, string>): TemporaryFolder {
  const folder = createTemporaryFolder('docent-repository-');
  writeFiles(folder.path, files);
  git(folder.path, 'init', '--quiet', '--initial-branch=main');
  git(folder.path, 'add', '--all');
  git(folder.path, 'commit', '--quiet', '--no-gpg-sign', '-m', 'Initial docs');
  return folder;
}
