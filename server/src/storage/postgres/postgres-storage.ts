import pg from 'pg';
import type { Storage } from '../storage';
import { applyPostgresMigrations } from './migrations';
import { PostgresJobs } from './postgres-jobs';
import { PostgresPullRequests } from './postgres-pull-requests';
import { PostgresRateLimits } from './postgres-rate-limits';
import { PostgresThreads } from './postgres-threads';

/** What {@link openPostgresStorage} needs. */
export interface PostgresStorageOptions {
  /** Connection URL, e.g. `postgres://docent@db.internal:5432/docent`. */
  url: string;
  /** Most connections in the pool. Default: 10. */
  maxConnections?: number;
  /** How long a request waits for a free connection (or a new one) before failing with 503. Default: 5 s. */
  connectionTimeoutMilliseconds?: number;
  /** Apply pending migrations first (under an advisory lock). Default: true. */
  migrate?: boolean;
  /** Current time in milliseconds. Default: `Date.now`. */
  clock?: () => number;
  /** Called with errors of idle pooled connections (the database went away). Default: nothing. */
  onPoolError?: (error: Error) => void;
}

/** The PostgreSQL storage, with its pool (for tools that count or inspect queries). */
export interface PostgresStorage extends Storage {
  readonly engine: 'postgres';
  readonly pool: pg.Pool;
}

/** Hashes a task name to the bigint key of its advisory lock, in the database (`hashtext`). */
const tryLockStatement = 'SELECT pg_try_advisory_lock(hashtext($1)) AS locked';

/**
 * Opens the PostgreSQL storage: a bounded pool, migrations applied (once across instances,
 * under an advisory lock), then threads, counters, jobs and pull requests over the pool.
 *
 * @throws DatabaseNewerThanCodeError when the database was migrated by a newer Docent;
 *   the driver's error when the database cannot be reached.
 */
export async function openPostgresStorage(options: PostgresStorageOptions): Promise<PostgresStorage> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMilliseconds ?? 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'docent-server',
  });
  // Without a listener an idle connection's error (database restarted) would crash the process.
  pool.on('error', options.onPoolError ?? (() => undefined));
  if (options.migrate !== false) {
    try {
      const client = await pool.connect();
      try {
        await applyPostgresMigrations(client);
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  const clock = options.clock ?? Date.now;
  let closing: Promise<void> | undefined;
  return {
    engine: 'postgres',
    pool,
    threads: new PostgresThreads(pool, clock),
    rateLimits: new PostgresRateLimits(pool),
    jobs: new PostgresJobs(pool, clock),
    pullRequests: new PostgresPullRequests(pool, clock),
    async exclusively(name, task) {
      // A connection of its own, outside the pool: the task's queries must not wait for the one holding the lock.
      const client = new pg.Client({ connectionString: options.url, application_name: 'docent-server' });
      client.on('error', () => undefined);
      await client.connect();
      try {
        const locked = await client.query<{ locked: boolean }>(tryLockStatement, [`docent:${name}`]);
        if (!locked.rows[0]?.locked) return undefined;
        return await task();
      } finally {
        // Ending the session releases its advisory locks.
        await client.end().catch(() => undefined);
      }
    },
    async ping() {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => (closing ??= pool.end()),
  };
}
