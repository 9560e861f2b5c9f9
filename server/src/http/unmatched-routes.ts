import type { NotFoundHandler } from 'hono';
import { PatternRouter } from 'hono/router/pattern-router';
import { ApiError, errorResponse } from './api-error';

/** A registered route as Hono lists it in `app.routes`. */
export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * Hono `notFound` handler for the whole app: a path served with other methods gets a JSON 405
 * with `Allow`; any other path a JSON 404 naming it.
 *
 * @param routes The app's routes (`() => app.routes`), read on the first unmatched request,
 *   once every route is mounted. Middleware (method `ALL`) does not make a path known.
 */
export function createNotFoundHandler(routes: () => readonly RegisteredRoute[]): NotFoundHandler {
  let router: PatternRouter<string> | undefined;
  const allowedMethods = (path: string): string[] => {
    if (!router) {
      router = new PatternRouter<string>();
      // Registered under every method, with the route's own method as the value to collect.
      for (const route of routes()) if (route.method !== 'ALL') router.add('ALL', route.path, route.method);
    }
    const [matches] = router.match('GET', path);
    const methods = new Set(matches.map(([method]) => method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
  return (context) => {
    const methods = allowedMethods(context.req.path);
    if (methods.length > 0 && !methods.includes(context.req.method)) {
      const allow = methods.join(', ');
      return errorResponse(
        context,
        new ApiError(405, 'method_not_allowed', `${context.req.path} does not accept ${context.req.method}; use ${allow}.`, { headers: { Allow: allow } }),
      );
    }
    return errorResponse(
      context,
      new ApiError(404, 'not_found', `No endpoint at ${context.req.method} ${context.req.path}; see the API reference for the paths this server serves.`),
    );
  };
}
