import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { compareLinksWithBuiltSite, compareWithBuiltSite, copyFixtureSite, projectRoot, runGenerator, sectionIds, type LinkComparison, type SiteComparison } from './built-site-checks';

// The fixture site is built by Docusaurus itself, and what Docent ingests from its sources is
// checked against what the generator really makes: the page URLs and titles in its own docs
// metadata, and the ids in the HTML it writes. Admonitions, tabs, imports, a rendered partial,
// front matter `id` and `slug`, number prefixes, `{#custom-id}` headings, duplicate headings and
// a category index are all in the fixture.

const fixture = path.join(import.meta.dirname, 'docusaurus-site');
// The page's rendered Markdown (the "#" links Docusaurus adds sit inside the headings).
const theme = { content: '.theme-doc-markdown' };

let site: string;
let docs: IngestedDocs;
let comparison: SiteComparison;
let links: LinkComparison;
/** What Docusaurus says of each doc: its URL and its title. */
let docusaurusDocs: Array<{ permalink: string; title: string }>;

beforeAll(async () => {
  site = await copyFixtureSite(fixture, 'docusaurus');
  await runGenerator(path.join(projectRoot, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), ['build', site, '--no-minify'], {
    cwd: site,
    timeout: 150_000,
    // No webpack cache: it would be written next to the nearest package.json's node_modules.
    env: { DOCUSAURUS_NO_PERSISTENT_CACHE: '1' },
  });
  docs = await ingestDocs({ docs: path.join(site, 'docs') });
  comparison = await compareWithBuiltSite(docs, path.join(site, 'build'), theme);
  links = await compareLinksWithBuiltSite(docs, path.join(site, 'build'), theme);
  const metadataFolder = path.join(site, '.docusaurus/docusaurus-plugin-content-docs/default');
  const metadataFiles = (await readdir(metadataFolder)).filter((name) => name.startsWith('site-docs-'));
  docusaurusDocs = await Promise.all(metadataFiles.map(async (name) => JSON.parse(await readFile(path.join(metadataFolder, name), 'utf8')) as { permalink: string; title: string }));
}, 180_000);

afterAll(async () => {
  if (site !== undefined) await rm(site, { recursive: true, force: true });
});

describe('Docusaurus sources against the site Docusaurus builds from them', () => {
  test('the generator is detected from docusaurus.config.mjs', () => {
    expect(docs.generator).toBe('docusaurus');
  });

  test('pages have the URLs and titles Docusaurus gives them, and the partial is no page', () => {
    const byDocusaurus = docusaurusDocs.map((doc) => ({ path: doc.permalink, title: doc.title })).sort((a, b) => a.path.localeCompare(b.path));
    expect(byDocusaurus.map((doc) => doc.path)).toEqual(['/docs/guides/', '/docs/guides/install', '/docs/intro', '/docs/reference/command-line', '/docs/settings']);
    expect(docs.pages.map((page) => ({ path: page.path, title: page.title }))).toEqual(byDocusaurus);
    expect(comparison.missingPages).toEqual([]);
  });

  test('each page has the language of the built page', () => {
    for (const page of docs.pages) expect(page.language, page.path).toBe(comparison.builtPages.get(page.path)?.language);
  });

  test('every link between pages in a section is the built page\'s own link, as a site path', () => {
    expect(links.linksChecked).toBeGreaterThanOrEqual(5);
    expect(links.wrongLinks).toEqual([]);
    expect(links.relativeLinks).toEqual([]);
  });

  test('every anchor a section links to is an id on the built page', () => {
    expect(comparison.anchorsChecked).toBeGreaterThanOrEqual(15);
    expect(comparison.missingAnchors).toEqual([]);
  });

  test('every heading of the built content with text below it is a section, including those in tabs and partials', () => {
    expect(comparison.builtHeadingsChecked).toBeGreaterThanOrEqual(15);
    expect(comparison.unindexedHeadings).toEqual([]);
  });

  test('custom ids, duplicates, code, symbols, emoji, accents and links in headings come out as Docusaurus makes them', () => {
    const ids = sectionIds(docs);
    for (const id of [
      '/docs/intro#about',
      // The custom id takes no number, so the next "What is Harbor?" gets the plain slug.
      '/docs/intro#what-is-harbor',
      '/docs/intro#what-is-harbor-1',
      '/docs/intro#deploy-',
      '/docs/guides/install#global-install',
      '/docs/guides/install#configuration',
      '/docs/guides/install#the-data--options',
      '/docs/guides/install#check-the-daemon',
      '/docs/reference/command-line#flags-of-harbor-serve',
      '/docs/settings#überblick--nächste-schritte',
      '/docs/settings#advanced',
    ]) {
      expect(ids, id).toContain(id);
    }
  });

  test('admonitions, tabs and the partial become plain text with their titles, imports are dropped', () => {
    const install = docs.pages.find((page) => page.path === '/docs/guides/install');
    const text = install?.sections.map((section) => section.markdown).join('\n') ?? '';
    expect(text).toContain('Keep the cache warm');
    expect(text).toContain('npm install -g harbor-cli');
    expect(text).toContain('pnpm add -g harbor-cli');
    expect(text).toContain('it prints `ready` when the cache serves');
    expect(text).not.toMatch(/<\/?(Tabs|TabItem|SharedSteps)\b|^import |^:::/m);
  });
});
