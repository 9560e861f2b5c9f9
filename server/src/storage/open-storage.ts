import type { Storage } from './storage';
import { StartupError } from '../startup-error';
import { guardStorage, isUnavailable, redactedUrl } from './storage-errors';
import { openSqliteStorage } from './sqlite/sqlite-storage';

/** Where the server keeps its state, from the configuration (`database`, `dataDir`). */
export interface StorageSettings {
  /** Data folder: the SQLite file (when no `databaseUrl`) and per-instance files. */
  dataDir: string;
  /** `postgres://…` to keep threads, counters and jobs in PostgreSQL; `null` for SQLite. */
  databaseUrl: string | null;
  /** Most connections the PostgreSQL pool opens. Default: 10. */
  maxConnections?: number;
}

/** What a storage failure happened during: a request's call, or a pooled connection nobody was using. */
export type StorageFailureOrigin = 'request' | 'idle connection';

/** What {@link openStorage} reports to. */
export interface OpenStorageOptions {
  /** Current time in milliseconds (SQLite timestamps). Default: `Date.now`. */
  clock?: () => number;
  /**
   * Called when a request met a busy or unreachable database (it got a 503; `during` is
   * `'request'`), or when the database dropped an idle pooled connection (`'idle connection'`:
   * no request failed, but the database is likely going away). Default: nothing.
   */
  onUnavailable?: (error: unknown, during: StorageFailureOrigin) => void;
}

/**
 * Opens the configured storage: PostgreSQL when `databaseUrl` is set (its migrations are applied
 * first, under an advisory lock), else SQLite in the data folder (taking the data-folder lock).
 * A busy or unreachable database makes calls fail with a 503 `StorageUnavailableError`.
 *
 * @throws DataFolderLockedError when another server uses the SQLite data folder;
 *   DatabaseNewerThanCodeError when PostgreSQL holds migrations this code does not know;
 *   StartupError (one line) when PostgreSQL cannot be reached or refuses the login.
 * @example const storage = await openStorage({ dataDir: '.docent', databaseUrl: null }); … await storage.close();
 */
export async function openStorage(settings: StorageSettings, options: OpenStorageOptions = {}): Promise<Storage> {
  const report = options.onUnavailable ?? (() => undefined);
  const onUnavailable = (error: unknown) => report(error, 'request');
  if (settings.databaseUrl !== null) {
    // Loaded only when used, so SQLite deployments never load the PostgreSQL driver.
    const { openPostgresStorage } = await import('./postgres/postgres-storage');
    const url = settings.databaseUrl;
    const storage = await openPostgresStorage({ url, maxConnections: settings.maxConnections, clock: options.clock, onPoolError: (error) => report(error, 'idle connection') }).catch(
      (error: unknown) => {
        if (!isUnavailable(error) && (error as { code?: string }).code !== '28P01' && (error as { code?: string }).code !== '3D000') throw error;
        const reason = error instanceof Error ? error.message : String(error);
        throw new StartupError(
          `Cannot reach PostgreSQL at ${redactedUrl(url)} (${reason}); start the database or fix DOCENT_DATABASE_URL (database.url in docent.config.json).`,
        );
      },
    );
    return guardStorage(storage, onUnavailable);
  }
  return guardStorage(openSqliteStorage({ dataDir: settings.dataDir, clock: options.clock }), onUnavailable);
}
