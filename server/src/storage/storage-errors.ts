import { ApiError } from '../http/api-error';
import type { Storage } from './storage';

/**
 * The database cannot serve right now (SQLite busy past its timeout, PostgreSQL unreachable or
 * out of connections): the request gets 503 with `Retry-After`, never a 500.
 */
export class StorageUnavailableError extends ApiError {
  constructor(cause: unknown) {
    super(503, 'storage_unavailable', 'The server cannot reach its database right now; retry in a few seconds.', {
      headers: { 'Retry-After': '2' },
    });
    this.cause = cause;
  }
}

const sqliteBusyCodes = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED']);
// PostgreSQL: connection failures (class 08), too many connections, shutting down, and node's socket errors.
const postgresUnavailableCodes = new Set(['53300', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/** Whether an engine's error means "busy or unreachable, try again" rather than a bug. */
export function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (sqliteBusyCodes.has(code) || postgresUnavailableCodes.has(code) || code.startsWith('08'))) return true;
  const message = error instanceof Error ? error.message : '';
  // node-postgres reports pool and connection timeouts without a code.
  return /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

function guard<T extends object>(target: T, onUnavailable: (error: unknown) => void): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return async (...parameters: unknown[]) => {
        try {
          return await (value as (...values: unknown[]) => unknown).apply(object, parameters);
        } catch (error) {
          if (error instanceof StorageUnavailableError || !isUnavailable(error)) throw error;
          onUnavailable(error);
          throw new StorageUnavailableError(error);
        }
      };
    },
  });
}

/**
 * The storage with every threads/counters/jobs/pull-requests call turning "database busy or unreachable"
 * into a {@link StorageUnavailableError} (503), reported once per failure to `onUnavailable`.
 */
export function guardStorage<S extends Storage>(storage: S, onUnavailable: (error: unknown) => void): S {
  return {
    ...storage,
    threads: guard(storage.threads, onUnavailable),
    rateLimits: guard(storage.rateLimits, onUnavailable),
    jobs: guard(storage.jobs, onUnavailable),
    pullRequests: guard(storage.pullRequests, onUnavailable),
  };
}

/** A connection URL without its password, for printing. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured database';
  }
}
