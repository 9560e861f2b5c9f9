import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ingestDocs, type IngestDocsOptions } from './ingest-docs';
import type { IngestedDocs } from './ingested-docs';
import { parseMarkdown } from './markdown-parser';
import { LinkedMarkdown, SourceLinks, type LinkedPage } from './source-links';
import { linkUrls } from './testing/markdown-links';
import { pageAt } from './testing/page-at';

const fixtures = path.join(import.meta.dirname, 'fixtures');

/** The sections of one page, by anchor (`''` for the intro). */
async function sectionsOf(options: IngestDocsOptions, pagePath: string): Promise<Record<string, string>> {
  const docs = await ingestDocs(options);
  return Object.fromEntries(pageAt(docs, pagePath).sections.map((section) => [section.anchor ?? '', section.markdown]));
}

describe('links between pages become the URLs the generator gives them', () => {
  test('VitePress: ./x.md, x.html, clean ./x, ../index.md and /rooted links, read from the page URL (after rewrites) under the base', async () => {
    const links = await sectionsOf({ docs: path.join(fixtures, 'vitepress') }, '/guide/links');
    expect(links.links).toBe(
      [
        'Read [the install step](/guide/setup#install), [the last section](/guide/setup#last),',
        '[the configuration](/guide/setup#configure-it), [the home page](/), [the setup](/guide/setup),',
        '[the same setup](/guide/setup) and [die Einrichtung](/de/guide/setup).',
        '',
        'Left as written: ![the logo](./logo.png), [a download](./files/fixture.zip), [a missing page](./missing.md),',
        '[VitePress](https://vitepress.dev/guide/routing#linking-between-pages) and `[code](./setup.md)`.',
      ].join('\n'),
    );
    expect(links.more).toBe('Jump to [more](/guide/links#more), or read [the options][options].\n\n[options]: /guide/setup#options');

    const served = await sectionsOf({ docs: path.join(fixtures, 'vitepress'), pathPrefix: '/site', cleanUrls: false }, '/site/guide/links.html');
    expect(linkUrls(served.links ?? '').slice(0, 7)).toEqual([
      '/site/guide/setup.html#install',
      '/site/guide/setup.html#last',
      '/site/guide/setup.html#configure-it',
      '/site/',
      '/site/guide/setup.html',
      '/site/guide/setup.html',
      '/site/de/guide/setup.html',
    ]);
  });

  test("Docusaurus: file links to the doc's URL (id, slug, number prefix), bare ones from the docs folder, /rooted, @site, a partial's own folder", async () => {
    const links = await sectionsOf({ docs: path.join(fixtures, 'docusaurus/docs') }, '/guide/reference/links');
    expect(links['']).toBe(
      [
        'Install with [the setup guide](/guide/guides/setup#install), call [the API](/guide/api-reference#methods), start at',
        '[the introduction](/guide/intro), run [the CLI](/guide/reference/commands), browse [the guides](/guide/guides/)',
        'or go [back](/guide/intro).',
        '',
        'Left as written: [a partial](../guides/_requirements.mdx), [a missing page](./missing.md),',
        '![a diagram](./diagram.png), [Docusaurus](https://docusaurus.io/docs/markdown-features/links) and `[code](api.md)`.',
        '',
        "A partial's links are relative to the partial: [all the guides](/guide/guides/).",
      ].join('\n'),
    );
    expect(links.more).toBe('Jump to [more](/guide/reference/links#more), or read [the commands][commands].\n\n[commands]: /guide/reference/commands');
  });

  test('MkDocs: x.md and ../x.md#anchor from the file, index.md as its folder, directory or .html URLs under the site_url path', async () => {
    const folder = path.join(fixtures, 'mkdocs/links/docs');
    const links = await sectionsOf({ docs: folder }, '/site/reference/links/');
    expect(links.links).toBe(
      [
        'Pick [a font family](/site/setup/fonts/#font-family) in [the setup](/site/setup/) after',
        '[the home page](/site/), [the fonts][fonts] too.',
        '',
        'Left as written: [a folder URL that is no page from here](../setup/fonts/), [a rooted file](/setup/fonts.md),',
        '![the logo](../assets/logo.png), [MkDocs](https://www.mkdocs.org/user-guide/writing-your-docs/#linking-to-pages)',
        'and `[code](../setup/fonts.md)`.',
        '',
        '[fonts]: /site/setup/fonts/ "Fonts"',
      ].join('\n'),
    );
    const files = await sectionsOf({ docs: folder, cleanUrls: false }, '/site/reference/links.html');
    expect(linkUrls(files.links ?? '').slice(0, 3)).toEqual(['/site/setup/fonts.html#font-family', '/site/setup/', '/site/']);
  });

  test('Starlight: URL paths read from the page URL, .md links left as written (Starlight does not rewrite them)', async () => {
    const links = await sectionsOf({ docs: path.join(fixtures, 'starlight/src/content/docs') }, '/reference/links/');
    expect(links['']).toBe(
      [
        'Read [the options](/reference/config-options/), [my page](/guides/my-page/), [getting started](/guides/getting-started/)',
        'and [the German guide](/de/guides/getting-started/#ein-projekt-erstellen).',
        '',
        'Left as written, as Starlight leaves them: [a source file](./configuration.md), [a missing page](../missing/),',
        '![a diagram](../../assets/diagram.png), [Starlight](https://starlight.astro.build/guides/pages/) and `[code](../config-options/)`.',
      ].join('\n'),
    );
    expect(links.more).toBe('Jump to [more](/reference/links/#more), or see [the options][options].\n\n[options]: /reference/config-options/#title');
  });

  test('plain GFM: .md links from the file (README and index as the folder), relative URLs from the page, under the /docs prefix', async () => {
    const links = await sectionsOf({ docs: path.join(fixtures, 'gfm') }, '/docs/guide/links');
    expect(links.links).toBe(
      [
        'Read [the intro](/docs/guide/intro#set-up), [the API](/docs/api/), [the home page](/docs/),',
        '[the French intro](/docs/fr/guide/intro) and [the intro again](/docs/guide/intro).',
        '',
        'Left as written: ![a diagram](./diagram.png), [a missing page](./missing.md), [GitHub](https://docs.github.com/)',
        'and `[code](./intro.md)`.',
      ].join('\n'),
    );
    expect(links.more).toBe('Jump to [more](/docs/guide/links#more), or read [the keys][keys].\n\n[keys]: /docs/api/#keys');
    const served = await sectionsOf({ docs: path.join(fixtures, 'gfm'), pathPrefix: '' }, '/guide/links');
    expect(linkUrls(served.links ?? '').slice(0, 3)).toEqual(['/guide/intro#set-up', '/api/', '/']);
  });

  test('pages read from the parse cache get the same links (the cache keeps where they are written)', async () => {
    const cacheFolder = await mkdtemp(path.join(tmpdir(), 'docent-links-cache-'));
    try {
      const options = { docs: path.join(fixtures, 'docusaurus/docs'), cacheFolder };
      const fresh = await sectionsOf(options, '/guide/reference/links');
      const cached = await sectionsOf(options, '/guide/reference/links');
      expect(cached).toEqual(fresh);
      expect(cached.more).toContain('[commands]: /guide/reference/commands');
    } finally {
      await rm(cacheFolder, { recursive: true, force: true });
    }
  });

  test('a built site: relative links and #anchors read from the page URL', async () => {
    const docs = await ingestDocs({ docs: path.join(fixtures, 'html/sphinx') });
    expect(pageAt(docs, '/api/client.html').sections.flatMap((section) => linkUrls(section.markdown))).toContain('/api/client.html#ferrule.Client');
  });

  test.each([
    ['vitepress', 'vitepress'],
    ['vitepress', 'vitepress-config-folder'],
    ['docusaurus', 'docusaurus/docs'],
    ['mkdocs', 'mkdocs/docs'],
    ['mkdocs', 'mkdocs/links/docs'],
    ['gfm', 'gfm'],
  ])('no section of the %s fixture %s keeps a .md/.mdx link to one of its pages', async (generator, folder) => {
    const docs: IngestedDocs = await ingestDocs({ docs: path.join(fixtures, folder) });
    expect(docs.generator).toBe(generator);
    const root = path.join(fixtures, folder);
    const pageFiles = new Set(docs.pages.map((page) => page.sourceFile));
    const kept: string[] = [];
    for (const page of docs.pages) {
      for (const section of page.sections) {
        for (const url of linkUrls(section.markdown)) {
          const linkPath = decodeURIComponent(url.replace(/[?#].*$/, ''));
          if (!/\.mdx?$/i.test(linkPath) || /^[a-z][a-z0-9+.-]*:/i.test(linkPath)) continue;
          // MkDocs and GitHub leave a /rooted file link as written; VitePress and Docusaurus read it from the docs folder.
          const rooted = generator === 'vitepress' || generator === 'docusaurus' ? [path.join(root, linkPath)] : [];
          const candidates = [path.resolve(path.dirname(page.sourceFile), linkPath), ...rooted];
          if (candidates.some((candidate) => pageFiles.has(candidate))) kept.push(`${section.id}: ${url}`);
        }
      }
    }
    expect(kept).toEqual([]);
  });
});

describe('SourceLinks', () => {
  const pages: LinkedPage[] = [
    { sourceFile: '/d/guide/intro.md', path: '/docs/guide/intro' },
    { sourceFile: '/d/guide/my page.md', path: '/docs/guide/my page' },
    { sourceFile: '/d/guide/x_(1).md', path: '/docs/guide/x_(1)' },
    { sourceFile: '/d/index.md', path: '/docs/' },
  ];
  const links = new SourceLinks({ generator: 'gfm', root: '/d', pages });
  const from = pages[0] as LinkedPage;

  test('resolve: the target page path with the query and anchor as written; undefined for what is no page', () => {
    expect(links.resolve('../index.md?tab=npm#install', from)).toBe('/docs/?tab=npm#install');
    expect(links.resolve('my%20page.md', from)).toBe('/docs/guide/my page');
    expect(links.resolve('#usage', from)).toBe('/docs/guide/intro#usage');
    expect(links.resolve('../guide/', from)).toBeUndefined();
    for (const href of ['', '#', '?q=1', 'https://example.com/intro.md', '//cdn.example.com/x.md', 'mailto:a@example.com', './logo.png', './missing.md']) {
      expect(links.resolve(href, from), href).toBeUndefined();
    }
  });

  test('rewriteMarkdown: titles, <…> and balanced-parenthesis destinations, escaped labels, empty labels, nested blocks', () => {
    const markdown = [
      '[a \\] b](<./my page.md> "Title") and [](x_(1).md \'t\') and [c](<./x_(1).md>)',
      '',
      '- > [in a quote in a list](../index.md)',
      '',
      '| page | link |',
      '| --- | --- |',
      '| intro | [intro](./intro.md#top) |',
      '',
      '[ref]:',
      '  ./intro.md',
      '  "Intro"',
    ].join('\n');
    expect(links.rewriteMarkdown(markdown, from)).toBe(
      [
        '[a \\] b](</docs/guide/my page> "Title") and [](</docs/guide/x_(1)> \'t\') and [c](</docs/guide/x_(1)>)',
        '',
        '- > [in a quote in a list](/docs/)',
        '',
        '| page | link |',
        '| --- | --- |',
        '| intro | [intro](/docs/guide/intro#top) |',
        '',
        '[ref]:',
        '  /docs/guide/intro',
        '  "Intro"',
      ].join('\n'),
    );
  });

  test('LinkedMarkdown keeps where links are written through trimming and joining; rewriteSpans skips a span that does not hold its URL', () => {
    const source = 'Intro.\n\n  See [intro](./intro.md).  \n';
    const tree = parseMarkdown(source);
    const parts = new LinkedMarkdown();
    parts.addSerialized('Serialized [home](../index.md).');
    parts.addSource(source, 8, source.length, tree.children.slice(1));
    parts.addSerialized('   ');
    const joined = parts.join('\n\n');
    expect(joined.markdown).toBe('Serialized [home](../index.md).\n\nSee [intro](./intro.md).');
    expect(joined.links.map((span) => joined.markdown.slice(span.start, span.end))).toEqual(['../index.md', './intro.md']);
    expect(links.rewriteSpans(joined.markdown, joined.links, from)).toBe('Serialized [home](/docs/).\n\nSee [intro](/docs/guide/intro).');
    expect(links.rewriteSpans('See [intro](./other.md).', [{ start: 12, end: 22, url: './intro.md' }], from)).toBe('See [intro](./other.md).');
  });

  test('rewriteMarkdown leaves images, autolinks, code and other sites alone', () => {
    const markdown = '![intro](./intro.md) <https://example.com/intro.md> `[x](./intro.md)`\n\n```md\n[x](./intro.md)\n```\n\n![logo][logo]\n\n[logo]: ./logo.png';
    expect(links.rewriteMarkdown(markdown, from)).toBe(markdown);
  });
});
