import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { compareLinksWithBuiltSite, compareWithBuiltSite, copyFixtureSite, debianGenerator, runBinary, sectionIds, type LinkComparison, type SiteComparison } from './built-site-checks';

// The Jekyll dialect's fixture site is built by Jekyll itself (Debian's `jekyll` package: a Ruby
// gem, not on npm), and what Docent ingests from its sources is checked against the HTML Jekyll
// really writes: every page is there, every anchor is an id on its page, every link is the page's.

const fixture = path.join(import.meta.dirname, '../fixtures/jekyll');
// The layout a theme would bring: the page's rendered Markdown in <main class="content">.
const layouts = path.join(import.meta.dirname, 'jekyll-site/_layouts');
const theme = { content: 'main.content' };

let site: string;
let docs: IngestedDocs;
let comparison: SiteComparison;
let links: LinkComparison;

beforeAll(async () => {
  const jekyll = debianGenerator('jekyll', { environmentVariable: 'JEKYLL_PATH', debianPackage: 'jekyll', neededBy: 'the Jekyll build check' });
  site = await copyFixtureSite(fixture, 'jekyll');
  await cp(layouts, path.join(site, '_layouts'), { recursive: true });
  // Built at the root (baseurl "" for the build), so its links are the ingested URLs without /guide.
  await runBinary(jekyll, ['build', '--quiet', '--source', site, '--destination', path.join(site, '_site'), '--baseurl', ''], { timeout: 180_000, env: { JEKYLL_ENV: 'production' } });
  docs = await ingestDocs({ docs: site, pathPrefix: '' });
  comparison = await compareWithBuiltSite(docs, path.join(site, '_site'), theme);
  links = await compareLinksWithBuiltSite(docs, path.join(site, '_site'), theme);
}, 420_000);

afterAll(async () => {
  if (site !== undefined) await rm(site, { recursive: true, force: true });
});

describe('Jekyll sources against the site Jekyll builds from them', () => {
  test('every ingested page is a page of the built site, and what Jekyll does not render is not ingested', () => {
    expect(docs.generator).toBe('jekyll');
    expect(docs.pages.length).toBeGreaterThanOrEqual(5);
    expect(comparison.missingPages).toEqual([]);
    // Jekyll copies a Markdown file without front matter as it is: a static file, no page.
    expect(existsSync(path.join(site, '_site', 'plain-notes.md'))).toBe(true);
    expect(existsSync(path.join(site, '_site', 'plain-notes.html')) || existsSync(path.join(site, '_site', 'plain-notes', 'index.html'))).toBe(false);
    expect(docs.pages.map((page) => page.path).sort()).toEqual(['/', '/about/', '/configuration/', '/docs/install/', '/news/2024/03/05/hello-world/']);
  });

  test('every anchor a section links to is an id on the built page, and every built heading with text is a section', () => {
    expect(comparison.anchorsChecked).toBeGreaterThanOrEqual(7);
    expect(comparison.missingAnchors).toEqual([]);
    expect(comparison.builtHeadingsChecked).toBeGreaterThanOrEqual(7);
    expect(comparison.unindexedHeadings).toEqual([]);
    const ids = sectionIds(docs);
    for (const id of ['/docs/install/#get-it', '/docs/install/#download', '/docs/install/#configure-it30', '/docs/install/#upgrading-from-v2-with-the-guide', '/docs/install/#legacy-id']) expect(ids, id).toContain(id);
  });

  test("every link between pages is the built page's own link", () => {
    expect(links.linksChecked).toBeGreaterThanOrEqual(2);
    expect(links.wrongLinks).toEqual([]);
  });
});
