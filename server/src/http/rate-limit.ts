import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { LimitsConfig } from '../config';
import type { RateLimitRule, RateLimitStore } from '../storage/rate-limit-store';
import { ApiError } from './api-error';
import type { AppEnvironment } from './app-environment';
import type { KeyGrant } from './auth';

/** What the rate limiter needs. */
export interface RateLimiterOptions {
  store: RateLimitStore;
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
};

/** The three limits of spec section 8, for the holder of `grant` calling from `address`. */
export function requestRules(grant: KeyGrant, address: string, limits: LimitsConfig): RateLimitRule[] {
  return [
    { bucket: `key:${grant.keyHash}`, limit: limits.perKeyPerMonth, window: 'month' },
    { bucket: `organization:${grant.organization}`, limit: limits.perOrganizationPerHour, window: 'hour' },
    { bucket: `ip:${address}`, limit: limits.perIpPerDay, window: 'day' },
  ];
}

/**
 * Middleware counting each request against its key (per month), its organization (per hour)
 * and its client IP (per day). Runs after an auth middleware (it reads the `grant`), so it
 * serves the assistant and agent endpoints alike. Every counted response carries
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds) for the tightest
 * limit; a request over a limit gets 429 with `Retry-After` as well.
 */
export function rateLimit(options: RateLimiterOptions): MiddlewareHandler<AppEnvironment> {
  const clock = options.clock ?? Date.now;
  return async (context, next) => {
    const grant = context.get('grant');
    if (!grant) throw new Error('rateLimit must run after an auth middleware that sets the grant');
    const now = clock();
    const rules = requestRules(grant, clientAddress(context, options.trustProxy ?? false), options.limits);
    const { allowed, binding } = options.store.consume(rules, now);
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
    await next();
  };
}
