import type { LanguageModel } from 'ai';
import { Hono, type MiddlewareHandler } from 'hono';
import { AnswerAdmission } from './assistant/answer-admission';
import { createAssistantRoutes } from './assistant/routes';
import type { DocentConfig } from './config';
import { createErrorHandler } from './http/api-error';
import type { AppEnvironment } from './http/app-environment';
import { KeyRegistry } from './http/auth';
import { silentLogger, type Logger } from './http/logger';
import { createRateLimiter } from './http/rate-limit';
import { rejectedRequestBudget } from './http/rejected-requests';
import { createHealthRoutes } from './http/health';
import { requireMetricsKey, ServerMetrics, storedCountsOf } from './http/metrics';
import { requestLog } from './http/request-log';
import { createNotFoundHandler } from './http/unmatched-routes';
import type { DocsIndex } from './retrieval/docs-index';
import type { Retriever } from './retrieval/retriever';
import type { Storage } from './storage/storage';

/** The shared pieces an extension (agent routes, demo site) builds its routes from. */
export interface AppServices {
  config: DocentConfig;
  /** Threads, rate-limit counters, agent jobs and pull requests (SQLite or PostgreSQL). */
  storage: Storage;
  /** Every configured key; use `requireAdminKey(services.keys)` / `requireAssistantKey(services.keys)`. */
  keys: KeyRegistry;
  /**
   * The request limits of spec section 8, ready to put after an auth middleware: a read (GET)
   * is charged to the polling budget, anything else to the message budget.
   */
  rateLimit: MiddlewareHandler<AppEnvironment>;
  /** The docs index of each domain, by domain id. */
  indexes: ReadonlyMap<string, DocsIndex>;
  model: LanguageModel;
  logger: Logger;
  /** Current time in milliseconds. */
  clock: () => number;
  /**
   * Base of the links the server creates, e.g. `https://docs-api.example.com`: the configured
   * `publicUrl`, else the address the server listens on. Never a request's `Host` header.
   */
  publicUrl: () => string;
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
  /** Starts the extension's background work (e.g. resuming agent jobs); called once the server listens. */
  start?(): Promise<void> | void;
  /** Stops the extension's background work; called on shutdown before the database closes. */
  close?(): Promise<void> | void;
  /** Lines for the start-up summary, given the server's base URL. */
  describe?(baseUrl: string): string[];
}

/** What {@link createApp} needs. */
export interface AppDependencies {
  config: DocentConfig;
  /** Threads, rate-limit counters, agent jobs and pull requests (see `openStorage`). */
  storage: Storage;
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
  /**
   * Base of the links the server creates (see {@link AppServices.publicUrl}); asked when a link
   * is made, so it can name the address the server ends up listening on.
   * Default: `config.publicUrl`, else `http://127.0.0.1`.
   */
  publicUrl?: () => string;
  /** Whether shutdown has begun: `/ready` then answers 503 `draining`. Default: never. */
  isDraining?: () => boolean;
}

/**
 * Builds the HTTP app: request log, the assistant endpoints
 * (`POST /discovery/v1|v2/assistant/{domain}/message`), `GET /health`, then the extensions,
 * with one JSON error shape for everything (no stack traces).
 *
 * @example
 * const storage = await openStorage({ dataDir: config.dataDir, databaseUrl: config.database.url });
 * const app = createApp({ config, storage, indexes, model });
 * serve({ fetch: app.fetch, port: 4173 });
 */
export function createApp(dependencies: AppDependencies): Hono<AppEnvironment> {
  const logger = dependencies.logger ?? silentLogger;
  const clock = dependencies.clock ?? Date.now;
  const { config, storage, indexes, model } = dependencies;
  const missing = config.domains.filter((domain) => !indexes.has(domain.id)).map((domain) => domain.id);
  if (missing.length > 0) throw new Error(`createApp needs a docs index for every domain; missing: ${missing.join(', ')}`);

  const rateLimiter = createRateLimiter({ store: storage.rateLimits, limits: config.limits, trustProxy: config.trustProxy, clock });
  const services: AppServices = {
    config,
    storage,
    keys: new KeyRegistry(config),
    rateLimit: rateLimiter.middleware,
    indexes,
    model,
    logger,
    clock,
    publicUrl: dependencies.publicUrl ?? (() => config.publicUrl ?? 'http://127.0.0.1'),
  };

  const metrics: ServerMetrics = new ServerMetrics({
    answersInProgress: (): number => admission.inProgress,
    storedCounts: () => storedCountsOf(storage),
  });
  const admission: AnswerAdmission = new AnswerAdmission({ maxConcurrentAnswers: config.limits.maxConcurrentAnswers, observer: metrics.admission });

  const app = new Hono<AppEnvironment>();
  app.onError(createErrorHandler(logger));
  app.notFound(createNotFoundHandler(() => app.routes));
  app.use('*', requestLog(logger));
  app.use('*', metrics.countRequests);
  // Before everything else: an address that keeps sending bad requests is refused cheaply.
  app.use('*', rejectedRequestBudget({ perIpPerMinute: config.limits.rejectedPerIpPerMinute, trustProxy: config.trustProxy, clock }));
  app.route('/', createHealthRoutes({ pingStorage: () => storage.ping(), domains: config.domains.map((domain) => domain.id), hasIndex: (domain) => indexes.has(domain), isDraining: dependencies.isDraining }));
  // /metrics needs an admin key (Bearer): the figures describe every domain's traffic.
  app.get('/metrics', requireMetricsKey(services.keys), metrics.handler);
  app.route(
    '/',
    createAssistantRoutes({
      domains: config.domains,
      indexes,
      retrievers: dependencies.retrievers,
      model,
      threads: storage.threads,
      threadLimits: config.threadLimits,
      keys: services.keys,
      rateLimiter,
      limits: config.limits,
      logger,
      admission,
      answerObserver: metrics.answers,
    }),
  );
  // Agent-job endpoints (/v1/agent/…, /v2/agent/…) and the demo site are extensions, mounted here.
  for (const extension of dependencies.extensions ?? []) {
    app.route(extension.path ?? '/', extension.create(services) as Hono<AppEnvironment>);
  }
  return app;
}
