import { Hono } from 'hono';
import { ApiError, errorResponse } from './api-error';
import type { AppEnvironment } from './app-environment';

/** What {@link createHealthRoutes} checks for readiness. */
export interface HealthRoutesOptions {
  /** Whether the storage answers (`storage.ping`). */
  pingStorage: () => Promise<boolean>;
  /** The configured domains' ids, and whether each has its docs index. */
  domains: readonly string[];
  hasIndex: (domain: string) => boolean;
  /** How long the storage may take to answer before the server counts as not ready. Default `2000` ms. */
  storageTimeoutMilliseconds?: number;
  /** Whether shutdown has begun (then `/ready` answers 503 `draining`). Default: never. */
  isDraining?: () => boolean;
}

/** The storage's answer to a ping, or `false` when it failed or took longer than `milliseconds`. */
async function pingWithin(ping: () => Promise<boolean>, milliseconds: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), milliseconds)));
  try {
    return await Promise.race([ping().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /health` and `GET /ready`, without a key (they say nothing about the docs or the data):
 *
 * - `/health` is liveness: 200 `{"status":"ok"}` as long as the process answers at all. It never
 *   touches the storage, so a slow database cannot get a healthy process restarted.
 * - `/ready` is readiness: 200 `{"status":"ready"}` when the storage answers (within 2 s) and
 *   every domain's docs index is loaded; otherwise 503 `not_ready` in the JSON error shape,
 *   naming what is missing, so a load balancer sends no traffic yet. Once shutdown has begun it
 *   answers 503 `draining`, so a load balancer sends new requests elsewhere while the answers in
 *   flight finish.
 */
export function createHealthRoutes(options: HealthRoutesOptions): Hono<AppEnvironment> {
  const routes = new Hono<AppEnvironment>();
  const timeout = options.storageTimeoutMilliseconds ?? 2_000;
  routes.get('/health', (context) => context.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }));
  routes.get('/ready', async (context) => {
    if (options.isDraining?.()) {
      return errorResponse(
        context,
        new ApiError(503, 'draining', 'Draining: this server is shutting down and takes no new work; send requests to another instance.', {
          headers: { 'cache-control': 'no-store' },
        }),
      );
    }
    const problems: string[] = [];
    const unindexed = options.domains.filter((domain) => !options.hasIndex(domain));
    if (unindexed.length > 0) problems.push(`the docs index of ${unindexed.map((domain) => `"${domain}"`).join(', ')} is not loaded`);
    if (!(await pingWithin(options.pingStorage, timeout))) problems.push(`the storage did not answer within ${timeout} ms (check the database)`);
    if (problems.length > 0) {
      return errorResponse(context, new ApiError(503, 'not_ready', `Not ready: ${problems.join('; ')}.`, { headers: { 'Retry-After': '5', 'cache-control': 'no-store' } }));
    }
    return context.json({ status: 'ready' }, 200, { 'cache-control': 'no-store' });
  });
  return routes;
}
