import type pg from 'pg';
import { decide, windowBounds, type CountedRule, type RateLimitDecision, type RateLimitRule } from '../rate-limit-windows';
import type { RateLimitStorage } from '../storage';

const pruneEveryMilliseconds = 60_000;

/**
 * Fixed-window request counters in PostgreSQL, global across instances and exact under
 * concurrency: one call of `docent_consume_rate_limits` (migration 2) upserts every counter
 * atomically and undoes them all when one passed its limit. One round trip per request.
 */
export class PostgresRateLimits implements RateLimitStorage {
  readonly #pool: pg.Pool;
  #lastPrune = 0;

  /** @param pool The storage's pool (migrations already applied). */
  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async consume(rules: readonly RateLimitRule[], now: number): Promise<RateLimitDecision> {
    if (rules.length === 0) throw new Error('consume needs at least one rate-limit rule');
    // Always lock counters in the same (name) order, so two requests never wait on each other in a cycle.
    const counters = rules
      .map((rule) => ({ rule, bounds: windowBounds(rule.window, now) }))
      .sort((first, second) => (first.rule.bucket < second.rule.bucket ? -1 : first.rule.bucket > second.rule.bucket ? 1 : 0));
    const result = await this.#pool.query<{ rule_index: number; counted: number; allowed: boolean }>(
      'SELECT rule_index, counted, allowed FROM docent_consume_rate_limits($1::text[], $2::bigint[], $3::bigint[], $4::integer[])',
      [
        counters.map((counter) => counter.rule.bucket),
        counters.map((counter) => counter.bounds.start),
        counters.map((counter) => counter.bounds.end),
        counters.map((counter) => counter.rule.limit),
      ],
    );
    const counted: CountedRule[] = counters.map((counter, index) => ({
      ...counter,
      count: Number(result.rows.find((row) => row.rule_index === index + 1)?.counted ?? 0),
    }));
    const allowed = result.rows.every((row) => row.allowed);
    this.#prune(now);
    // Report in the caller's order, so ties between equally tight counters resolve as on SQLite.
    const byBucket = new Map(counted.map((counter) => [counter.rule.bucket, counter]));
    return decide(
      rules.map((rule) => byBucket.get(rule.bucket) as CountedRule),
      allowed,
    );
  }

  // Old windows are dead weight; one instance or another drops them now and then.
  #prune(now: number): void {
    if (now - this.#lastPrune < pruneEveryMilliseconds) return;
    this.#lastPrune = now;
    this.#pool.query('DELETE FROM rate_limit_counters WHERE window_end <= $1', [now]).catch(() => undefined);
  }
}
