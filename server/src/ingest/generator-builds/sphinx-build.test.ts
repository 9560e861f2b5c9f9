import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import {
  builtPageFile,
  compareLinksWithBuiltSite,
  compareWithBuiltSite,
  copyFixtureSite,
  debianGenerator,
  readBuiltPage,
  runBinary,
  sectionIds,
  type LinkComparison,
  type SiteComparison,
} from './built-site-checks';

// The Sphinx dialect's fixture site (reStructuredText and MyST pages) is built by Sphinx itself
// (Debian's `python3-sphinx` and `python3-myst-parser`: Python packages, not on npm), and what
// Docent ingests from its sources is checked against the HTML Sphinx really writes: every page
// is there, every anchor is an id on its page, every link is the page's.

const fixture = path.join(import.meta.dirname, '../fixtures/sphinx');
// Sphinx's default theme (Alabaster) puts a page's content in <div class="body" role="main">, a
// `¶` link beside each heading.
const theme = { content: 'div.body', chrome: 'a.headerlink' };

let site: string;
let docs: IngestedDocs;
let comparison: SiteComparison;
let links: LinkComparison;

beforeAll(async () => {
  const sphinx = debianGenerator('sphinx-build', { environmentVariable: 'SPHINX_BUILD_PATH', debianPackage: ['python3-sphinx', 'python3-myst-parser'], neededBy: 'the Sphinx build check' });
  site = await copyFixtureSite(fixture, 'sphinx');
  // -W: a warning (an unknown directive, a broken reference) fails the build, so the fixture stays valid Sphinx.
  await runBinary(sphinx, ['-W', '-q', '-b', 'html', site, path.join(site, '_build', 'html')], { timeout: 180_000 });
  docs = await ingestDocs({ docs: site, pathPrefix: '' });
  comparison = await compareWithBuiltSite(docs, path.join(site, '_build', 'html'), theme);
  links = await compareLinksWithBuiltSite(docs, path.join(site, '_build', 'html'), theme);
}, 420_000);

afterAll(async () => {
  if (site !== undefined) await rm(site, { recursive: true, force: true });
});

describe('Sphinx sources against the site Sphinx builds from them', () => {
  test('every ingested page is a page of the built site, and excluded files are no pages', () => {
    expect(docs.generator).toBe('sphinx');
    expect(comparison.missingPages).toEqual([]);
    expect(docs.pages.map((page) => page.path).sort()).toEqual(['/api.html', '/guide/changes.html', '/guide/configure.html', '/guide/install.html', '/guide/notes.html', '/index.html']);
  });

  test('every anchor a section links to is an id on the built page, and every built heading with text is a section', () => {
    expect(comparison.anchorsChecked).toBeGreaterThanOrEqual(15);
    expect(comparison.missingAnchors).toEqual([]);
    expect(comparison.builtHeadingsChecked).toBeGreaterThanOrEqual(10);
    expect(comparison.unindexedHeadings).toEqual([]);
    const ids = sectionIds(docs);
    for (const id of [
      '/guide/install.html#requirements',
      // The second "Requirements" is numbered: `id1` went to "Installation", named like its label.
      '/guide/install.html#id2',
      '/guide/install.html#installation',
      // A reference with its URI embedded (`#12 <url>`_) takes `id1` before the second "Bug fixes".
      '/guide/changes.html#bug-fixes',
      '/guide/changes.html#id2',
      '/guide/install.html#getting-support',
      '/guide/configure.html#cafe-creme',
      '/guide/configure.html#envvar-WIDGETS_HOME',
      '/guide/configure.html#cmdoption-widgetctl-q',
      '/api.html#widgets.render',
      '/api.html#widgets.Dashboard.add_panel',
      '/api.html#widgets.helpers.slugify',
      '/guide/notes.html#version-2-4',
    ]) {
      expect(ids, id).toContain(id);
    }
  });

  test("every link between pages is the built page's own link, and every #anchor it names is an id there", async () => {
    expect(links.linksChecked).toBeGreaterThanOrEqual(5);
    expect(links.wrongLinks).toEqual([]);
    // `:ref:` links point at a label's id (`config_reference` is `config-reference` on the page).
    const anchored = docs.pages.flatMap((page) => page.sections.flatMap((section) => [...section.markdown.matchAll(/\]\((\/[^)#\s]+)#([^)\s]+)\)/g)].map((match) => ({ page: match[1] as string, anchor: match[2] as string }))));
    expect(anchored.map(({ anchor }) => anchor)).toEqual(expect.arrayContaining(['config-reference', 'installation', 'upgrade-guide']));
    const missing: string[] = [];
    for (const { page, anchor } of anchored) {
      const file = builtPageFile(path.join(site, '_build', 'html'), page);
      if (file === undefined || !(await readBuiltPage(file, theme)).ids.has(anchor)) missing.push(`${page}#${anchor}`);
    }
    expect(missing).toEqual([]);
  });
});
