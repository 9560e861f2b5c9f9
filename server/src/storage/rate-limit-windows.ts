/* Rate-limit counters' shared rules: windows, rules, decisions (both engines use them). */

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

/** What `RateLimitStorage.consume` decided. */
export interface RateLimitDecision {
  allowed: boolean;
  /** The counter to report: the exhausted one when refused, else the one with the fewest requests left. */
  binding: RateLimitState;
}

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

/** One rule with its current window and its count (after charging, when it was charged). */
export interface CountedRule {
  rule: RateLimitRule;
  bounds: { start: number; end: number };
  count: number;
}

/**
 * The decision for counters read after an attempt to charge them: refused when any counter is
 * past its limit (then the engine charged nothing), else allowed with the tightest counter.
 * `counted` holds each counter's value including this request when it was allowed.
 */
export function decide(counted: readonly CountedRule[], allowed: boolean): RateLimitDecision {
  if (!allowed) {
    const exhausted = counted.find((counter) => counter.count >= counter.rule.limit) ?? counted[0];
    if (!exhausted) throw new Error('consume needs at least one rate-limit rule');
    return { allowed: false, binding: { rule: exhausted.rule, remaining: 0, resetAt: exhausted.bounds.end } };
  }
  const states = counted.map(
    (counter): RateLimitState => ({ rule: counter.rule, remaining: counter.rule.limit - counter.count, resetAt: counter.bounds.end }),
  );
  const binding = states.reduce((tightest, state) =>
    state.remaining < tightest.remaining || (state.remaining === tightest.remaining && state.resetAt < tightest.resetAt)
      ? state
      : tightest,
  );
  return { allowed: true, binding };
}
