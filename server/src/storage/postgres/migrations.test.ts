import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { DatabaseNewerThanCodeError, postgresMigrations } from './migrations';
import { openPostgresStorage } from './postgres-storage';

const databases: TestDatabase[] = [];
async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}
afterEach(async () => {
  for (const database of databases.splice(0)) await database.drop();
});

async function appliedVersions(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ version: number }>('SELECT version FROM docent_schema_migrations ORDER BY version');
    return result.rows.map((row) => row.version);
  } finally {
    await client.end();
  }
}

const allVersions = postgresMigrations.map((migration) => migration.version);

describe('PostgreSQL migrations', () => {
  test('instances starting at once migrate once, and all of them work', async () => {
    const { url } = await freshDatabase();
    const storages = await Promise.all([1, 2, 3].map(() => openPostgresStorage({ url, maxConnections: 2 })));
    try {
      expect(await appliedVersions(url)).toEqual(allVersions);
      for (const storage of storages) expect(await storage.ping()).toBe(true);
      const thread = await storages[0]!.threads.createThread({ domain: 'demo', fp: 'a' });
      expect(await storages[2]!.threads.findThread(thread.id)).toEqual(thread);
    } finally {
      await Promise.all(storages.map((storage) => storage.close()));
    }
  });

  test('a database newer than the code is refused with one line saying what to do', async () => {
    const { url } = await freshDatabase();
    await (await openPostgresStorage({ url })).close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`INSERT INTO docent_schema_migrations (version, name) VALUES (999, 'from the future')`);
    await client.end();
    const refusal = await openPostgresStorage({ url }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DatabaseNewerThanCodeError);
    expect((refusal as Error).message).toMatch(/^The PostgreSQL database is at schema version 999, newer than this Docent server knows \(\d+\); upgrade docent-server/);
  });

  test('`docent-server migrate` applies the migrations by hand, then finds nothing to do; it never prints the password', async () => {
    const { url } = await freshDatabase();
    const withPassword = url.replace('postgres://postgres@', 'postgres://postgres:secret-word@');
    const bin = fileURLToPath(new URL('../../../bin/docent-server.js', import.meta.url));
    const run = () =>
      promisify(execFile)(process.execPath, [bin, 'migrate'], { env: { ...process.env, DOCENT_DATABASE_URL: withPassword, DOCENT_CONFIG: '' } });
    const first = await run();
    expect(first.stdout.trim()).toMatch(new RegExp(`applied migrations ${allVersions.join(', ')}; now at schema version ${allVersions.at(-1)}\\.$`));
    expect(first.stdout).not.toContain('secret-word');
    expect((await run()).stdout.trim()).toMatch(/is up to date \(schema version \d+\)\.$/);
    expect(await appliedVersions(url)).toEqual(allVersions);
  }, 60_000);
});
