import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error';
import type { AppEnvironment } from './app-environment';
import { clientAddress } from './rate-limit';

/** What {@link rejectedRequestBudget} needs. */
export interface RejectedRequestBudgetOptions {
  /** Rejected requests (4xx answers other than 429) one client IP may send per minute. */
  perIpPerMinute: number;
  /** Read the client address from `X-Forwarded-For` (only behind a proxy you run). Default: false. */
  trustProxy?: boolean;
  /** Current time in milliseconds. Default: `Date.now`. */
  clock?: () => number;
  /**
   * Most client addresses counted in one minute; past it, new addresses go uncounted until the
   * next minute, so a spread of spoofed sources cannot grow memory. Default: 100 000.
   */
  maximumAddresses?: number;
}

const minuteMilliseconds = 60_000;

/**
 * Middleware giving each client IP a small, cheap budget of rejected requests (bad JSON, failed
 * validation, a wrong key, an unknown path: any 4xx but 429): counted in memory, per fixed
 * minute. Once an address has used it up, its requests get 429 with `Retry-After` before
 * anything is read or charged, so a flood of garbage costs the server little and never
 * touches a key's message quota (which only valid requests are charged to). Register it
 * first, before the routes.
 *
 * @example app.use('*', rejectedRequestBudget({ perIpPerMinute: 60 }));
 */
export function rejectedRequestBudget(options: RejectedRequestBudgetOptions): MiddlewareHandler<AppEnvironment> {
  const clock = options.clock ?? Date.now;
  const maximumAddresses = options.maximumAddresses ?? 100_000;
  let windowStart = 0;
  let counts = new Map<string, number>();
  // Every count belongs to the current minute: a new minute starts them all afresh.
  const currentCounts = (now: number) => {
    const start = Math.floor(now / minuteMilliseconds) * minuteMilliseconds;
    if (start !== windowStart) {
      windowStart = start;
      counts = new Map();
    }
    return counts;
  };
  return async (context, next) => {
    const address = clientAddress(context, options.trustProxy ?? false);
    const now = clock();
    if ((currentCounts(now).get(address) ?? 0) >= options.perIpPerMinute) {
      const retryAfter = String(Math.max(1, Math.ceil((windowStart + minuteMilliseconds - now) / 1000)));
      // Any page may read this refusal: it holds no data, and a widget can then say to wait.
      if (context.req.header('origin') !== undefined) {
        context.header('Access-Control-Allow-Origin', '*');
        context.header('Access-Control-Expose-Headers', 'Retry-After');
      }
      throw new ApiError(
        429,
        'too_many_rejected_requests',
        `Too many rejected requests from your IP address this minute (limit ${options.perIpPerMinute}); fix the requests (see the earlier error messages) and try again in ${retryAfter} seconds.`,
        { headers: { 'Retry-After': retryAfter } },
      );
    }
    await next();
    const status = context.res.status;
    if (status < 400 || status >= 500 || status === 429) return;
    const current = currentCounts(clock());
    if (!current.has(address) && current.size >= maximumAddresses) return;
    current.set(address, (current.get(address) ?? 0) + 1);
  };
}
