import { applyMigrations, type DocentDatabase } from '../database';
import { decide, windowBounds, type CountedRule, type RateLimitDecision, type RateLimitRule } from '../rate-limit-windows';
import type { RateLimitStorage } from '../storage';

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

const pruneEveryMilliseconds = 60_000;

/**
 * Fixed-window request counters in SQLite (see {@link RateLimitStorage}). One process uses the
 * file, and a synchronous transaction cannot interleave with another request, so read, check
 * and increment are exact.
 */
export class SqliteRateLimits implements RateLimitStorage {
  readonly #database: DocentDatabase;
  #lastPrune = 0;

  /** @param database An open database; the table is created here (module `rate-limits`). */
  constructor(database: DocentDatabase) {
    applyMigrations(database, 'rate-limits', migrations);
    this.#database = database;
  }

  async consume(rules: readonly RateLimitRule[], now: number): Promise<RateLimitDecision> {
    if (rules.length === 0) throw new Error('consume needs at least one rate-limit rule');
    const read = this.#database.prepare('SELECT count FROM rate_limit_counters WHERE bucket = ? AND window_start = ?');
    const increment = this.#database.prepare(
      `INSERT INTO rate_limit_counters (bucket, window_start, window_end, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET count = count + 1`,
    );
    const decision = this.#database.transaction((): RateLimitDecision => {
      const counters: CountedRule[] = rules.map((rule) => {
        const bounds = windowBounds(rule.window, now);
        const row = read.get(rule.bucket, bounds.start) as { count: number } | undefined;
        return { rule, bounds, count: row?.count ?? 0 };
      });
      if (counters.some((counter) => counter.count >= counter.rule.limit)) return decide(counters, false);
      for (const counter of counters) increment.run(counter.rule.bucket, counter.bounds.start, counter.bounds.end);
      return decide(
        counters.map((counter) => ({ ...counter, count: counter.count + 1 })),
        true,
      );
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
