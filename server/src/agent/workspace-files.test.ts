import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTemporaryFolder, createTemporaryRepository, writeFiles, type TemporaryFolder } from './testing/temporary-repository';
import { createWorkspaceFiles, WorkspacePathError, type WorkspaceFiles } from './workspace-files';

let root: TemporaryFolder;
let outside: TemporaryFolder;
let files: WorkspaceFiles;

beforeEach(async () => {
  root = createTemporaryFolder();
  outside = createTemporaryFolder();
  writeFiles(root.path, {
    'docs/index.md': '# Home\nInstall Docent here.\n',
    'docs/guide/theme.md': '# Theme\nSet the accent colour.\n',
    '.git': 'gitdir: /somewhere/else\n',
  });
  writeFileSync(path.join(outside.path, 'secret.txt'), 'outside secret');
  files = await createWorkspaceFiles(root.path);
});

afterEach(() => {
  root.remove();
  outside.remove();
});

describe('workspace files', () => {
  it('lists, reads, searches and writes inside the worktree', async () => {
    expect(await files.list()).toEqual({ files: ['docs/guide/theme.md', 'docs/index.md'], truncated: false });
    expect(await files.list('docs/guide')).toEqual({ files: ['docs/guide/theme.md'], truncated: false });
    expect(await files.read('docs/index.md')).toEqual({ content: '# Home\nInstall Docent here.\n', truncated: false });
    expect(await files.search('INSTALL')).toEqual({
      matches: [{ path: 'docs/index.md', line: 2, text: 'Install Docent here.' }],
      truncated: false,
    });
    expect(await files.write('docs/new/page.md', '# New\n')).toEqual({ created: true });
    expect(await files.write('docs/index.md', '# Home\n')).toEqual({ created: false });
    expect(readFileSync(path.join(root.path, 'docs/new/page.md'), 'utf8')).toBe('# New\n');
  });

  it.each([
    ['../outside.md', 'contains ".."'],
    ['docs/../../outside.md', 'contains ".."'],
    ['/etc/passwd', 'is absolute'],
    ['C:\\Windows\\win.ini', 'is absolute'],
    ['.git/config', 'inside .git'],
    ['docs/.GIT/hooks/pre-commit', 'inside .git'],
  ])('refuses %s', async (requested, reason) => {
    await expect(files.read(requested)).rejects.toThrow(reason);
    await expect(files.write(requested, 'x')).rejects.toThrow(WorkspacePathError);
  });

  it('refuses symbolic links that lead outside, for reading and for writing', async () => {
    symlinkSync(path.join(outside.path, 'secret.txt'), path.join(root.path, 'docs/link.txt'));
    symlinkSync(outside.path, path.join(root.path, 'docs/out'));
    await expect(files.read('docs/link.txt')).rejects.toThrow('leads outside');
    await expect(files.read('docs/out/secret.txt')).rejects.toThrow('leads outside');
    await expect(files.write('docs/out/new.txt', 'x')).rejects.toThrow('leads outside');
    await expect(files.write('docs/out/deeper/new.txt', 'x')).rejects.toThrow('leads outside');
    await expect(files.write('docs/link.txt', 'x')).rejects.toThrow('symbolic link');
    await expect(files.list('docs/out')).rejects.toThrow('leads outside');
    expect(readFileSync(path.join(outside.path, 'secret.txt'), 'utf8')).toBe('outside secret');
    // Listing and searching never follow links out of the worktree.
    expect((await files.list()).files).not.toContain('docs/out/secret.txt');
    expect((await files.search('secret')).matches).toEqual([]);
  });

  it('follows symbolic links that stay inside', async () => {
    mkdirSync(path.join(root.path, 'shared'));
    symlinkSync(path.join(root.path, 'docs/index.md'), path.join(root.path, 'shared/home.md'));
    expect((await files.read('shared/home.md')).content).toContain('# Home');
  });

  it('explains a missing file or a folder given as a file', async () => {
    await expect(files.read('docs/missing.md')).rejects.toThrow('does not exist');
    await expect(files.read('docs')).rejects.toThrow('is a folder');
    await expect(files.write('docs', 'x')).rejects.toThrow('is a folder');
    await expect(files.search('  ')).rejects.toThrow('empty');
  });
});

describe('workspace files in a real git repository', () => {
  it('refuses a symbolic link into .git, to read, list, search or write through', async () => {
    const repository = createTemporaryRepository({ 'docs/index.md': '# Home\n' });
    try {
      symlinkSync('.git', path.join(repository.path, 'gitlink'));
      symlinkSync(path.join(repository.path, '.git', 'config'), path.join(repository.path, 'docs', 'settings'));
      const sandboxed = await createWorkspaceFiles(repository.path);
      await expect(sandboxed.read('gitlink/config')).rejects.toThrow('"gitlink/config" is a symbolic link into .git');
      await expect(sandboxed.read('docs/settings')).rejects.toThrow('into .git');
      await expect(sandboxed.list('gitlink')).rejects.toThrow('into .git');
      await expect(sandboxed.search('core', 'gitlink')).rejects.toThrow('into .git');
      await expect(sandboxed.write('gitlink/hooks/pre-commit', '#!/bin/sh\n')).rejects.toThrow('into .git');
      expect((await sandboxed.search('repositoryformatversion')).matches).toEqual([]);
    } finally {
      repository.remove();
    }
  });

  it('explains file-system failures with the requested path only, never an absolute one', async () => {
    const failure = await files.write('docs/index.md/child.md', 'x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WorkspacePathError);
    expect((failure as Error).message).toBe('"docs/index.md/child.md" goes through a file as if it were a folder: check the path.');
    expect((failure as Error).message).not.toContain(root.path);
  });
});
