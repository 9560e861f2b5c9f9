import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { LimitsConfig } from '../config';
import type { RateLimitRule } from '../storage/rate-limit-windows';
import type { RateLimitStorage } from '../storage/storage';
import { ApiError } from './api-error';
import type { AppEnvironment } from './app-environment';
import type { KeyGrant } from './auth';

/**
 * Which budget a request is charged to: `messages` (a request that reaches a model: an assistant
 * question, an agent job's message) or `polls` (reading an agent job or the job list).
 */
export type RateLimitBudget = 'messages' | 'polls';

/** What the rate limiter needs. */
export interface RateLimiterOptions {
  store: RateLimitStorage;
  limits: LimitsConfig;
  /** Read the client address from `X-Forwarded-For` (only behind a proxy you run). Default: false. */
  trustProxy?: boolean;
  /** Current time in milliseconds. Default: `Date.now`. */
  clock?: () => number;
}

/**
 * The address a request came from: the socket's peer, or with `trustProxy` the first
 * `X-Forwarded-For` entry. `unknown` when neither is available (in-process requests).
 */
export function clientAddress(context: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = context.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(context).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const ruleDescriptions: Record<string, string> = {
  key: 'this key this month',
  organization: "this key's organization this hour",
  ip: 'your IP address today',
  'poll-key': 'job polling with this key this hour',
  'poll-ip': 'job polling from your IP address this hour',
};

/**
 * The counters a request is charged to: for `messages`, the three limits of spec section 8
 * (key per month, organization per hour, IP per day); for `polls`, their own key and IP
 * counters per hour, so polling a job never eats into the message quota.
 */
export function requestRules(grant: KeyGrant, address: string, limits: LimitsConfig, budget: RateLimitBudget = 'messages'): RateLimitRule[] {
  if (budget === 'polls') {
    return [
      { bucket: `poll-key:${grant.keyHash}`, limit: limits.pollsPerKeyPerHour, window: 'hour' },
      { bucket: `poll-ip:${address}`, limit: limits.pollsPerIpPerHour, window: 'hour' },
    ];
  }
  return [
    { bucket: `key:${grant.keyHash}`, limit: limits.perKeyPerMonth, window: 'month' },
    { bucket: `organization:${grant.organization}`, limit: limits.perOrganizationPerHour, window: 'hour' },
    { bucket: `ip:${address}`, limit: limits.perIpPerDay, window: 'day' },
  ];
}

/** Charges requests to their budget; see {@link createRateLimiter}. */
export interface RateLimiter {
  /**
   * Charges the request now, to `budget`, setting the `RateLimit-*` headers.
   * Call it once the body is valid, right before the model is asked.
   * @throws ApiError 429 with `Retry-After` when a limit is used up (then nothing is charged).
   */
  charge(context: Context<AppEnvironment>, budget: RateLimitBudget): Promise<void>;
  /**
   * Middleware for the agent endpoints: a read (GET, HEAD) is charged to `polls`, anything else
   * to `messages`. Runs after an auth middleware (it reads the `grant`).
   */
  middleware: MiddlewareHandler<AppEnvironment>;
}

/**
 * Counts requests against their budget (see {@link requestRules}). Every counted response
 * carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds) for the
 * tightest limit; a request over a limit gets 429 with `Retry-After` as well.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const clock = options.clock ?? Date.now;
  const charge = async (context: Context<AppEnvironment>, budget: RateLimitBudget): Promise<void> => {
    const grant = context.get('grant');
    if (!grant) throw new Error('a rate limit is charged after an auth middleware that sets the grant');
    const now = clock();
    const rules = requestRules(grant, clientAddress(context, options.trustProxy ?? false), options.limits, budget);
    const { allowed, binding } = await options.store.consume(rules, now);
    const resetSeconds = Math.max(1, Math.ceil((binding.resetAt - now) / 1000));
    context.header('RateLimit-Limit', String(binding.rule.limit));
    context.header('RateLimit-Remaining', String(binding.remaining));
    context.header('RateLimit-Reset', String(resetSeconds));
    if (!allowed) {
      const scope = binding.rule.bucket.slice(0, binding.rule.bucket.indexOf(':'));
      throw new ApiError(
        429,
        'rate_limited',
        `Too many requests for ${ruleDescriptions[scope] ?? 'this client'} (limit ${binding.rule.limit}); try again in ${resetSeconds} seconds.`,
        { headers: { 'Retry-After': String(resetSeconds) } },
      );
    }
  };
  return {
    charge,
    middleware: async (context, next) => {
      const read = context.req.method === 'GET' || context.req.method === 'HEAD';
      await charge(context, read ? 'polls' : 'messages');
      await next();
    },
  };
}
