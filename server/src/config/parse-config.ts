import { isAbsolute, resolve } from 'node:path';
import { invalidConfigError } from './config-error';
import { dataDirectoryOf, withEnvironmentOverrides } from './environment';
import type { LimitsConfig } from './limits-schema';
import { configSchema, type DomainConfig, type OrganizationConfig, type ProjectConfig } from './schema';

/** The validated configuration, with defaults applied and every path absolute. */
export interface DocentConfig {
  organizations: OrganizationConfig[];
  /** Every domain of every organization, each tagged with its organization id. */
  domains: DomainConfig[];
  projects: ProjectConfig[];
  limits: LimitsConfig;
  /** Absolute folder of the SQLite file. */
  dataDir: string;
  trustProxy: boolean;
  /**
   * Base of the links the server creates (`prLink`), from `publicUrl` or `DOCENT_PUBLIC_URL`,
   * without a trailing `/`; `null` means the address the server listens on. Never taken from
   * a request's `Host` header, which any client can forge.
   */
  publicUrl: string | null;
  /**
   * PostgreSQL settings (`database` or `DOCENT_DATABASE_URL`, `DOCENT_DATABASE_MAX_CONNECTIONS`);
   * `url` `null` means SQLite in `dataDir`.
   */
  database: { url: string | null; maxConnections: number };
  /** Days a thread is kept after its last message. Default: 30. */
  threadRetentionDays: number;
  /** Size limits of one thread. */
  threadLimits: { maxMessages: number; maxBytes: number };
  /** Seconds an agent job's claim holds without a heartbeat. Default: 30. */
  jobLeaseSeconds: number;
  /** The file the configuration came from, or `null` for the embedded default. */
  source: string | null;
}

/** Where `parseConfig` resolves relative paths and which environment it reads. */
export interface ParseConfigOptions {
  /** Folder relative paths are resolved against. Default: the current directory. */
  baseDirectory?: string;
  /** Name shown in error messages. Default: `configuration`. */
  sourceName?: string;
  /** The file it came from, kept as `config.source`. Default: `null`. */
  source?: string | null;
  /** Environment variables (`DOCENT_DATA_DIR` overrides `dataDir`, `DOCENT_PUBLIC_URL` `publicUrl`). Default: `process.env`. */
  environment?: NodeJS.ProcessEnv;
}

/**
 * Validates a configuration object (as parsed from JSON) and returns it with defaults applied
 * and paths made absolute. Tests pass objects straight to it.
 *
 * @throws ConfigError naming every bad field, e.g.
 *   `organizations[0].domains[0].assistantKeys[1]: an assistant key must start with svc_dsc_`
 */
export function parseConfig(input: unknown, options: ParseConfigOptions = {}): DocentConfig {
  const baseDirectory = options.baseDirectory ?? process.cwd();
  const environment = options.environment ?? process.env;
  const result = configSchema.safeParse(withEnvironmentOverrides(input, environment));
  if (!result.success) throw invalidConfigError(result.error.issues, options.sourceName ?? 'configuration');
  const parsed = result.data;
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(baseDirectory, path));
  const organizations = parsed.organizations.map((organization) => ({
    ...organization,
    domains: organization.domains.map((domain) => ({
      ...domain,
      docs: absolute(domain.docs),
      ...(domain.sitemap === undefined ? {} : { sitemap: absolute(domain.sitemap) }),
    })),
  }));
  return {
    organizations,
    domains: organizations.flatMap((organization) =>
      organization.domains.map((domain) => ({ ...domain, organization: organization.id })),
    ),
    projects: parsed.projects.map((project) =>
      project.repository === undefined ? project : { ...project, repository: absolute(project.repository) },
    ),
    limits: parsed.limits,
    dataDir: dataDirectoryOf(parsed.dataDir === undefined ? undefined : absolute(parsed.dataDir), environment),
    trustProxy: parsed.trustProxy,
    publicUrl: parsed.publicUrl ?? null,
    database: { url: parsed.database?.url ?? null, maxConnections: parsed.database?.maxConnections ?? 10 },
    threadRetentionDays: parsed.threadRetentionDays,
    threadLimits: parsed.threadLimits,
    jobLeaseSeconds: parsed.jobLeaseSeconds,
    source: options.source ?? null,
  };
}
