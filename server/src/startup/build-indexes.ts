import { join } from 'node:path';
import type { DocentConfig, DomainConfig } from '../config';
import { loadDocsIndex, type DocsIndex, type LoadDocsIndexOptions } from '../retrieval/docs-index';

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
