import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/v4';
import { defaultRequestBounds } from './assistant/request-schema';
import { maximumBodyBytes } from './http/json-body';
import { describeIssues } from './http/validation-issue';

/** Prefix of every key; an admin key is `svc_` followed by anything but `dsc_`. */
const keyPrefix = 'svc_';
/** Prefix of a public assistant key (spec section 5). */
export const assistantKeyPrefix = 'svc_dsc_';

const identifierPattern = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const identifier = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .regex(identifierPattern, {
      error: `${what} must be letters, digits, "-" or "_" (it appears in URLs), e.g. "acme-docs"`,
    });

const assistantKeySchema = z
  .string({ error: 'an assistant key must be a string' })
  .startsWith(assistantKeyPrefix, { error: `an assistant key must start with ${assistantKeyPrefix}` })
  .refine((key) => !key.startsWith(assistantKeyPrefix) || key.length >= assistantKeyPrefix.length + 4, {
    error: 'an assistant key needs at least 4 characters after svc_dsc_',
  });

const adminKeySchema = z
  .string({ error: 'an admin key must be a string' })
  .startsWith(keyPrefix, { error: `an admin key must start with ${keyPrefix}` })
  .refine((key) => !key.startsWith(assistantKeyPrefix), {
    error: `an admin key must not start with ${assistantKeyPrefix} (that prefix marks public assistant keys)`,
  })
  .refine((key) => !key.startsWith(keyPrefix) || key.length >= keyPrefix.length + 4, {
    error: 'an admin key needs at least 4 characters after svc_',
  });

const originSchema = z.string().refine((origin) => origin === '*' || /^https?:\/\/[^/]+$/.test(origin), {
  error: 'an allowed origin is "*" or a scheme and host without a path, e.g. "https://docs.example.com"',
});

const publicUrlMessage =
  'publicUrl (or DOCENT_PUBLIC_URL) must be the http(s) address people reach this server at, without a query or fragment, e.g. "https://docs-api.example.com"';

/** An absolute http(s) URL without query or fragment; a trailing `/` is dropped. */
const publicUrlSchema = z
  .string({ error: publicUrlMessage })
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, { error: publicUrlMessage })
  .transform((value) => value.replace(/\/+$/, ''));

const domainSchema = z.strictObject({
  /** The domain identifier in `/discovery/v2/assistant/{domain}/message`. */
  id: identifier('a domain id'),
  /** Folder of Markdown pages, relative to the config file. */
  docs: z.string({ error: 'docs is required: the folder of Markdown pages, e.g. "docs"' }).min(1),
  /**
   * URL path the pages are served under. Default: the generator's own (`/docs` for plain
   * Markdown; VitePress `base`, Docusaurus `baseUrl` + `routeBasePath`, MkDocs `site_url`'s path,
   * Astro `base`, `''` for a built site).
   */
  pathPrefix: z
    .string({ error: 'pathPrefix must be a string, e.g. "/docs"' })
    .regex(/^(\/[^?#]*)?$/, { error: 'pathPrefix must start with "/", e.g. "/docs", or be "" to serve pages from the site root' })
    .optional(),
  /** Dialect of the docs folder; `auto` (the default) detects it from the generator's config file. */
  generator: z
    .enum(['auto', 'vitepress', 'docusaurus', 'mkdocs', 'starlight', 'gfm', 'html'], {
      error: 'generator must be one of "auto", "vitepress", "docusaurus", "mkdocs", "starlight", "gfm" or "html"',
    })
    .optional(),
  /** Sitemap naming the pages of a built site (`generator` `html`), relative to the config file. */
  sitemap: z.string({ error: 'sitemap must be a path to a sitemap file, e.g. "site/sitemap.xml"' }).min(1, { error: 'sitemap must not be empty' }).optional(),
  /** Page URLs without `.html` (VitePress `cleanUrls`, MkDocs `use_directory_urls`), when the generator's config cannot be read. */
  cleanUrls: z.boolean({ error: 'cleanUrls must be true or false' }).optional(),
  /** Locale code of the pages served at the root, e.g. "en", when the generator's config does not say. */
  defaultLocale: z
    .string({ error: 'defaultLocale must be a locale code such as "en" or "pt-br"' })
    .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/, { error: 'defaultLocale must be a locale code such as "en" or "pt-br"' })
    .optional(),
  /** Origin prepended to source URLs, e.g. `https://docs.example.com`. */
  siteUrl: z.url({ error: 'siteUrl must be an absolute URL, e.g. "https://docs.example.com"' }).optional(),
  /** Public keys accepted on this domain's assistant endpoints. */
  assistantKeys: z.array(assistantKeySchema).min(1, { error: 'a domain needs at least one assistant key' }),
  /** Origins allowed to call the assistant from a browser; `*` allows any. */
  allowedOrigins: z.array(originSchema).min(1).default(['*']),
});

const adminKeyEntrySchema = z.strictObject({
  key: adminKeySchema,
  /** Project ids this key may act on. */
  projects: z.array(identifier('a project id')).default([]),
});

const organizationSchema = z.strictObject({
  id: identifier('an organization id'),
  domains: z.array(domainSchema).default([]),
  adminKeys: z.array(adminKeyEntrySchema).default([]),
});

const projectSchema = z.strictObject({
  id: identifier('a project id'),
  organization: identifier('an organization id'),
  /**
   * Path of the project's git repository, relative to the config file (used by agent jobs).
   * Default: a repository the server initialises in the data folder from the docs folder of the
   * organization's first domain.
   */
  repository: z.string().min(1).optional(),
});

const positiveLimit = z
  .number({ error: 'a limit must be a number' })
  .int({ error: 'a limit must be a whole number' })
  .positive({ error: 'a limit must be at least 1' });

/**
 * Request budgets and input bounds (README "Limits"). Message budgets are charged only for a
 * request that reaches the model (its body valid); polls and rejected requests have their own.
 */
const databaseUrlMessage =
  'database.url (or DOCENT_DATABASE_URL) must be a PostgreSQL connection URL, e.g. "postgres://docent@db.internal:5432/docent"';

/** Where threads, counters and jobs live when not in the SQLite file of the data folder. */
const databaseSchema = z.strictObject({
  /** PostgreSQL connection URL, e.g. `postgres://docent:secret@db.internal:5432/docent`. */
  url: z.string({ error: databaseUrlMessage }).regex(/^postgres(ql)?:\/\/\S+$/, { error: databaseUrlMessage }),
  /** Most connections each instance opens. Default: 10. */
  maxConnections: z
    .number({ error: 'database.maxConnections must be a number' })
    .int({ error: 'database.maxConnections must be a whole number' })
    .min(1, { error: 'database.maxConnections must be at least 1' })
    .max(1000, { error: 'database.maxConnections must be at most 1000' })
    .default(10),
});

/** Size limits of one thread; past them the client is told to start a new thread. */
const threadLimitsSchema = z.strictObject({
  /** Most messages (questions and answers) in a thread. Default: 1000. */
  maxMessages: positiveLimitOf('threadLimits.maxMessages').default(1_000),
  /** Most UTF-8 bytes of message text in a thread. Default: 2,000,000. */
  maxBytes: positiveLimitOf('threadLimits.maxBytes').default(2_000_000),
});

function positiveLimitOf(name: string) {
  return z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .positive({ error: `${name} must be at least 1` });
}

/** Default of `limits.maxConcurrentAnswers`: 128 answers in progress per CPU core. */
export const defaultMaxConcurrentAnswers = 128 * availableParallelism();

const limitsSchema = z.strictObject({
  /** Messages (valid assistant requests) per assistant key per calendar month. */
  perKeyPerMonth: positiveLimit.default(10_000),
  /** Messages per organization per hour. */
  perOrganizationPerHour: positiveLimit.default(10_000),
  /** Messages per client IP per day. */
  perIpPerDay: positiveLimit.default(10_000),
  /** Agent-job reads (GET: job polling, job lists) per admin key per hour; apart from messages. */
  pollsPerKeyPerHour: positiveLimit.default(3_600),
  /** Agent-job reads per client IP per hour. */
  pollsPerIpPerHour: positiveLimit.default(3_600),
  /** Rejected requests (any 4xx answer) per client IP per minute, counted in memory; past it, 429. */
  rejectedPerIpPerMinute: positiveLimit.default(60),
  /** Largest request body, in bytes. */
  maximumBodyBytes: positiveLimit.default(maximumBodyBytes),
  /** Longest question (the last user message), in characters. */
  maximumQuestionCharacters: positiveLimit.default(defaultRequestBounds.maximumQuestionCharacters),
  /** Longest earlier message of the conversation, in characters. */
  maximumMessageCharacters: positiveLimit.default(defaultRequestBounds.maximumMessageCharacters),
  /** Most messages in one request. */
  maximumMessages: positiveLimit.default(defaultRequestBounds.maximumMessages),
  /** Most context items (code blocks, selections) in one request. */
  maximumContextItems: positiveLimit.default(defaultRequestBounds.maximumContextItems),
  /** Longest context item value, in characters. */
  maximumContextCharacters: positiveLimit.default(defaultRequestBounds.maximumContextCharacters),
  /**
   * Answers in progress at once (from the request's arrival to the answer's last byte); past it a
   * request gets 503 with `Retry-After`, before any rate-limit charge. Default: 128 per CPU core
   * (`os.availableParallelism()`), 256 on 2 cores, where a burst of 200 still starts within
   * 300 ms; raise it for a slow remote model, whose answers mostly wait.
   */
  maxConcurrentAnswers: positiveLimit.default(defaultMaxConcurrentAnswers),
});

const configSchema = z
  .strictObject({
    $schema: z.string().optional(),
    organizations: z.array(organizationSchema).min(1, { error: 'declare at least one organization' }),
    projects: z.array(projectSchema).default([]),
    limits: limitsSchema.prefault({}),
    /** The data folder (the SQLite file with SQLite storage, parse and embeddings caches, agent worktrees), relative to the config file. */
    dataDir: z.string().min(1).optional(),
    /** Take the client IP from `X-Forwarded-For` (only behind a proxy you run). */
    trustProxy: z.boolean().default(false),
    /**
     * Where people reach this server, e.g. `https://docs-api.example.com`: the base of the links
     * it creates (an agent job's `prLink`). Default: the address the server listens on.
     */
    publicUrl: publicUrlSchema.optional(),
    /** PostgreSQL for threads, counters and jobs (many instances); without it, SQLite in `dataDir`. */
    database: databaseSchema.optional(),
    /** Days a thread is kept after its last message; older ones are purged. Default: 30. */
    threadRetentionDays: positiveLimitOf('threadRetentionDays').default(30),
    /** Size limits of one thread. */
    threadLimits: threadLimitsSchema.default({ maxMessages: 1_000, maxBytes: 2_000_000 }),
    /** Seconds an agent job's claim holds without a heartbeat (then another instance takes it over). Default: 30. */
    jobLeaseSeconds: positiveLimitOf('jobLeaseSeconds').default(30),
  })
  .superRefine((config, context) => {
    const seenDomains = new Set<string>();
    const seenKeys = new Set<string>();
    const projectIds = new Set<string>();
    const organizationIds = new Set(config.organizations.map((organization) => organization.id));
    const checkKey = (key: string, path: PropertyKey[]) => {
      if (seenKeys.has(key)) context.addIssue({ code: 'custom', path, message: 'this key is declared twice; each key must be unique' });
      seenKeys.add(key);
    };
    config.organizations.forEach((organization, organizationIndex) => {
      organization.domains.forEach((domain, domainIndex) => {
        const path = ['organizations', organizationIndex, 'domains', domainIndex];
        if (seenDomains.has(domain.id)) {
          context.addIssue({ code: 'custom', path: [...path, 'id'], message: `domain "${domain.id}" is declared twice` });
        }
        seenDomains.add(domain.id);
        domain.assistantKeys.forEach((key, keyIndex) => checkKey(key, [...path, 'assistantKeys', keyIndex]));
      });
      organization.adminKeys.forEach((entry, keyIndex) =>
        checkKey(entry.key, ['organizations', organizationIndex, 'adminKeys', keyIndex, 'key']),
      );
    });
    config.projects.forEach((project, projectIndex) => {
      if (projectIds.has(project.id)) {
        context.addIssue({ code: 'custom', path: ['projects', projectIndex, 'id'], message: `project "${project.id}" is declared twice` });
      }
      projectIds.add(project.id);
      if (!organizationIds.has(project.organization)) {
        context.addIssue({
          code: 'custom',
          path: ['projects', projectIndex, 'organization'],
          message: `no organization "${project.organization}"; use one of the ids under organizations`,
        });
      }
    });
    config.organizations.forEach((organization, organizationIndex) => {
      organization.adminKeys.forEach((entry, keyIndex) => {
        entry.projects.forEach((projectId, projectIndex) => {
          const project = config.projects.find((candidate) => candidate.id === projectId);
          if (project?.organization === organization.id) return;
          context.addIssue({
            code: 'custom',
            path: ['organizations', organizationIndex, 'adminKeys', keyIndex, 'projects', projectIndex],
            message: project
              ? `project "${projectId}" belongs to organization "${project.organization}", not "${organization.id}"`
              : `no project "${projectId}"; declare it under projects with organization "${organization.id}"`,
          });
        });
      });
    });
  });

/** The configuration file's shape as written (before defaults): what `docent.config.json` may hold. */
export type DocentConfigInput = z.input<typeof configSchema>;
/** A documentation domain: one docs folder served by one assistant endpoint. */
export type DomainConfig = z.output<typeof domainSchema> & { organization: string };
/** An organization: its domains and its admin keys. */
export type OrganizationConfig = z.output<typeof organizationSchema>;
/** A project reachable by the agent-job endpoints. */
export type ProjectConfig = z.output<typeof projectSchema>;
/** Request budgets and input bounds (spec section 8, README "Limits"). */
export type LimitsConfig = z.output<typeof limitsSchema>;

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

/** A configuration that failed validation; the message lists every bad field. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The project root, where the embedded default's `demo/docs` lives. */
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The embedded default used when no config file exists: organization `demo`, domain `demo`
 * serving `demo/docs` under `/docs`, assistant key `svc_dsc_demo`, admin key `svc_demo`,
 * project `demo`. Paths in it are relative to the project root.
 */
export const defaultConfig: DocentConfigInput = {
  organizations: [
    {
      id: 'demo',
      domains: [{ id: 'demo', docs: 'demo/docs', pathPrefix: '/docs', assistantKeys: ['svc_dsc_demo'] }],
      adminKeys: [{ key: 'svc_demo', projects: ['demo'] }],
    },
  ],
  // No `repository`: agent jobs get the embedded default, a git repository initialised from the
  // domain's docs (demo/docs) in the data folder, so jobs never branch the Docent checkout itself.
  projects: [{ id: 'demo', organization: 'demo' }],
};

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
  const environmentPublicUrl = environment.DOCENT_PUBLIC_URL?.trim();
  const withPublicUrl =
    environmentPublicUrl && typeof input === 'object' && input !== null ? { ...input, publicUrl: environmentPublicUrl } : input;
  const withEnvironment = withDatabaseEnvironment(withPublicUrl, environment);
  const result = configSchema.safeParse(withEnvironment);
  if (!result.success) {
    const lines = describeIssues(result.error.issues).map(
      (issue) => `  ${issue.field === '' ? '(root)' : issue.field}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid ${options.sourceName ?? 'configuration'}:\n${lines.join('\n')}`);
  }
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
  const environmentDataDir = environment.DOCENT_DATA_DIR;
  return {
    organizations,
    domains: organizations.flatMap((organization) =>
      organization.domains.map((domain) => ({ ...domain, organization: organization.id })),
    ),
    projects: parsed.projects.map((project) =>
      project.repository === undefined ? project : { ...project, repository: absolute(project.repository) },
    ),
    limits: parsed.limits,
    dataDir: environmentDataDir
      ? resolve(environmentDataDir)
      : parsed.dataDir
        ? absolute(parsed.dataDir)
        : resolve('.docent'),
    trustProxy: parsed.trustProxy,
    publicUrl: parsed.publicUrl ?? null,
    database: { url: parsed.database?.url ?? null, maxConnections: parsed.database?.maxConnections ?? 10 },
    threadRetentionDays: parsed.threadRetentionDays,
    threadLimits: parsed.threadLimits,
    jobLeaseSeconds: parsed.jobLeaseSeconds,
    source: options.source ?? null,
  };
}

/** `DOCENT_DATABASE_URL` and `DOCENT_DATABASE_MAX_CONNECTIONS` over the file's `database`. */
function withDatabaseEnvironment(input: unknown, environment: NodeJS.ProcessEnv): unknown {
  const url = environment.DOCENT_DATABASE_URL?.trim();
  const maxConnections = environment.DOCENT_DATABASE_MAX_CONNECTIONS?.trim();
  if ((!url && !maxConnections) || typeof input !== 'object' || input === null) return input;
  const database = { ...((input as { database?: object }).database ?? {}) } as Record<string, unknown>;
  if (url) database.url = url;
  // A bad number stays visible to validation (as NaN) rather than silently ignored.
  if (maxConnections) database.maxConnections = Number(maxConnections);
  return { ...input, database };
}

/** Where `loadConfig` looks. */
export interface LoadConfigOptions {
  /** Command-line arguments; `--config <path>` or `--config=<path>` picks the file. Default: none. */
  argv?: readonly string[];
  /** Environment; `DOCENT_CONFIG` picks the file, `DOCENT_DATA_DIR` the data folder. Default: `process.env`. */
  environment?: NodeJS.ProcessEnv;
  /** Folder holding the default `docent.config.json`. Default: the current directory. */
  cwd?: string;
}

/** Reads `--config <path>` / `--config=<path>` from command-line arguments. */
function configArgument(argv: readonly string[]): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    if (argument === '--config') return argv[index + 1];
    if (argument.startsWith('--config=')) return argument.slice('--config='.length);
  }
  return undefined;
}

/**
 * Loads the configuration: the file named by `--config` or `DOCENT_CONFIG`, else
 * `./docent.config.json` when it exists, else the embedded {@link defaultConfig}.
 * Relative paths in a file are resolved against the file's folder.
 *
 * @throws ConfigError when the named file is missing, is not JSON, or is invalid.
 */
export function loadConfig(options: LoadConfigOptions = {}): DocentConfig {
  const environment = options.environment ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const named = configArgument(options.argv ?? []) ?? environment.DOCENT_CONFIG;
  const path = named ? resolve(cwd, named) : resolve(cwd, 'docent.config.json');
  if (!existsSync(path)) {
    if (named) throw new ConfigError(`Config file ${path} does not exist: fix --config / DOCENT_CONFIG, or create it`);
    return parseConfig(defaultConfig, { baseDirectory: projectRoot, environment, sourceName: 'embedded default' });
  }
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseConfig(input, { baseDirectory: dirname(path), environment, sourceName: `config file ${path}`, source: path });
}
