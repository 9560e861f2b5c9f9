import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { BuiltSiteError, ingestBuiltSite } from './built-site';
import type { IngestedDocs } from './ingested-docs';
import { temporarySites } from './testing/temporary-site';

const fixtures = fileURLToPath(new URL('./fixtures/html/', import.meta.url));
const site = (name: string) => path.join(fixtures, name);

function outline(docs: IngestedDocs) {
  return docs.pages.map((page) => ({ path: page.path, title: page.title, sections: page.sections.map((section) => `${section.url} ${section.heading}`) }));
}

function indexedText(docs: IngestedDocs): string {
  return docs.pages.flatMap((page) => page.sections.map((section) => `${section.heading}\n${section.markdown}`)).join('\n');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ingestBuiltSite on a Sphinx build', () => {
  test('reads every page but the index, search and _static pages, with the ids of Sphinx sections', async () => {
    const docs = await ingestBuiltSite({ folder: site('sphinx') });

    expect(docs.generator).toBe('html');
    expect(outline(docs)).toEqual([
      { path: '/', title: 'Welcome to Ferrule', sections: ['/#welcome-to-ferrule Welcome to Ferrule', '/#features Features'] },
      {
        path: '/api/client.html',
        title: 'The Client class',
        sections: [
          '/api/client.html#the-client-class The Client class',
          '/api/client.html#ferrule.Client class ferrule.Client',
          '/api/client.html#timeouts-and-retries Timeouts and retries',
        ],
      },
      {
        path: '/install.html',
        title: 'Installation',
        sections: [
          '/install.html#installation Installation',
          '/install.html#from-pypi From PyPI',
          '/install.html#optional-extras Optional extras',
          '/install.html#from-source From source',
        ],
      },
    ]);
    expect(docs.locales).toEqual([{ code: 'en', pathPrefix: '' }]);
    expect(docs.defaultLocale).toBe('en');
  });

  test('keeps highlighted code whole with its language, h4 inside its section, and no permalink symbols', async () => {
    const docs = await ingestBuiltSite({ folder: site('sphinx') });
    const install = docs.pages.find((page) => page.path === '/install.html');
    const byHeading = new Map(install?.sections.map((section) => [section.heading, section]));

    expect(byHeading.get('From PyPI')?.markdown).toBe(
      'Install the latest release with pip:\n\n```console\n$ python -m pip install ferrule\n```\n\n**Note**\n\nOn Windows, use `py -m pip` instead.',
    );
    expect(byHeading.get('Optional extras')?.markdown).toBe('The `socks` extra adds SOCKS proxy support.\n\n#### Pinning\n\nPin the major version in production.');
    expect(byHeading.get('Optional extras')?.headingTrail).toEqual(['Installation', 'From PyPI']);
    expect(byHeading.get('From source')?.markdown).toContain('```python\nimport ferrule\nprint(ferrule.__version__)\n```');
    expect(indexedText(docs)).not.toContain('¶');
  });

  test('an API entry is a section at its anchor, led by its signature as code', async () => {
    const docs = await ingestBuiltSite({ folder: site('sphinx') });
    const client = docs.pages.find((page) => page.path === '/api/client.html');

    expect(client?.sections[1]?.url).toBe('/api/client.html#ferrule.Client');
    expect(client?.sections[1]?.headingTrail).toEqual(['The Client class']);
    expect(client?.sections[1]?.markdown).toBe('`class ferrule.Client(timeout=10)`\n\nA pooled HTTP client. _timeout_ is in seconds.');
  });
});

describe('ingestBuiltSite on a Hugo build', () => {
  test('maps index.html to its folder, finds anchors on headings, and reads each page\'s language', async () => {
    const docs = await ingestBuiltSite({ folder: site('hugo'), pathPrefix: '/site' });

    expect(outline(docs).map((page) => page.path)).toEqual([
      '/site/',
      '/site/docs/configuration/',
      '/site/docs/getting-started/',
      '/site/fr/',
      '/site/fr/docs/getting-started/',
      '/site/tags/setup/',
    ]);
    const gettingStarted = docs.pages.find((page) => page.path === '/site/docs/getting-started/');
    expect(gettingStarted?.sections.map((section) => section.url)).toEqual([
      '/site/docs/getting-started/#getting-started',
      '/site/docs/getting-started/#install-harbor',
      '/site/docs/getting-started/#serve-a-folder',
      '/site/docs/getting-started/#serve-a-folder-1',
    ]);
    expect(gettingStarted?.sections[1]?.markdown).toBe('Download a release, or use Homebrew:\n\n```bash\nbrew install harbor\nharbor --version\n```');
    expect(gettingStarted?.sections[2]?.markdown).toBe('Point Harbor at the folder and pick a port:\n\n```toml\nroot = "./public"\nport = 8080\n```');
    expect(docs.pages.find((page) => page.path === '/site/fr/docs/getting-started/')?.language).toBe('fr');
    expect(docs.locales).toEqual([
      { code: 'en-us', pathPrefix: '/site' },
      { code: 'fr', pathPrefix: '/site/fr' },
    ]);
    expect(docs.defaultLocale).toBe('en-us');
  });

  test('a table stays a GFM table and the page description is kept', async () => {
    const docs = await ingestBuiltSite({ folder: site('hugo') });

    expect(docs.pages.find((page) => page.path === '/docs/configuration/')?.sections[1]?.markdown).toContain('| `cache_days` | `7`        | Cache lifetime    |');
    expect(docs.pages.find((page) => page.path === '/')?.description).toBe('Documentation for Harbor, the static file server.');
  });

  test('a sitemap index selects exactly the pages its sitemaps list, at their URLs', async () => {
    const docs = await ingestBuiltSite({ folder: site('hugo'), sitemap: path.join(site('hugo'), 'sitemap.xml'), siteUrl: 'https://harbor.example.org/' });

    expect(docs.pages.map((page) => page.path)).toEqual(['/', '/docs/configuration/', '/docs/getting-started/', '/fr/', '/fr/docs/getting-started/']);
    expect(docs.pages[2]?.sections[1]?.url).toBe('https://harbor.example.org/docs/getting-started/#install-harbor');
  });
});

describe('ingestBuiltSite on a MkDocs Material build', () => {
  test('reads the article only: code without line numbers, tabs labelled, admonitions as their content led by a bold title', async () => {
    const docs = await ingestBuiltSite({ folder: site('mkdocs') });
    const colors = docs.pages.find((page) => page.path === '/setup/changing-the-colors/');

    expect(docs.pages.map((page) => page.path)).toEqual(['/', '/setup/changing-the-colors/']);
    expect(colors?.title).toBe('Changing the colors');
    expect(colors?.sections.map((section) => section.url)).toEqual([
      '/setup/changing-the-colors/#changing-the-colors',
      '/setup/changing-the-colors/#color-scheme',
      '/setup/changing-the-colors/#primary-color',
    ]);
    expect(colors?.sections[1]?.markdown).toBe(
      'Set the scheme in `mkdocs.yml`:\n\n```yaml\ntheme:\n  palette:\n    scheme: slate\n```\n\n**Tip**\n\nReaders can switch schemes with the palette toggle.',
    );
    expect(colors?.sections[2]?.markdown).toBe('**Indigo**\n\n```yaml\nprimary: indigo\n```\n\n**Teal**\n\n```yaml\nprimary: teal\n```');
  });
});

describe('ingestBuiltSite on a custom site', () => {
  test('falls back to the body, and takes anchors from <a name>, a target before the heading, or none', async () => {
    const docs = await ingestBuiltSite({ folder: site('custom') });

    expect(outline(docs)).toEqual([
      { path: '/', title: 'Acme Platform', sections: ['/ Acme Platform'] },
      {
        path: '/faq.html',
        title: 'Frequently asked questions',
        sections: [
          '/faq.html Frequently asked questions',
          '/faq.html#billing Is there a free plan?',
          '/faq.html Can I use my own domain?',
          '/faq.html Do you store my logs?',
        ],
      },
      {
        path: '/guide/deploy.html',
        title: 'Deploying your app',
        sections: [
          '/guide/deploy.html Deploying your app',
          '/guide/deploy.html#regions Choosing a region',
          '/guide/deploy.html#tokens Deploy tokens',
          '/guide/deploy.html Rolling back',
          '/guide/deploy.html Rollback limits',
        ],
      },
      { path: '/release-notes.html', title: 'Release notes', sections: ['/release-notes.html Release notes'] },
    ]);
  });

  test('sections without an anchor keep distinct ids, so none is dropped from the index', async () => {
    const docs = await ingestBuiltSite({ folder: site('custom') });
    const ids = docs.pages.flatMap((page) => page.sections.map((section) => section.id));

    expect(new Set(ids).size).toBe(ids.length);
  });

  test('a sitemap with clean URLs maps /guide/deploy to guide/deploy.html and keeps the clean path', async () => {
    const docs = await ingestBuiltSite({ folder: site('custom'), sitemap: path.join(site('custom'), 'sitemap-index.xml') });

    expect(docs.pages.map((page) => page.path)).toEqual(['/faq', '/guide/deploy']);
    expect(docs.pages[1]?.sections[1]?.url).toBe('/guide/deploy#regions');
  });
});

describe('what is never indexed', () => {
  test.each([
    ['sphinx', ['Navigation', 'Quick search', 'Powered by', 'Ferrule Authors', 'next', 'General Index', 'Contents:']],
    ['hugo', ['Skip to main content', 'On this page', 'Next: Configuration', 'Edit this page', 'Harbor contributors', 'Français']],
    ['mkdocs', ['Skip to content', 'Table of contents', 'Edit this page', 'Previous', 'Made with', 'Last update', 'Back to top', 'Search']],
    ['custom', ['Sign in', 'Guides', 'All rights reserved', 'Edit this page', 'Docs /', 'analytics', 'max-width', 'moved']],
  ])('%s: navigation, sidebars, footers, scripts and edit links', async (name, chrome) => {
    const text = indexedText(await ingestBuiltSite({ folder: site(name) }));

    for (const words of chrome) expect(text).not.toContain(words);
  });
});

describe('a sitemap that does not match the folder', () => {
  test('pages it names but the folder lacks are left out with one warning that names them and says what to do', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const docs = await ingestBuiltSite({ folder: site('sphinx'), sitemap: path.join(site('sphinx'), 'sitemap.xml') });

    expect(docs.pages.map((page) => page.path)).toEqual(['/en/latest/api/client.html', '/en/latest/index.html', '/en/latest/install.html']);
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]?.[0]);
    expect(message).toContain('1 of its 4 pages');
    expect(message).toContain('https://ferrule.readthedocs.io/en/latest/changelog.html');
    expect(message).toContain('rebuild the site');
  });

  test('when most of its pages are not in the folder, the folder is the wrong one: an error says so', async () => {
    const attempt = ingestBuiltSite({ folder: site('custom'), sitemap: path.join(site('sphinx'), 'sitemap.xml') });

    await expect(attempt).rejects.toThrow(BuiltSiteError);
    await expect(attempt).rejects.toThrow(/only 1 of the 4 pages .* point docs at the build output folder/);
  });

  test('a missing sitemap file or folder is named in the error', async () => {
    await expect(ingestBuiltSite({ folder: site('custom'), sitemap: path.join(site('custom'), 'sitemap.xml') })).rejects.toThrow(/sitemap file does not exist/);
    await expect(ingestBuiltSite({ folder: site('no-such-site') })).rejects.toThrow(/built site folder does not exist/);
  });
});

describe('a generated site of 200 pages', () => {
  let folder: string | undefined;
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test('every page and every section is read', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'docent-built-site-'));
    await writeGeneratedSite(folder, 200);

    const docs = await ingestBuiltSite({ folder });

    expect(docs.pages).toHaveLength(200);
    expect(docs.pages.every((page) => page.sections.length === 4)).toBe(true);
    expect(docs.pages[0]?.sections[3]?.url).toBe('/topic-0/page-0.html#step-3');
  });
});

// Writes `count` Sphinx-like pages (an intro and three sections each, with code) under `folder`.
async function writeGeneratedSite(folder: string, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    const topic = `topic-${index % 10}`;
    await mkdir(path.join(folder, topic), { recursive: true });
    const steps = [1, 2, 3]
      .map(
        (step) =>
          `<section id="step-${step}"><h2>Step ${step} of page ${index}<a class="headerlink" href="#step-${step}">¶</a></h2>` +
          `<p>Configure option <code>option${step}</code> for component ${index}. ${'This paragraph explains the behaviour in detail. '.repeat(6)}</p>` +
          `<div class="highlight-python"><div class="highlight"><pre><span class="kn">import</span> <span class="nn">module${index}</span>\n<span class="n">run</span>(<span class="mi">${step}</span>)\n</pre></div></div></section>`,
      )
      .join('');
    const html =
      `<!DOCTYPE html><html lang="en"><head><title>Page ${index} — Generated docs</title><script src="_static/x.js"></script></head><body>` +
      `<div class="related" role="navigation"><ul>${'<li><a href="#">link</a></li>'.repeat(30)}</ul></div>` +
      `<div class="document"><div class="documentwrapper"><div class="bodywrapper"><div class="body" role="main">` +
      `<section id="page-${index}"><h1>Page ${index}<a class="headerlink" href="#page-${index}">¶</a></h1><p>Introduction to page ${index}.</p>${steps}</section>` +
      `</div></div></div><div class="sphinxsidebar" role="navigation"><ul>${'<li><a href="#">toc entry</a></li>'.repeat(40)}</ul></div></div>` +
      `<div class="footer">© Generated</div></body></html>`;
    await writeFile(path.join(folder, topic, `page-${index}.html`), html);
  }
}

describe('ingestBuiltSite parse cache', () => {
  let temporary: string | undefined;
  afterEach(async () => {
    if (temporary !== undefined) await rm(temporary, { recursive: true, force: true });
    temporary = undefined;
  });

  test('an unchanged page is read from the cache at the next start; a changed one is read again', async () => {
    temporary = await mkdtemp(path.join(tmpdir(), 'docent-built-cache-'));
    const folder = path.join(temporary, 'site');
    const cacheFolder = path.join(temporary, 'cache');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'a.html'), '<html><body><main><h1>A</h1><p>First.</p></main></body></html>');
    await writeFile(path.join(folder, 'b.html'), '<html><body><main><h1>B</h1><p>Second.</p></main></body></html>');
    const first = await ingestBuiltSite({ folder, cacheFolder });
    expect(first.pages.map((page) => page.title)).toEqual(['A', 'B']);

    // Marks what the cache holds, so a page served from it shows.
    const [cacheFile] = await readdir(cacheFolder);
    const file = path.join(cacheFolder, cacheFile as string);
    await writeFile(file, (await readFile(file, 'utf8')).replaceAll('First.', 'From the cache.'));
    await writeFile(path.join(folder, 'b.html'), '<html><body><main><h1>B</h1><p>Changed.</p></main></body></html>');
    const second = await ingestBuiltSite({ folder, cacheFolder });
    expect(second.pages.map((page) => page.sections[0]?.markdown)).toEqual(['From the cache.', 'Changed.']);
  });
});

describe('ingestBuiltSite on an mdBook build', () => {
  const site = temporarySites('docent-built-mdbook-');

  // A page as mdBook's index.hbs lays it out: a keyboard-help popup, the sidebar, the menu bar,
  // then <main>; print.html and toc.html are marked noindex.
  const page = (title: string, main: string, options: { print?: boolean } = {}) =>
    `<!DOCTYPE HTML><html lang="en" class="light sidebar-visible" dir="ltr"><head><!-- Book generated using mdBook --><meta charset="UTF-8"><title>${title} - The Widget Book</title>` +
    (options.print === true ? '<meta name="robots" content="noindex">' : '') +
    '<meta name="description" content=""></head><body>' +
    '<div id="mdbook-help-container"><div id="mdbook-help-popup"><h2 class="mdbook-help-title">Keyboard shortcuts</h2><p>Press <kbd>←</kbd> to navigate</p></div></div>' +
    '<nav id="mdbook-sidebar" class="sidebar" aria-label="Table of contents"><div class="sidebar-scrollbox"><ol class="chapter"><li><a href="intro.html">Introduction</a></li><li><a href="setup.html">Setup</a></li></ol></div></nav>' +
    '<div id="mdbook-page-wrapper" class="page-wrapper"><div class="page"><div id="mdbook-menu-bar" class="menu-bar sticky"><h1 class="menu-title">The Widget Book</h1></div>' +
    `<div id="mdbook-content" class="content"><main>${main}</main><nav class="nav-wrapper" aria-label="Page navigation"><a rel="next" href="setup.html">Next</a></nav></div></div></div></body></html>`;
  const intro = '<h1 id="introduction"><a class="header" href="#introduction">Introduction</a></h1><p>The widget answers questions from your docs.</p>';
  const setup = '<h1 id="setup"><a class="header" href="#setup">Setup</a></h1><p>Paste the script tag into every page.</p>';

  test('print.html and toc.html (noindex) are not pages; index.html, a copy of the first chapter, is that chapter served at a second URL', async () => {
    const folder = await site({
      'index.html': page('Introduction', intro),
      'intro.html': page('Introduction', intro),
      'setup.html': page('Setup', setup),
      'print.html': page('The Widget Book', intro + setup, { print: true }),
      'toc.html': '<!DOCTYPE HTML><html><head><meta charset="UTF-8"><meta name="robots" content="noindex"></head><body class="sidebar-iframe-inner"><ol class="chapter"><li><a href="intro.html">Introduction</a></li></ol></body></html>',
      '404.html': page('Page not found', '<h1 id="document-not-found-404">Document not found (404)</h1><p>This URL is invalid, sorry.</p>'),
      'old-setup.html': '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Redirecting...</title><meta http-equiv="refresh" content="0; URL=setup.html"></head><body><p>Redirecting to... <a href="setup.html">setup.html</a>.</p></body></html>',
    });
    const docs = await ingestBuiltSite({ folder });
    expect(docs.pages.map((candidate) => [candidate.path, candidate.title, candidate.alsoServedAt])).toEqual([
      ['/intro.html', 'Introduction', ['/']],
      ['/setup.html', 'Setup', undefined],
    ]);
    expect(docs.pages[0]?.sections.map((section) => [section.anchor, section.markdown])).toEqual([['introduction', 'The widget answers questions from your docs.']]);
  });
});
