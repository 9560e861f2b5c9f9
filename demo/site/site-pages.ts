import { readFile } from 'node:fs/promises';
import matter from 'gray-matter';
import { loadDocPages, type DocPage } from '../../server/src/ingest/markdown-pages';

/** A documentation page as the demo site shows it: the loaded page and its place in the navigation. */
export interface SitePage extends DocPage {
  /** Front matter `order`: position in the navigation, lowest first. Pages without one come last. */
  order: number;
}

/**
 * Loads the pages of a docs folder (served under `/docs`) in navigation order: by the front
 * matter `order` field, then by title. The pages themselves come from the retrieval index's own
 * loader, so the site shows exactly the pages and paths the assistant cites.
 *
 * @example const pages = await loadSitePages('demo/docs'); pages[0].path === '/docs/'
 */
export async function loadSitePages(docsFolder: string): Promise<SitePage[]> {
  const pages = await loadDocPages(docsFolder, { pathPrefix: '/docs' });
  const withOrder = await Promise.all(
    pages.map(async (page) => ({ ...page, order: await readOrder(page.sourceFile) })),
  );
  return withOrder.sort((left, right) => left.order - right.order || left.title.localeCompare(right.title));
}

// `order` is a presentation detail of this site, not part of a DocPage, so it is read here.
async function readOrder(sourceFile: string): Promise<number> {
  const { data } = matter(await readFile(sourceFile, 'utf8'), {});
  const order = (data as Record<string, unknown>).order;
  return typeof order === 'number' && Number.isFinite(order) ? order : Number.MAX_SAFE_INTEGER;
}
