import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { matchSitemapPages, readSitemapUrls } from './sitemap';

describe('matchSitemapPages', () => {
  const files = new Set(['index.html', 'guide/index.html', 'guide/deploy.html', 'api.html', 'api/index.html', 'caf\u00e9.html']);

  test('maps /a/b/ to a/b/index.html, /a/b to a/b.html (else a/b/index.html), /a/b.html to itself', () => {
    const pages = matchSitemapPages(['https://x.dev/', 'https://x.dev/guide/', 'https://x.dev/guide/deploy', 'https://x.dev/api', 'https://x.dev/guide/deploy.html', 'https://x.dev/caf%C3%A9.html'], files);

    expect(pages.map((page) => [page.path, page.relativeFile])).toEqual([
      ['/', 'index.html'],
      ['/guide/', 'guide/index.html'],
      ['/guide/deploy', 'guide/deploy.html'],
      ['/api', 'api.html'],
      ['/guide/deploy.html', 'guide/deploy.html'],
      ['/caf\u00e9.html', 'caf\u00e9.html'],
    ]);
  });

  test('a base path the files do not have is found and dropped; the page path keeps it', () => {
    const pages = matchSitemapPages(['https://x.readthedocs.io/en/latest/', 'https://x.readthedocs.io/en/latest/guide/deploy.html', 'https://x.readthedocs.io/en/latest/gone.html'], files);

    expect(pages.map((page) => [page.path, page.relativeFile])).toEqual([
      ['/en/latest/', 'index.html'],
      ['/en/latest/guide/deploy.html', 'guide/deploy.html'],
      ['/en/latest/gone.html', undefined],
    ]);
  });
});

describe('readSitemapUrls', () => {
  let folder: string | undefined;
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test('reads <loc> entries once each, follows a gzipped child sitemap, and ignores image locations', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'docent-sitemap-'));
    const child =
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">' +
      '<url><loc>https://x.dev/a?x=1&amp;y=2</loc><image:image><image:loc>https://x.dev/a.png</image:loc></image:image></url>' +
      '<url><loc><![CDATA[https://x.dev/b/]]></loc></url><url><loc>https://x.dev/a?x=1&amp;y=2</loc></url></urlset>';
    await writeFile(path.join(folder, 'sitemap-pages.xml.gz'), gzipSync(child));
    await writeFile(path.join(folder, 'sitemap.xml'), '<sitemapindex><sitemap><loc>https://x.dev/sitemap-pages.xml.gz</loc></sitemap></sitemapindex>');

    expect(await readSitemapUrls(path.join(folder, 'sitemap.xml'), folder)).toEqual(['https://x.dev/a?x=1&y=2', 'https://x.dev/b/']);
  });

  test('a sitemap index naming a sitemap that is nowhere says which and what to do', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'docent-sitemap-'));
    await writeFile(path.join(folder, 'sitemap.xml'), '<sitemapindex><sitemap><loc>https://x.dev/sitemap-9.xml</loc></sitemap></sitemapindex>');

    await expect(readSitemapUrls(path.join(folder, 'sitemap.xml'), folder)).rejects.toThrow(/names https:\/\/x\.dev\/sitemap-9\.xml, which is neither beside it nor in/);
  });

  test('a file with no <url><loc> is not taken for a sitemap', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'docent-sitemap-'));
    await writeFile(path.join(folder, 'sitemap.xml'), '<html><body>Not a sitemap</body></html>');

    await expect(readSitemapUrls(path.join(folder, 'sitemap.xml'), folder)).rejects.toThrow(/lists no pages/);
  });
});
