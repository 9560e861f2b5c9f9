import type { AppExtension } from '../app';
import { formatNotice } from '../ingest/ingest-notices';
import type { RunningServer } from './start-server';

/**
 * The lines `docent-server` prints once it listens: the URL, each domain's index, endpoint and
 * notices (content the sources lack),
 * where the configuration came from, what each extension serves, the model, search, data folder
 * and the address links use.
 */
export function startupSummary(running: Pick<RunningServer, 'url' | 'config' | 'indexes' | 'modelDescription' | 'searchDescription'>, dataDir: string, extensions: readonly AppExtension[]): string[] {
  const lines = [`Docent is serving on ${running.url}`];
  for (const domain of running.config.domains) {
    const index = running.indexes.get(domain.id);
    lines.push(
      `  domain "${domain.id}": ${index?.pages.length ?? 0} pages, ${index?.sectionCount ?? 0} sections from ${domain.docs}`,
      `    POST ${running.url}/discovery/v2/assistant/${domain.id}/message`,
      ...(index?.notices ?? []).map((notice) => `    note: ${formatNotice(notice)}`),
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
