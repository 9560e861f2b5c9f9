import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { compareLinksWithBuiltSite, compareWithBuiltSite, copyFixtureSite, projectRoot, runGenerator, sectionIds, type LinkComparison, type SiteComparison } from './built-site-checks';

// The fixture site is built by Astro and Starlight themselves, and what Docent ingests from its
// sources is checked against the HTML the generator really writes: every page Docent links to
// exists, every anchor it links to is an id on that page, and every heading of a page's content
// is a section. Starlight's asides, tabs, steps, imports, locales and slugs are all in the fixture.

const fixture = path.join(import.meta.dirname, 'starlight-site');
// The page's rendered Markdown; the links Starlight puts beside each heading are not content.
const theme = { content: '.sl-markdown-content', chrome: '.sl-anchor-link' };

let site: string;
let docs: IngestedDocs;
let comparison: SiteComparison;
let links: LinkComparison;

beforeAll(async () => {
  site = await copyFixtureSite(fixture, 'starlight');
  await runGenerator(path.join(projectRoot, 'node_modules/astro/astro.js'), ['build', '--root', site, '--silent'], { cwd: site, timeout: 150_000 });
  docs = await ingestDocs({ docs: path.join(site, 'src/content/docs') });
  comparison = await compareWithBuiltSite(docs, path.join(site, 'dist'), theme);
  links = await compareLinksWithBuiltSite(docs, path.join(site, 'dist'), theme);
}, 180_000);

afterAll(async () => {
  if (site !== undefined) await rm(site, { recursive: true, force: true });
});

describe('Starlight sources against the site Starlight builds from them', () => {
  test('the generator is detected from astro.config.mjs', () => {
    expect(docs.generator).toBe('starlight');
  });

  test('every ingested page is a page of the built site', () => {
    expect(docs.pages.map((page) => page.path)).toEqual(['/', '/fr/', '/fr/guides/install/', '/guides/install/', '/guides/upgrading-harbor/', '/reference/command-line/']);
    expect(comparison.missingPages).toEqual([]);
  });

  test('every link between pages in a section is the built page\'s own link, as a site path', () => {
    expect(links.linksChecked).toBeGreaterThanOrEqual(2);
    expect(links.wrongLinks).toEqual([]);
    expect(links.relativeLinks).toEqual([]);
  });

  test('every anchor a section links to is an id on the built page', () => {
    expect(comparison.anchorsChecked).toBeGreaterThanOrEqual(20);
    expect(comparison.missingAnchors).toEqual([]);
  });

  test('every heading of the built content with text below it is a section, including one inside tabs', () => {
    expect(comparison.builtHeadingsChecked).toBeGreaterThanOrEqual(20);
    expect(comparison.unindexedHeadings).toEqual([]);
  });

  test('duplicates, code, symbols, emoji, accents and links in headings come out as Starlight makes them', () => {
    const ids = sectionIds(docs);
    for (const id of [
      '/#what-is-harbor-1',
      '/#-quick-start',
      '/#deploy',
      '/guides/install/#global-install',
      '/guides/install/#configure-harbortoml',
      '/guides/install/#options-1',
      '/guides/install/#überblick--nächste-schritte',
      '/guides/upgrading-harbor/#the-data--options',
      '/reference/command-line/#flags-of-harbor-serve',
      '/fr/guides/install/#télécharger-le-binaire-1',
      '/fr/#quest-ce-que-harbor',
    ]) {
      expect(ids, id).toContain(id);
    }
  });

  test('asides, tabs and steps become plain text with their titles and labels, imports are dropped', () => {
    const install = docs.pages.find((page) => page.path === '/guides/install/');
    const text = install?.sections.map((section) => section.markdown).join('\n') ?? '';
    expect(text).toContain('Keep the cache warm');
    expect(text).toContain('npm install -g harbor-cli');
    expect(text).toContain('pnpm add -g harbor-cli');
    expect(text).toContain('upstream = "https://registry.example.com"');
    expect(text).not.toMatch(/<\/?(Tabs|TabItem|Steps)\b|^import |^:::/m);
  });

  test('each page has the language and title of the built page', () => {
    for (const page of docs.pages) expect({ language: page.language, title: page.title }, page.path).toEqual(comparison.builtPages.get(page.path));
  });

  test('pages in the fr folder are French, the root locale English', () => {
    const languages = Object.fromEntries(docs.pages.map((page) => [page.path, page.language]));
    expect(languages).toMatchObject({ '/': 'en', '/guides/install/': 'en', '/fr/': 'fr', '/fr/guides/install/': 'fr' });
    expect(docs.defaultLocale).toBe('en');
  });
});
