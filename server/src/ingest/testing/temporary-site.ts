import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Folders of files written for one test each, removed after every test of the file that calls
 * this (register it at the top of a `describe` or of the file).
 *
 * @example const site = temporarySites(); const root = await site({ 'docs/a.md': '# A' });
 */
export function temporarySites(prefix = 'docent-site-'): (files: Record<string, string>) => Promise<string> {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });
  return async (files) => {
    const folder = await mkdtemp(path.join(tmpdir(), prefix));
    made.push(folder);
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
      await writeFile(path.join(folder, name), text);
    }
    return folder;
  };
}
