import { mkdirSync } from 'node:fs';
import { openDatabase, type DocentDatabase } from '../database';
import type { Storage } from '../storage';
import { lockDataFolder, type DataFolderLock } from './data-folder-lock';
import { SqliteJobs } from './sqlite-jobs';
import { SqlitePullRequests } from './sqlite-pull-requests';
import { SqliteRateLimits } from './sqlite-rate-limits';
import { SqliteThreads } from './sqlite-threads';

/** What {@link openSqliteStorage} needs. */
export interface SqliteStorageOptions {
  /** The data folder (`docent.sqlite` lives there), or `':memory:'` for a throwaway database. */
  dataDir: string;
  /** Take the data-folder lock (one server per folder). Default: true for a folder. */
  lock?: boolean;
  /** Current time in milliseconds. Default: `Date.now`. */
  clock?: () => number;
}

/** The SQLite storage, with its database (for tests and tools that inspect it). */
export interface SqliteStorage extends Storage {
  readonly engine: 'sqlite';
  readonly database: DocentDatabase;
}

/**
 * Opens the embedded storage: one SQLite file in the data folder, used by this process only
 * (the data-folder lock makes sure). Claims a previous process left on agent jobs are dropped,
 * since that process is gone.
 *
 * @throws DataFolderLockedError when another server uses the folder.
 */
export function openSqliteStorage(options: SqliteStorageOptions): SqliteStorage {
  const inMemory = options.dataDir === ':memory:';
  let lock: DataFolderLock | undefined;
  if (!inMemory && options.lock !== false) {
    mkdirSync(options.dataDir, { recursive: true });
    lock = lockDataFolder(options.dataDir);
  }
  let database: DocentDatabase;
  try {
    database = openDatabase(options.dataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const clock = options.clock ?? Date.now;
  const jobs = new SqliteJobs(database, clock);
  jobs.releaseAllClaims();
  let closed = false;
  return {
    engine: 'sqlite',
    database,
    threads: new SqliteThreads(database, clock),
    rateLimits: new SqliteRateLimits(database),
    jobs,
    pullRequests: new SqlitePullRequests(database, clock),
    // One process owns the file, so nothing else can be running the task.
    exclusively: async (_name, task) => task(),
    ping: async () => {
      try {
        return database.prepare('SELECT 1').get() !== undefined;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      database.close();
      lock?.release();
    },
  };
}
