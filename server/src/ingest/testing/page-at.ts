import type { IngestedDocs, IngestedPage } from '../ingested-docs';

/**
 * The ingested page at a URL path; a missing page fails the test with the paths there are, so a
 * wrong URL rule reads at a glance.
 */
export function pageAt(docs: IngestedDocs, pagePath: string): IngestedPage {
  const found = docs.pages.find((candidate) => candidate.path === pagePath);
  if (found === undefined) throw new Error(`no page ${pagePath} in ${docs.pages.map((candidate) => candidate.path).join(', ')}`);
  return found;
}
