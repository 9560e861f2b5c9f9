import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { applyMigrations, openDatabase, type DocentDatabase } from '../database';
import { DataFolderLockedError, lockDataFolder } from './data-folder-lock';
import { openSqliteStorage } from './sqlite-storage';

const folders: string[] = [];
const databases: DocentDatabase[] = [];
const cleanUps: (() => unknown)[] = [];
function freshFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'docent-storage-'));
  folders.push(folder);
  return folder;
}
function open(folder: string): DocentDatabase {
  const database = openDatabase(folder);
  databases.push(database);
  return database;
}
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
  for (const database of databases.splice(0)) if (database.open) database.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('openDatabase and applyMigrations', () => {
  test('uses WAL and applies each module statement once, in order, across reopenings', () => {
    const folder = freshFolder();
    const first = open(folder);
    expect(first.pragma('journal_mode', { simple: true })).toBe('wal');
    applyMigrations(first, 'notes', ['CREATE TABLE notes (text TEXT)']);
    first.close();
    const second = open(folder);
    applyMigrations(second, 'notes', ['CREATE TABLE notes (text TEXT)', 'ALTER TABLE notes ADD COLUMN author TEXT']);
    second.prepare('INSERT INTO notes (text, author) VALUES (?, ?)').run('hi', 'me');
    expect(second.prepare('SELECT module, step FROM migrations ORDER BY step').all()).toEqual([
      { module: 'notes', step: 0 },
      { module: 'notes', step: 1 },
    ]);
  });

  test('refuses a database migrated by a newer version, naming the module', () => {
    const database = open(freshFolder());
    applyMigrations(database, 'notes', ['CREATE TABLE notes (text TEXT)', 'ALTER TABLE notes ADD COLUMN author TEXT']);
    expect(() => applyMigrations(database, 'notes', ['CREATE TABLE notes (text TEXT)'])).toThrow(/newer.*"notes"/);
  });
});

describe('SQLite storage', () => {
  test('threads written before issue 11 keep their messages, with fp moved to the thread and counts filled in', async () => {
    const folder = freshFolder();
    const before = open(folder);
    // The thread tables as released before: fp and context on every message.
    applyMigrations(before, 'threads', [
      'CREATE TABLE threads (id TEXT PRIMARY KEY, domain TEXT NOT NULL, fp TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)',
      `CREATE TABLE thread_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')), text TEXT NOT NULL, fp TEXT NOT NULL, current_path TEXT, context TEXT NOT NULL, created_at INTEGER NOT NULL)`,
      'CREATE INDEX thread_messages_by_thread ON thread_messages (thread_id, id)',
    ]);
    before.prepare(`INSERT INTO threads VALUES ('t1', 'demo', 'reader', 1, 2)`).run();
    before.prepare(`INSERT INTO thread_messages (thread_id, role, text, fp, current_path, context, created_at) VALUES ('t1', 'user', 'Qé', 'reader', '/docs/', '[{"type":"code","value":"x"}]', 1)`).run();
    before.prepare(`INSERT INTO thread_messages (thread_id, role, text, fp, current_path, context, created_at) VALUES ('t1', 'assistant', 'A', 'reader', NULL, '[]', 2)`).run();
    before.close();

    const storage = openSqliteStorage({ dataDir: folder });
    cleanUps.push(() => storage.close());
    expect(await storage.threads.findThread('t1')).toEqual({ id: 't1', domain: 'demo', fp: 'reader', createdAt: 1, updatedAt: 2, messageCount: 2, byteCount: 4 });
    expect(await storage.threads.recentMessages('t1', { maxMessages: 10, maxBytes: 1_000 })).toEqual([
      { role: 'user', text: 'Qé', currentPath: '/docs/', context: [{ type: 'code', value: 'x' }], createdAt: 1 },
      { role: 'assistant', text: 'A', currentPath: null, context: [], createdAt: 2 },
    ]);
    const columns = storage.database.prepare('SELECT name FROM pragma_table_info(?)').all('thread_messages') as { name: string }[];
    expect(columns.map((column) => column.name)).not.toContain('fp');
    expect(storage.database.prepare('SELECT context FROM thread_messages ORDER BY id').all()).toEqual([
      { context: '[{"type":"code","value":"x"}]' },
      { context: null },
    ]);
  });

  test('keeps threads, counters and jobs across a reopen', async () => {
    const folder = freshFolder();
    const first = openSqliteStorage({ dataDir: folder });
    const thread = await first.threads.createThread({ domain: 'demo', fp: 'a' });
    await first.rateLimits.consume([{ bucket: 'ip:1', limit: 2, window: 'day' }], 0);
    await first.close();
    const second = openSqliteStorage({ dataDir: folder });
    cleanUps.push(() => second.close());
    expect(await second.threads.findThread(thread.id)).toEqual(thread);
    expect((await second.rateLimits.consume([{ bucket: 'ip:1', limit: 2, window: 'day' }], 0)).binding.remaining).toBe(0);
  });
});

describe('the data-folder lock', () => {
  /** Another process holding the folder's lock, as a second server would; resolves once it holds it. */
  function holdInChild(folder: string) {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '-e', `import('${join(import.meta.dirname, 'data-folder-lock.ts')}').then((lock) => { lock.lockDataFolder(${JSON.stringify(folder)}); console.log('held'); setInterval(() => {}, 1000); })`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    cleanUps.push(() => child.kill('SIGKILL'));
    const held = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve());
      child.once('exit', (code) => reject(new Error(`the child exited (${code}) before holding the lock`)));
    });
    return { child, held };
  }

  test('a second server on the folder gets one line naming the folder and the holder; kill -9 of the holder frees it', async () => {
    const folder = freshFolder();
    const { child, held } = holdInChild(folder);
    await held;
    let refusal: unknown;
    try {
      openSqliteStorage({ dataDir: folder });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataFolderLockedError);
    const message = (refusal as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain(folder);
    expect(message).toContain(`process ${child.pid}`);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const lock = lockDataFolder(folder);
    lock.release();
  }, 30_000);

  test('the lock is released on close, so the next server can start', async () => {
    const folder = freshFolder();
    await openSqliteStorage({ dataDir: folder }).close();
    const again = openSqliteStorage({ dataDir: folder });
    expect(() => lockDataFolder(folder)).toThrow(DataFolderLockedError);
    await again.close();
  });
});
