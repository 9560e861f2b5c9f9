import type { Logger } from '../http/logger';
import type { Storage } from './storage';

const dayMilliseconds = 86_400_000;

/** What {@link startThreadPurge} needs. */
export interface ThreadPurgeOptions {
  storage: Storage;
  /** Threads not updated for this many days are deleted (config `threadRetentionDays`). */
  retentionDays: number;
  logger: Logger;
  /** Time between purges. Default: one hour. */
  intervalMilliseconds?: number;
  /** Current time in milliseconds. Default: `Date.now`. */
  clock?: () => number;
}

/** A running purge; `stop` ends it and resolves once a purge in progress has finished. */
export interface ThreadPurge {
  /** Runs one purge now (what the timer does); resolves with the threads deleted, `undefined` when another instance was purging. */
  runOnce(): Promise<number | undefined>;
  stop(): Promise<void>;
}

/**
 * Deletes threads past their retention now and then on a timer that never keeps the process
 * alive. With many instances on one database only one purges at a time (`storage.exclusively`).
 */
export function startThreadPurge(options: ThreadPurgeOptions): ThreadPurge {
  const clock = options.clock ?? Date.now;
  let current: Promise<number | undefined> = Promise.resolve(undefined);
  const runOnce = () =>
    (current = current.catch(() => undefined).then(async () => {
      const cutoff = clock() - options.retentionDays * dayMilliseconds;
      const deleted = await options.storage.exclusively('thread-purge', () => options.storage.threads.purgeThreads(cutoff));
      if (deleted) options.logger.info({ event: 'threads_purged', deleted, retentionDays: options.retentionDays });
      return deleted;
    }));
  const purgeLogged = () =>
    void runOnce().catch((error: unknown) =>
      options.logger.error({ event: 'thread_purge_failed', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
    );
  purgeLogged();
  const timer = setInterval(purgeLogged, options.intervalMilliseconds ?? 3_600_000);
  timer.unref();
  return {
    runOnce,
    stop: async () => {
      clearInterval(timer);
      await current.catch(() => undefined);
    },
  };
}
