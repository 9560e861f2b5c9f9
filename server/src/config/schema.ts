import { z } from 'zod/v4';
import { checkCrossReferences } from './cross-references';
import { adminKeySchema, assistantKeySchema, identifier, originSchema, positiveLimitOf, publicUrlSchema } from './field-schemas';
import { limitsSchema, threadLimitsSchema } from './limits-schema';

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
    .enum(['auto', 'vitepress', 'docusaurus', 'mkdocs', 'starlight', 'mintlify', 'mdbook', 'gitbook', 'hugo', 'jekyll', 'sphinx', 'gfm', 'html'], {
      error: 'generator must be one of "auto", "vitepress", "docusaurus", "mkdocs", "starlight", "mintlify", "mdbook", "gitbook", "hugo", "jekyll", "sphinx", "gfm" or "html"',
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

/** The whole of `docent.config.json`, field by field, then checked across fields. */
export const configSchema = z
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
  .superRefine(checkCrossReferences);

/** The configuration file's shape as written (before defaults): what `docent.config.json` may hold. */
export type DocentConfigInput = z.input<typeof configSchema>;
/** A documentation domain: one docs folder served by one assistant endpoint. */
export type DomainConfig = z.output<typeof domainSchema> & { organization: string };
/** An organization: its domains and its admin keys. */
export type OrganizationConfig = z.output<typeof organizationSchema>;
/** A project reachable by the agent-job endpoints. */
export type ProjectConfig = z.output<typeof projectSchema>;
