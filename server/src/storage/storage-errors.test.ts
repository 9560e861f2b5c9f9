import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { databaseFileName } from './database';
import { openStorage } from './open-storage';
import { openSqliteStorage } from './sqlite/sqlite-storage';
import { guardStorage, StorageUnavailableError } from './storage-errors';

const cleanUps: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

test('a busy database answers 503 with Retry-After (never a 500), reported once, and works again when freed', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'docent-busy-'));
  cleanUps.push(() => rmSync(folder, { recursive: true, force: true }));
  const sqlite = openSqliteStorage({ dataDir: folder });
  cleanUps.push(() => sqlite.close());
  // Waiting 5 s for the lock is the server's default; the test need not wait that long.
  sqlite.database.pragma('busy_timeout = 50');
  const reported: unknown[] = [];
  const storage = guardStorage(sqlite, (error) => reported.push(error));
  const thread = await storage.threads.createThread({ domain: 'demo', fp: 'a' });

  // Another connection (say, someone's sqlite3 shell) holds the write lock.
  const intruder = new Database(join(folder, databaseFileName));
  cleanUps.push(() => intruder.close());
  intruder.exec('BEGIN IMMEDIATE');
  const refusal = await storage.threads
    .addMessages([{ threadId: thread.id, role: 'user', text: 'Q', currentPath: null, context: [] }])
    .catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(StorageUnavailableError);
  expect(refusal).toMatchObject({ status: 503, code: 'storage_unavailable', headers: { 'Retry-After': '2' } });
  expect(reported).toHaveLength(1);
  expect((reported[0] as { code?: string }).code).toMatch(/^SQLITE_BUSY/);

  intruder.exec('COMMIT');
  expect(await storage.threads.addMessages([{ threadId: thread.id, role: 'user', text: 'Q', currentPath: null, context: [] }])).toEqual({ messageCount: 1, byteCount: 1 });
  // Other errors are not disguised as "unavailable".
  await expect(storage.threads.addMessages([{ threadId: 'missing', role: 'user', text: 'Q', currentPath: null, context: [] }])).rejects.not.toBeInstanceOf(StorageUnavailableError);
});

test('an unreachable PostgreSQL at start-up is one line naming the address, never the password', async () => {
  const refusal = (await openStorage({ dataDir: ':memory:', databaseUrl: 'postgres://docent:secret-word@127.0.0.1:1/docent' }).catch((error: unknown) => error)) as Error;
  expect(refusal.name).toBe('StartupError');
  expect(refusal.message).toMatch(/^Cannot reach PostgreSQL at postgres:\/\/docent:\*\*\*@127\.0\.0\.1:1\/docent \(.*ECONNREFUSED.*\); start the database or fix DOCENT_DATABASE_URL/);
  expect(refusal.message).not.toContain('secret-word');
  expect(refusal.message).not.toContain('\n');
});
