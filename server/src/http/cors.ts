import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { DomainConfig } from '../config';
import { ApiError } from './api-error';
import type { AppEnvironment } from './app-environment';

/** Response headers a browser client may read: the thread id, limits, deprecation notices. */
export const exposedHeaders = [
  'x-thread-id',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Deprecation',
  'Link',
];

/** True when `origin` is in the list or the list allows any (`*`). */
export function isOriginAllowed(allowedOrigins: readonly string[], origin: string): boolean {
  return allowedOrigins.includes('*') || allowedOrigins.includes(origin);
}

/**
 * CORS for the assistant endpoints, per domain: answers preflight requests and marks responses
 * readable by the domain's `allowedOrigins` (default any, since assistant keys are public),
 * allowing `Authorization` and `Content-Type`. A browser request from another origin is refused
 * with 403 before it costs anything.
 *
 * @param findDomain Looks a domain up by the `:domain` path parameter.
 */
export function assistantCors(findDomain: (id: string) => DomainConfig | undefined): MiddlewareHandler<AppEnvironment> {
  const allowedOriginsOf = (domainId: string | undefined) => findDomain(domainId ?? '')?.allowedOrigins ?? [];
  const headers = cors({
    origin: (origin, context) => {
      const allowed = allowedOriginsOf(context.req.param('domain'));
      if (allowed.includes('*')) return '*';
      return allowed.includes(origin) ? origin : null;
    },
    allowMethods: ['POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type'],
    exposeHeaders: exposedHeaders,
    maxAge: 600,
  });
  return async (context, next) => {
    const origin = context.req.header('origin');
    const domainId = context.req.param('domain');
    if (origin !== undefined && context.req.method !== 'OPTIONS' && findDomain(domainId ?? '')) {
      if (!isOriginAllowed(allowedOriginsOf(domainId), origin)) {
        throw new ApiError(
          403,
          'origin_not_allowed',
          `Requests from ${origin} are not allowed for domain "${domainId}"; add the origin to the domain's allowedOrigins.`,
        );
      }
    }
    return headers(context, next);
  };
}
