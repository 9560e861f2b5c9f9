import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppExtension } from '../app';
import { loadConfig, type DocentConfig } from '../config';
import { createHttpServer } from '../http/http-server';
import { createJsonLogger, type Logger } from '../http/logger';
import { resolveAnswerModel, type ResolvedAnswerModel } from '../models/configured-model';
import type { DocsIndex } from '../retrieval/docs-index';
import { resolveEmbeddingsSettings } from '../retrieval/embeddings/embeddings-settings';
import { createHybridSearch } from '../retrieval/embeddings/hybrid-search';
import { openStorage } from '../storage/open-storage';
import { startThreadPurge } from '../storage/thread-retention';
import { startupErrorFrom } from '../startup-error';
import { buildIndexes } from './build-indexes';
import { createGracefulShutdown } from './graceful-shutdown';
import { checkParseThreads, drainPeriodFrom, portFrom } from './server-environment';
import { standardExtensions } from './standard-extensions';
import { startupSummary } from './startup-summary';

/** What {@link startServer} needs; everything has a default. */
export interface StartServerOptions {
  /** The configuration. Default: `loadConfig({ argv, environment })`. */
  config?: DocentConfig;
  /** Command-line arguments (for `--config`). Default: none. */
  argv?: readonly string[];
  /** Environment: `HOST`, `PORT`, `DOCENT_*`. Default: `process.env`. */
  environment?: NodeJS.ProcessEnv;
  /** Interface to listen on. Default: `HOST`, else `127.0.0.1`. */
  host?: string;
  /** Port; `0` picks a free one. Default: `PORT`, else `4173`. */
  port?: number;
  /** The answer model. Default: `resolveAnswerModel(environment)`. */
  model?: ResolvedAnswerModel;
  /** Where request lines and errors go. Default: JSON lines on stdout/stderr. */
  logger?: Logger;
  /** Where the start-up summary goes, line by line. Default: nowhere. */
  print?: (line: string) => void;
  /** Current time in milliseconds. Default: `Date.now`. */
  clock?: () => number;
  /** How long `close()` lets answers in flight finish before cutting them. Default: 10 000 ms. */
  shutdownGraceMilliseconds?: number;
  /**
   * How long `close()` keeps taking requests after `/ready` turned 503 `draining`, so load
   * balancers polling it stop sending traffic before the port closes. Default:
   * `DOCENT_SHUTDOWN_DRAIN_SECONDS` × 1000, else 0.
   */
  shutdownDrainMilliseconds?: number;
  /** Routes mounted after the assistant API. Default: {@link standardExtensions} (agent jobs, demo site). */
  extensions?: readonly AppExtension[];
}

/** A server that is listening. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:4173`. */
  url: string;
  port: number;
  config: DocentConfig;
  /** The docs index of each domain. */
  indexes: ReadonlyMap<string, DocsIndex>;
  /** Which answer model is in use, without secrets. */
  modelDescription: string;
  /** How answers search: lexical, or hybrid with which embeddings model (without secrets). */
  searchDescription: string;
  /**
   * Settles once every domain's sections have been through their first embedding run, embedded
   * or not (answers are lexical until then); at once when embeddings are not configured.
   */
  embeddingsSettled: Promise<void>;
  /**
   * Starts draining: `/ready` answers 503 `draining` from now on (everything else is served as
   * before). `close()` begins with it; call it earlier to give load balancers time to notice.
   */
  drain(): void;
  /**
   * Drains (see `drain`; for `shutdownDrainMilliseconds` the port stays open), stops accepting
   * connections, lets answers in flight finish (up to the grace period), then closes the
   * database. Safe to call twice.
   */
  close(): Promise<void>;
}

/**
 * Loads everything and starts listening: configuration, storage, docs indexes, the answer
 * model, the app. Used by `npm start` (through the CLI in `server-cli.ts`) and by the test fixture.
 *
 * @example const server = await startServer({ port: 0 }); … await server.close();
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const environment = options.environment ?? process.env;
  const config = options.config ?? loadConfig({ argv: options.argv ?? [], environment });
  const host = options.host ?? (environment.HOST?.trim() || '127.0.0.1');
  const port = options.port ?? portFrom(environment.PORT) ?? 4173;
  const logger = options.logger ?? createJsonLogger();
  const grace = options.shutdownGraceMilliseconds ?? 10_000;
  const drainPeriod = options.shutdownDrainMilliseconds ?? drainPeriodFrom(environment.DOCENT_SHUTDOWN_DRAIN_SECONDS) ?? 0;
  checkParseThreads(environment.DOCENT_PARSE_THREADS);
  let draining = false;
  const model = options.model ?? resolveAnswerModel(environment);
  const embeddings = resolveEmbeddingsSettings(environment);
  // First, so a second server on the same data folder stops at once, before indexing anything.
  const storage = await openStorage(
    { dataDir: config.dataDir, databaseUrl: config.database.url, maxConnections: config.database.maxConnections },
    { clock: options.clock, onUnavailable: (error, during) => logger.error({ event: 'storage_unavailable', during, error: describeError(error) }) },
  ).catch((error: unknown) => {
    // A read-only, full or misplaced data folder is the operator's to fix: say how, in one line.
    throw startupErrorFrom(error, { dataDir: config.dataDir }) ?? error;
  });
  let indexes: Map<string, DocsIndex>;
  try {
    indexes = await buildIndexes(config);
  } catch (error) {
    await storage.close();
    throw startupErrorFrom(error, { dataDir: config.dataDir }) ?? error;
  }
  // DOCENT_EMBEDDINGS_*: sections are embedded in the background once the server listens.
  const search = createHybridSearch({ indexes, settings: embeddings, dataDir: config.dataDir, logger });
  const extensions = options.extensions ?? standardExtensions(config, environment);

  let server: Server;
  // Links (`prLink`) use the configured publicUrl; without one, the address bound below.
  let listeningUrl = '';
  const publicUrl = () => config.publicUrl ?? listeningUrl;
  try {
    const app = createApp({ config, storage, indexes, retrievers: search.retrievers, model: model.model, logger, clock: options.clock, extensions, publicUrl, isDraining: () => draining });
    server = await new Promise<Server>((resolve, reject) => {
      const listening = createHttpServer({ fetch: app.fetch, hostname: host });
      listening.once('error', (error) => reject(startupErrorFrom(error, { host, port, dataDir: config.dataDir }) ?? error));
      listening.listen(port, host, () => resolve(listening));
    });
  } catch (error) {
    await storage.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  listeningUrl = `http://${urlHost}:${address.port}`;
  if (config.publicUrl === null) {
    logger.info({
      event: 'public_url_default',
      url: listeningUrl,
      message: `links the server creates (prLink) use ${listeningUrl}; set publicUrl in docent.config.json or DOCENT_PUBLIC_URL to the address people reach it at`,
    });
  }

  search.start();
  // Background work that changes shared state starts only now that the port is ours.
  const purge = startThreadPurge({ storage, retentionDays: config.threadRetentionDays, logger, clock: options.clock });
  for (const extension of extensions) {
    Promise.resolve(extension.start?.()).catch((error: unknown) =>
      logger.error({ event: 'extension_start_failed', extension: extension.name, error: describeError(error) }),
    );
  }

  const shutdown = createGracefulShutdown({
    server,
    drainMilliseconds: drainPeriod,
    graceMilliseconds: grace,
    onDrain: () => {
      draining = true;
    },
    onPortClosing: () => search.close(),
    // Storage last: the purge and extensions may still write while they stop.
    onConnectionsClosed: async () => {
      await Promise.allSettled([purge.stop(), ...extensions.map(async (extension) => extension.close?.())]);
      await storage.close();
    },
  });

  const running: RunningServer = {
    url: listeningUrl,
    port: address.port,
    config,
    indexes,
    modelDescription: model.description,
    searchDescription: search.description,
    embeddingsSettled: search.ready,
    drain: shutdown.drain,
    close: shutdown.close,
  };
  for (const line of startupSummary(running, config.dataDir, extensions)) options.print?.(line);
  return running;
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
