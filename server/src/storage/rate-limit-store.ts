import { applyMigrations, type DocentDatabase } from './database';

/** Length of a fixed window, aligned to the UTC calendar (an hour starts at :00, a month on the 1st). */
export type RateLimitWindow = 'hour' | 'day' | 'month';

/** One counter to charge: who is counted, against what limit, over what window. */
export interface RateLimitRule {
  /** Stable counter name, e.g. `key:<sha256 of the key>` or `ip:203.0.113.9`. Never a raw secret. */
  bucket: string;
  limit: number;
  window: RateLimitWindow;
}

/** The state of one counter after a request was counted (or refused). */
export interface RateLimitState {
  rule: RateLimitRule;
  /** Requests still allowed in this window. */
  remaining: number;
  /** When the window ends, in milliseconds since the epoch. */
  resetAt: number;
}

/** What {@link RateLimitStore.consume} decided. */
export interface RateLimitDecision {
  allowed: boolean;
  /** The counter to report: the exhausted one when refused, else the one with the fewest requests left. */
  binding: RateLimitState;
}

const migrations = [
  `CREATE TABLE rate_limit_counters (
    bucket TEXT NOT NULL,
    window_start INTEGER NOT NULL,
    window_end INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (bucket, window_start)
  )`,
  'CREATE INDEX rate_limit_counters_by_end ON rate_limit_counters (window_end)',
];

/** Start and end (ms) of the window containing `now`. */
export function windowBounds(window: RateLimitWindow, now: number): { start: number; end: number } {
  if (window === 'month') {
    const date = new Date(now);
    return {
      start: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1),
      end: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1),
    };
  }
  const length = window === 'hour' ? 3_600_000 : 86_400_000;
  const start = Math.floor(now / length) * length;
  return { start, end: start + length };
}

const pruneEveryMilliseconds = 60_000;

/**
 * Fixed-window request counters in SQLite, so limits hold across restarts. A request is
 * charged to all its counters or to none: one that is over any limit uses up nothing.
 */
export class RateLimitStore {
  readonly #database: DocentDatabase;
  #lastPrune = 0;

  /** @param database An open database; the store creates its table on first use. */
  constructor(database: DocentDatabase) {
    applyMigrations(database, 'rate-limits', migrations);
    this.#database = database;
  }

  /**
   * Counts one request against every rule, unless one of them is already exhausted.
   *
   * @param rules At least one counter to charge.
   * @param now Current time in milliseconds.
   */
  consume(rules: readonly RateLimitRule[], now: number): RateLimitDecision {
    if (rules.length === 0) throw new Error('consume needs at least one rate-limit rule');
    const read = this.#database.prepare('SELECT count FROM rate_limit_counters WHERE bucket = ? AND window_start = ?');
    const increment = this.#database.prepare(
      `INSERT INTO rate_limit_counters (bucket, window_start, window_end, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET count = count + 1`,
    );
    const decision = this.#database.transaction((): RateLimitDecision => {
      const counters = rules.map((rule) => {
        const bounds = windowBounds(rule.window, now);
        const row = read.get(rule.bucket, bounds.start) as { count: number } | undefined;
        return { rule, bounds, count: row?.count ?? 0 };
      });
      const exhausted = counters.find((counter) => counter.count >= counter.rule.limit);
      if (exhausted) {
        return { allowed: false, binding: { rule: exhausted.rule, remaining: 0, resetAt: exhausted.bounds.end } };
      }
      const states = counters.map((counter): RateLimitState => {
        increment.run(counter.rule.bucket, counter.bounds.start, counter.bounds.end);
        return { rule: counter.rule, remaining: counter.rule.limit - counter.count - 1, resetAt: counter.bounds.end };
      });
      const binding = states.reduce((tightest, state) =>
        state.remaining < tightest.remaining || (state.remaining === tightest.remaining && state.resetAt < tightest.resetAt)
          ? state
          : tightest,
      );
      return { allowed: true, binding };
    })();
    this.#prune(now);
    return decision;
  }

  // Old windows are dead weight; dropping them now and then keeps the table small.
  #prune(now: number): void {
    if (now - this.#lastPrune < pruneEveryMilliseconds) return;
    this.#lastPrune = now;
    this.#database.prepare('DELETE FROM rate_limit_counters WHERE window_end <= ?').run(now);
  }
}
