import { execFile } from 'node:child_process';
import { cp, mkdir, realpath, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * The identity the agent commits with. Passed with `-c` on every commit so the server never
 * depends on (or changes) the machine's global git configuration.
 */
const agentIdentity = ['-c', 'user.name=Docent Agent', '-c', 'user.email=agent@docent.invalid'];

/**
 * A project's repository cannot be used: it is missing, not a git repository, or has no commit
 * to branch from. The job that meets it halts with `github_missconfigured`.
 */
export class RepositoryMisconfiguredError extends Error {
  override readonly name = 'RepositoryMisconfiguredError';
}

/** A git command failed; `stderr` carries git's own explanation. */
export class GitCommandError extends Error {
  override readonly name = 'GitCommandError';
  /** What git printed on stderr (trimmed). */
  readonly stderr: string;
  constructor(command: readonly string[], stderr: string) {
    super(`git ${command.join(' ')} failed: ${stderr || 'no output'}`);
    this.stderr = stderr;
  }
}

/**
 * Runs git with an argument array (never through a shell, so no argument is ever interpreted
 * as shell syntax). Prompts and pagers are disabled: the server has no terminal to answer them.
 */
export async function runGit(directory: string, command: readonly string[]): Promise<string> {
  try {
    const { stdout } = await execFileAsync('git', [...command], {
      cwd: directory,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C' },
    });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim() ?? String(error);
    throw new GitCommandError(command, stderr);
  }
}

async function isDirectory(directory: string): Promise<boolean> {
  try {
    return (await stat(directory)).isDirectory();
  } catch {
    return false;
  }
}

/** What a job needs to know about a usable repository. */
export interface RepositoryInfo {
  /** Absolute path of the repository's working tree. */
  path: string;
  /** The branch checked out in the repository (`main` for the embedded default). */
  defaultBranch: string;
}

/**
 * Checks that `repositoryPath` is the top of a git working tree with at least one commit and
 * returns its default branch.
 * @throws RepositoryMisconfiguredError with a message that says what to fix.
 */
export async function inspectRepository(repositoryPath: string): Promise<RepositoryInfo> {
  const absolutePath = path.resolve(repositoryPath);
  if (!(await isDirectory(absolutePath))) {
    throw new RepositoryMisconfiguredError(
      `The project's repository ${absolutePath} does not exist: point the project's "repository" at a git repository of its docs.`,
    );
  }
  let topLevel: string;
  try {
    topLevel = (await runGit(absolutePath, ['rev-parse', '--show-toplevel'])).trim();
  } catch {
    throw new RepositoryMisconfiguredError(
      `The project's repository ${absolutePath} is not a git repository: run "git init" there and commit the docs, or point "repository" at one.`,
    );
  }
  if (path.resolve(topLevel) !== (await realpath(absolutePath))) {
    throw new RepositoryMisconfiguredError(
      `The project's repository ${absolutePath} is inside the git repository ${topLevel}, not the top of one: point "repository" at ${topLevel}.`,
    );
  }
  let defaultBranch: string;
  try {
    defaultBranch = (await runGit(absolutePath, ['symbolic-ref', '--short', 'HEAD'])).trim();
    await runGit(absolutePath, ['rev-parse', '--verify', '--quiet', `${defaultBranch}^{commit}`]);
  } catch {
    throw new RepositoryMisconfiguredError(
      `The project's repository ${absolutePath} has no commit on a checked-out branch: commit the docs on a branch such as main.`,
    );
  }
  return { path: absolutePath, defaultBranch };
}

/** Whether `ref` names a commit in the repository (a branch, tag or commit id). */
export async function refExists(repositoryPath: string, ref: string): Promise<boolean> {
  if (!isSafeRefName(ref)) return false;
  try {
    await runGit(repositoryPath, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a client-supplied ref is safe to hand to git as a revision: no option-looking names,
 * no revision-range or reflog syntax, no whitespace or control characters.
 */
export function isSafeRefName(ref: string): boolean {
  return (
    ref.length > 0 &&
    ref.length <= 200 &&
    !ref.startsWith('-') &&
    !ref.includes('..') &&
    !ref.includes('@{') &&
    !/[\s~^:?*[\\\x00-\x1f\x7f]/.test(ref)
  );
}

/**
 * Creates the embedded default repository: a git repository at `repositoryPath` holding a copy
 * of `sourceFolder` committed on `main`. Does nothing when the repository already exists, so
 * job branches survive restarts.
 */
export async function initialiseRepositoryFromFolder(repositoryPath: string, sourceFolder: string): Promise<void> {
  if (await isDirectory(path.join(repositoryPath, '.git'))) return;
  await mkdir(repositoryPath, { recursive: true });
  await cp(sourceFolder, repositoryPath, { recursive: true });
  await runGit(repositoryPath, ['init', '--quiet', '--initial-branch=main']);
  await runGit(repositoryPath, ['add', '--all']);
  await runGit(repositoryPath, [
    ...agentIdentity,
    'commit',
    '--quiet',
    '--no-verify',
    '--no-gpg-sign',
    '--allow-empty',
    '-m',
    `Import the documentation from ${path.basename(sourceFolder)}`,
  ]);
}

/** Worktree bookkeeping in progress per repository (add, remove and prune must not interleave). */
const worktreeOperations = new Map<string, Promise<unknown>>();

/** Runs `operation` after any other worktree operation on the same repository has finished. */
function serialised<T>(repositoryPath: string, operation: () => Promise<T>): Promise<T> {
  const key = path.resolve(repositoryPath);
  const previous = worktreeOperations.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(operation);
  worktreeOperations.set(key, next);
  void next.catch(() => undefined).then(() => {
    if (worktreeOperations.get(key) === next) worktreeOperations.delete(key);
  });
  return next;
}

/** The branch every job works on; never the repository's default branch. */
export function jobBranchName(jobId: string): string {
  return `docent/${jobId}`;
}

/**
 * Makes sure the job's worktree exists at `worktreePath` on `branch`: created from `baseRef`
 * the first time, re-attached to the existing branch after a restart or archive clean-up.
 */
export function ensureJobWorktree(options: {
  repositoryPath: string;
  worktreePath: string;
  branch: string;
  baseRef: string;
}): Promise<void> {
  return serialised(options.repositoryPath, () => addWorktree(options));
}

async function addWorktree(options: { repositoryPath: string; worktreePath: string; branch: string; baseRef: string }): Promise<void> {
  const { repositoryPath, worktreePath, branch, baseRef } = options;
  if (await isDirectory(worktreePath)) {
    try {
      const current = (await runGit(worktreePath, ['symbolic-ref', '--short', 'HEAD'])).trim();
      if (current === branch) return;
    } catch {
      // A half-created worktree: remove it and start again below.
    }
    await removeWorktree(repositoryPath, worktreePath);
  }
  await mkdir(path.dirname(worktreePath), { recursive: true });
  // Prune records of worktrees whose folders were deleted, or `worktree add` refuses the branch.
  await runGit(repositoryPath, ['worktree', 'prune']);
  const branchExists = await refExists(repositoryPath, `refs/heads/${branch}`);
  // --force: the job's claim says no one else works on this branch; a worktree of it that another
  // instance left behind (it died, its data folder elsewhere) must not block the take-over.
  const command = branchExists
    ? ['worktree', 'add', '--quiet', '--force', '--end-of-options', worktreePath, branch]
    : ['worktree', 'add', '--quiet', '-b', branch, '--end-of-options', worktreePath, baseRef];
  await runGit(repositoryPath, command);
}

/** Removes a job's worktree (the branch and its commits stay in the repository). */
export function removeJobWorktree(repositoryPath: string, worktreePath: string): Promise<void> {
  return serialised(repositoryPath, () => removeWorktree(repositoryPath, worktreePath));
}

async function removeWorktree(repositoryPath: string, worktreePath: string): Promise<void> {
  try {
    await runGit(repositoryPath, ['worktree', 'remove', '--force', worktreePath]);
  } catch {
    // Not registered (or the repository is gone): removing the folder is all that is left to do.
    await rm(worktreePath, { recursive: true, force: true });
    await runGit(repositoryPath, ['worktree', 'prune']).catch(() => undefined);
  }
}

/**
 * Commits everything changed in the worktree. Hooks are skipped: the agent's commit must not
 * run code from the repository. Returns whether a commit was made (false when nothing changed).
 */
export async function commitAll(worktreePath: string, message: string): Promise<boolean> {
  await runGit(worktreePath, ['add', '--all']);
  const status = await runGit(worktreePath, ['status', '--porcelain']);
  if (status.trim() === '') return false;
  await runGit(worktreePath, [...agentIdentity, 'commit', '--quiet', '--no-verify', '--no-gpg-sign', '-m', message]);
  return true;
}

/** The changes a job branch makes relative to where it started. */
export interface BranchChanges {
  /** Paths changed on the branch, relative to the repository root. */
  files: string[];
  /** The unified diff (what the pull request page shows). */
  diff: string;
}

/** The changes on `branch` since it left `baseRef` (three-dot diff: the merge base to the branch). */
export async function branchChanges(repositoryPath: string, baseRef: string, branch: string): Promise<BranchChanges> {
  const range = `${baseRef}...${branch}`;
  const names = await runGit(repositoryPath, ['diff', '--name-only', '--no-renames', '--end-of-options', range]);
  const diff = await runGit(repositoryPath, ['diff', '--no-color', '--no-ext-diff', '--end-of-options', range]);
  return { files: names.split('\n').filter((line) => line !== ''), diff };
}
