import type { LanguageModel } from 'ai';
import { Hono, type MiddlewareHandler } from 'hono';
import { createAssistantRoutes } from './assistant/routes';
import type { DocentConfig } from './config';
import { createErrorHandler, handleNotFound } from './http/api-error';
import type { AppEnvironment } from './http/app-environment';
import { KeyRegistry } from './http/auth';
import { silentLogger, type Logger } from './http/logger';
import { rateLimit } from './http/rate-limit';
import { requestLog } from './http/request-log';
import type { DocsIndex } from './retrieval/docs-index';
import type { Retriever } from './retrieval/retriever';
import type { DocentDatabase } from './storage/database';
import { RateLimitStore } from './storage/rate-limit-store';
import { ThreadStore } from './storage/thread-store';

/** The shared pieces an extension (agent routes, demo site) builds its routes from. */
export interface AppServices {
  config: DocentConfig;
  database: DocentDatabase;
  /** Every configured key; use `requireAdminKey(services.keys)` / `requireAssistantKey(services.keys)`. */
  keys: KeyRegistry;
  /** The request limits of spec section 8, ready to put after an auth middleware. */
  rateLimit: MiddlewareHandler<AppEnvironment>;
  /** The docs index of each domain, by domain id. */
  indexes: ReadonlyMap<string, DocsIndex>;
  model: LanguageModel;
  logger: Logger;
  /** Current time in milliseconds. */
  clock: () => number;
}

/**
 * A group of routes mounted after the assistant API: the agent-job endpoints
 * (`server/src/agent/routes.ts`) and the demo site (`demo/site/demo-site.ts`) plug in here.
 */
export interface AppExtension {
  /** Name for logs, e.g. `agent-jobs`. */
  name: string;
  /** Where the routes are mounted. Default: `/`. */
  path?: string;
  /** Builds the routes from the shared services. */
  create(services: AppServices): Hono<AppEnvironment> | Hono;
  /** Stops the extension's background work; called on shutdown before the database closes. */
  close?(): Promise<void> | void;
  /** Lines for the start-up summary, given the server's base URL. */
  describe?(baseUrl: string): string[];
}

/** What {@link createApp} needs. */
export interface AppDependencies {
  config: DocentConfig;
  /** The open database (see `openDatabase`); the app creates its tables in it. */
  database: DocentDatabase;
  /** The docs index of each configured domain, by domain id. */
  indexes: ReadonlyMap<string, DocsIndex>;
  /** The retriever of each domain (see `createHybridSearch`). Default: lexical search of its index. */
  retrievers?: ReadonlyMap<string, Retriever>;
  /** The answer model (see `resolveAnswerModel`). */
  model: LanguageModel;
  /** Where request lines and errors go. Default: nowhere. */
  logger?: Logger;
  /** Current time in milliseconds, for limits and timestamps. Default: `Date.now`. */
  clock?: () => number;
  /** Routes mounted after the assistant API, in order (the demo site, a catch-all, goes last). */
  extensions?: readonly AppExtension[];
}

/**
 * Builds the HTTP app: request log, the assistant endpoints
 * (`POST /discovery/v1|v2/assistant/{domain}/message`), `GET /health`, then the extensions,
 * with one JSON error shape for everything (no stack traces).
 *
 * @example
 * const app = createApp({ config, database: openDatabase(config.dataDir), indexes, model });
 * serve({ fetch: app.fetch, port: 4173 });
 */
export function createApp(dependencies: AppDependencies): Hono<AppEnvironment> {
  const logger = dependencies.logger ?? silentLogger;
  const clock = dependencies.clock ?? Date.now;
  const { config, database, indexes, model } = dependencies;
  const missing = config.domains.filter((domain) => !indexes.has(domain.id)).map((domain) => domain.id);
  if (missing.length > 0) throw new Error(`createApp needs a docs index for every domain; missing: ${missing.join(', ')}`);

  const services: AppServices = {
    config,
    database,
    keys: new KeyRegistry(config),
    rateLimit: rateLimit({ store: new RateLimitStore(database), limits: config.limits, trustProxy: config.trustProxy, clock }),
    indexes,
    model,
    logger,
    clock,
  };

  const app = new Hono<AppEnvironment>();
  app.onError(createErrorHandler(logger));
  app.notFound(handleNotFound);
  app.use('*', requestLog(logger));
  app.get('/health', (context) => context.json({ status: 'ok' }));
  app.route(
    '/',
    createAssistantRoutes({
      domains: config.domains,
      indexes,
      retrievers: dependencies.retrievers,
      model,
      threads: new ThreadStore(database, clock),
      keys: services.keys,
      rateLimit: services.rateLimit,
      logger,
    }),
  );
  // Agent-job endpoints (/v1/agent/…, /v2/agent/…) and the demo site are extensions, mounted here.
  for (const extension of dependencies.extensions ?? []) {
    app.route(extension.path ?? '/', extension.create(services) as Hono<AppEnvironment>);
  }
  return app;
}
