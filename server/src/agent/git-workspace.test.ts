import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  branchChanges,
  commitAll,
  ensureJobWorktree,
  initialiseRepositoryFromFolder,
  inspectRepository,
  isSafeRefName,
  removeJobWorktree,
} from './git-workspace';
import { createTemporaryFolder, createTemporaryRepository, git, writeFiles, type TemporaryFolder } from './testing/temporary-repository';

const folders: TemporaryFolder[] = [];
const track = (folder: TemporaryFolder) => (folders.push(folder), folder);
afterEach(() => folders.splice(0).forEach((folder) => folder.remove()));

describe('git workspace', () => {
  it('works on the job branch in a worktree, commits there, and leaves the default branch alone', async () => {
    const repository = track(createTemporaryRepository({ 'docs/index.md': '# Home\n' }));
    const worktree = path.join(track(createTemporaryFolder()).path, 'job');
    expect(await inspectRepository(repository.path)).toEqual({ path: repository.path, defaultBranch: 'main' });

    await ensureJobWorktree({ repositoryPath: repository.path, worktreePath: worktree, branch: 'docent/job-1', baseRef: 'main' });
    expect(git(worktree, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('docent/job-1');
    expect(await commitAll(worktree, 'Nothing')).toBe(false);
    writeFiles(worktree, { 'docs/index.md': '# Home\nMore.\n' });
    expect(await commitAll(worktree, 'Say more')).toBe(true);
    expect(await branchChanges(repository.path, 'main', 'docent/job-1')).toMatchObject({ files: ['docs/index.md'] });
    expect((await branchChanges(repository.path, 'main', 'docent/job-1')).diff).toContain('+More.');
    expect(git(repository.path, 'log', '--format=%s', 'main').trim()).toBe('Initial docs');
    expect(git(repository.path, 'log', '-1', '--format=%an <%ae>', 'docent/job-1').trim()).toBe('Docent Agent <agent@docent.invalid>');

    // After the worktree is removed the branch stays, and the worktree can be re-attached to it.
    await removeJobWorktree(repository.path, worktree);
    await ensureJobWorktree({ repositoryPath: repository.path, worktreePath: worktree, branch: 'docent/job-1', baseRef: 'main' });
    expect(git(worktree, 'log', '-1', '--format=%s').trim()).toBe('Say more');
  });

  it('initialises a repository from a folder once, on main', async () => {
    const source = track(createTemporaryFolder());
    writeFiles(source.path, { 'index.md': '# Docs\n' });
    const target = path.join(track(createTemporaryFolder()).path, 'repository');
    await initialiseRepositoryFromFolder(target, source.path);
    writeFileSync(path.join(source.path, 'later.md'), 'not imported');
    await initialiseRepositoryFromFolder(target, source.path);
    expect(await inspectRepository(target)).toEqual({ path: target, defaultBranch: 'main' });
    expect(git(target, 'ls-tree', '--name-only', 'main').trim()).toBe('index.md');
  });

  it('explains a missing folder, a folder that is not a repository, a sub-folder, and an empty repository', async () => {
    const folder = track(createTemporaryFolder());
    await expect(inspectRepository(path.join(folder.path, 'missing'))).rejects.toThrow('does not exist');
    await expect(inspectRepository(folder.path)).rejects.toThrow('is not a git repository');
    const repository = track(createTemporaryRepository({ 'docs/index.md': '# Home\n' }));
    await expect(inspectRepository(path.join(repository.path, 'docs'))).rejects.toThrow('not the top of one');
    const empty = path.join(folder.path, 'empty');
    mkdirSync(empty);
    git(empty, 'init', '--quiet');
    await expect(inspectRepository(empty)).rejects.toThrow('has no commit');
  });

  it('accepts branch, tag and commit names and refuses what git would read as options or ranges', () => {
    for (const ref of ['main', 'release/1.2', 'v1.0.0', '4b825dc642cb6eb9a060e54bf8d69288fbee4904']) expect(isSafeRefName(ref)).toBe(true);
    for (const ref of ['', '-b', '--output=x', 'main..other', 'main@{1}', 'a b', 'main^', 'main~2', 'x:y']) {
      expect(isSafeRefName(ref)).toBe(false);
    }
  });
});
