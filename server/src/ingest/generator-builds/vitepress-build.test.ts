import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { compareLinksWithBuiltSite, compareWithBuiltSite, copyFixtureSite, projectRoot, runGenerator, sectionIds, type LinkComparison, type SiteComparison } from './built-site-checks';

// The fixture site is built by VitePress itself, and what Docent ingests from its sources is
// checked against the HTML the generator really writes: every page Docent links to exists, and
// every anchor it links to is an id on that page.

const fixture = path.join(import.meta.dirname, 'vitepress-site');
// The page's rendered Markdown (the "#" links VitePress adds sit inside the headings).
const theme = { content: '.vp-doc' };

let site: string;
let docs: IngestedDocs;
let comparison: SiteComparison;
let links: LinkComparison;

beforeAll(async () => {
  site = await copyFixtureSite(fixture, 'vitepress');
  await runGenerator(path.join(projectRoot, 'node_modules/vitepress/bin/vitepress.js'), ['build', site], { cwd: projectRoot, timeout: 150_000 });
  docs = await ingestDocs({ docs: site, pathPrefix: '' });
  comparison = await compareWithBuiltSite(docs, path.join(site, '.vitepress/dist'), theme);
  links = await compareLinksWithBuiltSite(docs, path.join(site, '.vitepress/dist'), theme);
}, 180_000);

afterAll(async () => {
  if (site !== undefined) await rm(site, { recursive: true, force: true });
});

describe('VitePress sources against the site VitePress builds from them', () => {
  test('the generator is detected from .vitepress/config', () => {
    expect(docs.generator).toBe('vitepress');
  });

  test('every ingested page is a page of the built site', () => {
    expect(docs.pages.length).toBeGreaterThanOrEqual(5);
    expect(comparison.missingPages).toEqual([]);
  });

  test('every link between pages in a section is the built page\'s own link, as a site path', () => {
    expect(links.linksChecked).toBeGreaterThanOrEqual(4);
    expect(links.wrongLinks).toEqual([]);
    expect(links.relativeLinks).toEqual([]);
  });

  test('every anchor a section links to is an id on the built page', () => {
    expect(comparison.anchorsChecked).toBeGreaterThanOrEqual(10);
    expect(comparison.missingAnchors).toEqual([]);
  });

  test('every heading of the built content with text below it is a section', () => {
    expect(comparison.builtHeadingsChecked).toBeGreaterThanOrEqual(12);
    expect(comparison.unindexedHeadings).toEqual([]);
  });

  test('custom ids, numbered duplicates, leading digits, symbols, includes and accents come out as VitePress makes them', () => {
    const ids = sectionIds(docs);
    for (const id of [
      '/guide/install#configuration',
      '/guide/install#_1-download-the-binary',
      '/guide/install#the-data-options',
      '/guide/install#restarting-on-systemd',
      '/#what-is-harbor-1',
      '/fr/guide/install#telecharger-le-binaire-1',
    ]) {
      expect(ids, id).toContain(id);
    }
  });

  test('each page has the language of the built page', () => {
    for (const page of docs.pages) expect(page.language, page.path).toBe(comparison.builtPages.get(page.path)?.language);
  });

  test('pages in the fr folder are French, the others English', () => {
    const languages = Object.fromEntries(docs.pages.map((page) => [page.path, page.language]));
    expect(languages['/fr/guide/install']).toBe('fr');
    expect(languages['/guide/install']).toBe('en');
  });
});
