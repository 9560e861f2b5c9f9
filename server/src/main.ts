import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDemoSite } from '../../demo/site/demo-site';
import { createAgentJobsExtension } from './agent/agent-jobs-extension';
import { resolveAgentModel } from './agent/agent-model';
import { createApp, type AppExtension } from './app';
import { ConfigError, loadConfig, type DocentConfig, type DomainConfig } from './config';
import { startupErrorFrom, startupFailureLine } from './startup-error';
import { createHttpServer } from './http/http-server';
import { createJsonLogger, type Logger } from './http/logger';
import { resolveAnswerModel, type ResolvedAnswerModel } from './models/configured-model';
import { loadDocsIndex, type DocsIndex, type LoadDocsIndexOptions } from './retrieval/docs-index';
import { resolveEmbeddingsSettings } from './retrieval/embeddings/embeddings-settings';
import { createHybridSearch } from './retrieval/embeddings/hybrid-search';
import { runMigrateCommand } from './storage/migrate-command';
import { openStorage } from './storage/open-storage';
import { startThreadPurge } from './storage/thread-retention';

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

/** Reads `PORT`: a whole number from 0 to 65535. */
function portFrom(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not ${JSON.stringify(value)}`);
  }
  return port;
}

/** `DOCENT_SHUTDOWN_DRAIN_SECONDS` in milliseconds, if set. */
function drainPeriodFrom(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 3_600) {
    throw new ConfigError(`DOCENT_SHUTDOWN_DRAIN_SECONDS must be a number of seconds from 0 to 3600, not ${JSON.stringify(value)}`);
  }
  return Math.round(seconds * 1_000);
}

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The demo documentation site (`demo/site`) for one domain, mounted at `/`: its pages under
 * `/docs/`, each with the built widget (`dist/docent.js`) embedded by its script tag and wired to
 * that domain with its first assistant key.
 */
export function demoSiteExtension(domain: DomainConfig, widgetScript = join(projectRoot, 'dist', 'docent.js')): AppExtension {
  return {
    name: 'demo-site',
    create: () =>
      createDemoSite({
        docsFolder: domain.docs,
        widgetScript,
        assistant: { domain: domain.id, apiKey: domain.assistantKeys[0] ?? '' },
      }),
    describe: (baseUrl) => [`  demo site: ${baseUrl}/docs/ (domain "${domain.id}")`],
  };
}

/**
 * What `npm start` serves besides the assistant API: the agent-job endpoints (on the model
 * `DOCENT_MODEL_BASE_URL` / `DOCENT_MODEL` name, if any) and the demo site for the first domain.
 */
export function standardExtensions(config: DocentConfig, environment: NodeJS.ProcessEnv): AppExtension[] {
  const agentModel = resolveAgentModel(environment);
  const agentJobs = createAgentJobsExtension({ agentModel });
  const extensions: AppExtension[] = [
    {
      name: agentJobs.name,
      create: (services) => agentJobs.create(services),
      // Resumes jobs a stop left active and keeps taking over jobs whose instance died.
      start: () => agentJobs.start?.(),
      close: () => agentJobs.close(),
      describe: (baseUrl) => [
        `  agent jobs: ${baseUrl}/v2/agent/{projectId}/job… (${
          agentModel ? `model ${agentModel.defaultModelId}` : 'no agent model: set DOCENT_MODEL_BASE_URL and DOCENT_MODEL to run jobs'
        })`,
      ],
    },
  ];
  const firstDomain = config.domains[0];
  if (firstDomain) extensions.push(demoSiteExtension(firstDomain));
  return extensions;
}

/** How a domain's docs are read: its dialect settings, and the parse cache in the data folder. */
function ingestOptionsOf(domain: DomainConfig, cacheFolder: string): LoadDocsIndexOptions {
  const options: LoadDocsIndexOptions = { generator: domain.generator ?? 'auto', cacheFolder };
  if (domain.pathPrefix !== undefined) options.pathPrefix = domain.pathPrefix;
  if (domain.siteUrl !== undefined) options.siteUrl = domain.siteUrl;
  if (domain.sitemap !== undefined) options.sitemap = domain.sitemap;
  if (domain.cleanUrls !== undefined) options.cleanUrls = domain.cleanUrls;
  if (domain.defaultLocale !== undefined) options.defaultLocale = domain.defaultLocale;
  return options;
}

/** Indexes every domain's docs folder, each read in its generator's dialect (see `ingestDocs`). */
export async function buildIndexes(config: DocentConfig): Promise<Map<string, DocsIndex>> {
  const entries = await Promise.all(
    config.domains.map(
      async (domain) =>
        [domain.id, await loadDocsIndex(domain.docs, ingestOptionsOf(domain, join(config.dataDir, 'ingest-cache')))] as const,
    ),
  );
  return new Map(entries);
}

function summary(running: RunningServer, dataDir: string, extensions: readonly AppExtension[]): string[] {
  const lines = [`Docent is serving on ${running.url}`];
  for (const domain of running.config.domains) {
    const index = running.indexes.get(domain.id);
    lines.push(
      `  domain "${domain.id}": ${index?.pages.length ?? 0} pages, ${index?.sectionCount ?? 0} sections from ${domain.docs}`,
      `    POST ${running.url}/discovery/v2/assistant/${domain.id}/message`,
    );
  }
  if (running.config.source === null) {
    lines.push('  embedded demo configuration (no docent.config.json): assistant key svc_dsc_demo, admin key svc_demo, project demo');
  } else {
    lines.push(`  configuration: ${running.config.source}`);
  }
  for (const extension of extensions) lines.push(...(extension.describe?.(running.url) ?? []));
  lines.push(`  model: ${running.modelDescription}`, `  search: ${running.searchDescription}`, `  data: ${dataDir}`);
  lines.push(
    running.config.publicUrl === null
      ? `  links: ${running.url} (the listening address; set publicUrl or DOCENT_PUBLIC_URL to the address people reach)`
      : `  links: ${running.config.publicUrl}`,
  );
  return lines;
}

/**
 * Loads everything and starts listening: configuration, storage, docs indexes, the answer
 * model, the app. Used by `npm start` (through this file's CLI) and by the test fixture.
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
  let draining = false;
  const model = options.model ?? resolveAnswerModel(environment);
  const embeddings = resolveEmbeddingsSettings(environment);
  // First, so a second server on the same data folder stops at once, before indexing anything.
  const storage = await openStorage(
    { dataDir: config.dataDir, databaseUrl: config.database.url, maxConnections: config.database.maxConnections },
    { clock: options.clock, onUnavailable: (error) => logger.error({ event: 'storage_unavailable', error: describeError(error) }) },
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

  let closing: Promise<void> | undefined;
  const drain = () => {
    draining = true;
  };
  const close = () =>
    (closing ??= (async () => {
      drain();
      if (drainPeriod > 0) await new Promise((resolve) => setTimeout(resolve, drainPeriod));
      await stop();
    })());
  const stop = () =>
    new Promise<void>((resolve) => {
      search.close();
      // Idle keep-alive connections would hold close() open; answers in flight get the grace period.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const deadline = setTimeout(() => server.closeAllConnections(), grace);
      server.close(() => {
        clearInterval(sweep);
        clearTimeout(deadline);
        void Promise.allSettled([purge.stop(), ...extensions.map(async (extension) => extension.close?.())]).then(async () => {
          await storage.close();
          resolve();
        });
      });
      server.closeIdleConnections();
    });

  const running: RunningServer = {
    url: listeningUrl,
    port: address.port,
    config,
    indexes,
    modelDescription: model.description,
    searchDescription: search.description,
    embeddingsSettled: search.ready,
    drain,
    close,
  };
  for (const line of summary(running, config.dataDir, extensions)) options.print?.(line);
  return running;
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * `docent-server [--config path]` (or `tsx server/src/main.ts`): start, print the summary, stop cleanly on SIGINT/SIGTERM.
 * `docent-server migrate [--config path]`: apply the storage's migrations and exit.
 */
export async function main(): Promise<void> {
  if (process.argv[2] === 'migrate') {
    try {
      await runMigrateCommand(process.argv.slice(3), (line) => console.log(line));
    } catch (error) {
      console.error(startupFailureLine(error));
      process.exit(1);
    }
    return;
  }
  let running: RunningServer;
  try {
    running = await startServer({ argv: process.argv.slice(2), print: (line) => console.log(line) });
  } catch (error) {
    // One line saying what to do (no stack trace); DOCENT_DEBUG=1 adds the error itself.
    console.error(startupFailureLine(error));
    if (process.env.DOCENT_DEBUG === '1') console.error(error);
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: finishing answers in flight, then stopping (press Ctrl-C again to force)`);
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
