import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createAssistantClient, type AssistantClient } from '../../../src/client/assistant-client';
import { parseConfig } from '../config';
import type { Logger } from '../http/logger';
import { startServer } from '../main';
import { formatNotice } from '../ingest/ingest-notices';
import { resolveAnswerModel } from '../models/configured-model';

/** Where the questions of a run are sent. */
export interface EvalTarget {
  /** The client the runner asks through. */
  assistant: AssistantClient;
  /** One line saying what is measured, e.g. `docs/en (36 pages, vitepress) with the embedded extractive model`. */
  description: string;
  /** Stops what the target started (server, temporary data folder). */
  close(): Promise<void>;
  /** In-process mode: what was indexed and which model answers. */
  details?: { docs: string; pages: number; sections: number; pathPrefix: string; model: string; notices: string[] };
  /** In-process mode: the distinct errors the server logged (a failed request says only "unexpected error"). */
  serverErrors?: () => string[];
}

/** Options of {@link startInProcessTarget}. */
export interface InProcessTargetOptions {
  /** The docs folder to index. */
  docs: string;
  /** URL path the pages are served under (`""` for the site root). Default: `/docs`. */
  pathPrefix?: string;
  /** The docs generator, when it must not be detected (passed to the domain's configuration as `generator`). */
  generator?: string;
  /** Environment for the answer model (`DOCENT_MODEL_*`). Default: `process.env`. */
  environment?: Record<string, string | undefined>;
}

const evalDomain = 'eval';
const evalKey = 'svc_dsc_eval';
// High enough that no run of a question set meets a limit.
const unlimited = 1_000_000_000;

/**
 * Whether this server's configuration has a `generator` setting for a domain (the ingestion
 * that reads each generator's dialect adds it); `docent eval --generator` needs it.
 */
export function configAcceptsGenerator(): boolean {
  try {
    parseConfig(
      { organizations: [{ id: 'probe', domains: [{ id: 'probe', docs: '.', assistantKeys: [evalKey], generator: 'gfm' }] }] },
      { environment: {} },
    );
    return true;
  } catch {
    return false;
  }
}

/** A docs folder that does not exist or is not a folder. */
export class EvalTargetError extends Error {
  override readonly name = 'EvalTargetError';
}

/**
 * Starts the reference server in this process for one docs folder, exactly as `npm start` builds
 * it (configuration for one domain, its index built by `buildIndexes`, `createApp`, the answer
 * model `resolveAnswerModel` picks from `DOCENT_MODEL_*`), on a free loopback port with a
 * temporary data folder and limits no run reaches.
 */
export async function startInProcessTarget(options: InProcessTargetOptions): Promise<EvalTarget> {
  const docs = resolve(options.docs);
  if (!existsSync(docs) || !statSync(docs).isDirectory()) {
    throw new EvalTargetError(`The docs folder ${docs} does not exist: pass the folder of your Markdown pages with --docs.`);
  }
  if (options.generator !== undefined && !configAcceptsGenerator()) {
    throw new EvalTargetError(`--generator ${options.generator}: this server has no generator setting yet; leave the option out to let it read the docs folder as it does.`);
  }
  const environment = options.environment ?? process.env;
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-eval-'));
  const serverErrors = new Set<string>();
  const logger: Logger = {
    info() {},
    error: (record) => void serverErrors.add(String(record.error ?? record.event ?? 'unknown error')),
  };
  const config = parseConfig(
    {
      organizations: [
        {
          id: evalDomain,
          domains: [
            {
              id: evalDomain,
              docs,
              pathPrefix: options.pathPrefix ?? '/docs',
              assistantKeys: [evalKey],
              ...(options.generator === undefined ? {} : { generator: options.generator }),
            },
          ],
        },
      ],
      limits: { perKeyPerMonth: unlimited, perOrganizationPerHour: unlimited, perIpPerDay: unlimited },
      dataDir,
    },
    { environment: {}, sourceName: 'evaluation configuration' },
  );
  try {
    const model = resolveAnswerModel(environment);
    const running = await startServer({
      config,
      environment: {},
      host: '127.0.0.1',
      port: 0,
      model,
      logger,
      extensions: [],
      shutdownGraceMilliseconds: 1_000,
    });
    const index = running.indexes.get(evalDomain);
    return {
      assistant: createAssistantClient({ baseUrl: running.url, domain: evalDomain, apiKey: evalKey }),
      description: `${docs} (${index?.pages.length ?? 0} pages, ${index?.sectionCount ?? 0} sections, path prefix "${config.domains[0]?.pathPrefix ?? ''}") with the ${model.description}`,
      details: {
        docs,
        pages: index?.pages.length ?? 0,
        sections: index?.sectionCount ?? 0,
        pathPrefix: config.domains[0]?.pathPrefix ?? '',
        model: model.description,
        notices: (index?.notices ?? []).map(formatNotice),
      },
      serverErrors: () => [...serverErrors],
      async close() {
        await running.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Options of {@link remoteTarget}. */
export interface RemoteTargetOptions {
  /** The server's base URL, e.g. `http://127.0.0.1:4173`. */
  url: string;
  domain: string;
  /** An assistant key (`svc_dsc_…`) of that domain. */
  apiKey: string;
}

/** A server that is already running, asked over HTTP like any client. */
export function remoteTarget(options: RemoteTargetOptions): EvalTarget {
  return {
    assistant: createAssistantClient({ baseUrl: options.url, domain: options.domain, apiKey: options.apiKey }),
    description: `domain "${options.domain}" at ${options.url}`,
    close: async () => undefined,
  };
}
