import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { compareLinksWithBuiltSite, compareWithBuiltSite, copyFixtureSite, debianGenerator, runBinary, sectionIds, type LinkComparison, type SiteComparison } from './built-site-checks';

// The Hugo dialect's fixture site is built by Hugo itself (Debian's `hugo` package: Hugo is a Go
// binary, not on npm), and what Docent ingests from its sources is checked against the HTML Hugo
// really writes: every page is there, every anchor is an id on its page, every link is the page's.

const fixture = path.join(import.meta.dirname, '../fixtures/hugo');
// The layouts a theme would bring: the page's rendered Markdown in <main class="content">.
const layouts = path.join(import.meta.dirname, 'hugo-site/layouts');
const theme = { content: 'main.content' };

let site: string;
let docs: IngestedDocs;
let comparison: SiteComparison;
let links: LinkComparison;

beforeAll(async () => {
  const hugo = debianGenerator('hugo', { environmentVariable: 'HUGO_PATH', debianPackage: 'hugo', neededBy: 'the Hugo build check' });
  site = await copyFixtureSite(fixture, 'hugo');
  await cp(layouts, path.join(site, 'layouts'), { recursive: true });
  await runBinary(hugo, ['--source', site, '--destination', path.join(site, 'public'), '--baseURL', 'https://example.org/', '--quiet'], { timeout: 120_000, env: { HUGO_ENVIRONMENT: 'production' } });
  // Built at the root (baseURL's /product/ overridden), so its links are the ingested URLs without it.
  docs = await ingestDocs({ docs: path.join(site, 'content'), pathPrefix: '' });
  comparison = await compareWithBuiltSite(docs, path.join(site, 'public'), theme);
  links = await compareLinksWithBuiltSite(docs, path.join(site, 'public'), theme);
}, 420_000);

afterAll(async () => {
  if (site !== undefined) await rm(site, { recursive: true, force: true });
});

describe('Hugo sources against the site Hugo builds from them', () => {
  test('every ingested page is a page of the built site, and what Hugo does not publish is not ingested', () => {
    expect(docs.generator).toBe('hugo');
    expect(docs.pages.length).toBeGreaterThanOrEqual(8);
    expect(comparison.missingPages).toEqual([]);
    for (const unpublished of ['docs/draft', 'docs/future', 'archive/old', 'docs/bundle/notes']) {
      expect(existsSync(path.join(site, 'public', unpublished, 'index.html')), unpublished).toBe(false);
      expect(docs.pages.map((page) => page.path)).not.toContain(`/${unpublished}/`);
    }
  });

  test('every anchor a section links to is an id on the built page, and every built heading with text is a section', () => {
    expect(comparison.anchorsChecked).toBeGreaterThanOrEqual(8);
    expect(comparison.missingAnchors).toEqual([]);
    expect(comparison.builtHeadingsChecked).toBeGreaterThanOrEqual(8);
    expect(comparison.unindexedHeadings).toEqual([]);
    const ids = sectionIds(docs);
    for (const id of ['/docs/install/#get-it', '/docs/install/#platforms-1', '/docs/credentials/#server-credentials', '/fr/docs/install/#téléchargement']) expect(ids, id).toContain(id);
  });

  test('every link between pages is the built page\'s own link', () => {
    expect(links.linksChecked).toBeGreaterThanOrEqual(2);
    expect(links.wrongLinks).toEqual([]);
  });

  test('each page has the language of the built page', () => {
    for (const page of docs.pages) expect(page.language, page.path).toBe(comparison.builtPages.get(page.path)?.language);
  });
});
