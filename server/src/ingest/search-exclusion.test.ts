import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ingestDocs } from './ingest-docs';
import { temporarySites } from './testing/temporary-site';

// Each generator's own way to leave a page out of the site's search, in a site of two pages.
const site = temporarySites('docent-search-exclusion-');

const excluded = (docs: Awaited<ReturnType<typeof ingestDocs>>) => docs.pages.filter((page) => page.excludedFromSearch === true).map((page) => page.path);

describe('pages a site leaves out of its own search, and drafts it does not publish', () => {
  test('VitePress: search: false in the front matter', async () => {
    const root = await site({
      'docs/.vitepress/config.ts': 'export default { title: "T" }\n',
      'docs/guide.md': '# Guide\n\nText.\n',
      'docs/legacy.md': '---\nsearch: false\n---\n\n# Legacy\n\nOld text.\n',
    });
    const docs = await ingestDocs({ docs: path.join(root, 'docs') });
    expect(docs.generator).toBe('vitepress');
    expect(excluded(docs)).toEqual(['/legacy.html']);
  });

  test('Starlight: pagefind: false in the front matter', async () => {
    const root = await site({
      'astro.config.mjs': "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'T' })] };\n",
      'src/content/docs/guide.md': '---\ntitle: Guide\n---\n\nText.\n',
      'src/content/docs/legacy.md': '---\ntitle: Legacy\npagefind: false\n---\n\nOld text.\n',
    });
    const docs = await ingestDocs({ docs: path.join(root, 'src/content/docs') });
    expect(docs.generator).toBe('starlight');
    expect(excluded(docs)).toEqual(['/legacy/']);
  });

  test('Docusaurus: unlisted: true keeps a page out of the search; draft: true out of the site', async () => {
    const root = await site({
      'website/docusaurus.config.js': "module.exports = { title: 'T', url: 'https://example.com', baseUrl: '/', presets: [['classic', { docs: { path: '../docs', routeBasePath: 'docs' } }]] };\n",
      'docs/guide.md': '# Guide\n\nText.\n',
      'docs/legacy.md': '---\nunlisted: true\n---\n\n# Legacy\n\nOld text.\n',
      'docs/next.md': '---\ndraft: true\n---\n\n# Next\n\nNot written yet.\n',
    });
    const docs = await ingestDocs({ docs: path.join(root, 'docs') });
    expect(docs.generator).toBe('docusaurus');
    expect(docs.pages.map((page) => page.path)).toEqual(['/docs/guide', '/docs/legacy']);
    expect(excluded(docs)).toEqual(['/docs/legacy']);
  });

  test('Starlight: draft: true leaves a page out of the site', async () => {
    const root = await site({
      'astro.config.mjs': "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'T' })] };\n",
      'src/content/docs/guide.md': '---\ntitle: Guide\n---\n\nText.\n',
      'src/content/docs/next.md': '---\ntitle: Next\ndraft: true\n---\n\nNot written yet.\n',
    });
    const docs = await ingestDocs({ docs: path.join(root, 'src/content/docs') });
    expect(docs.pages.map((page) => page.path)).toEqual(['/guide/']);
  });

  test('Mintlify: hidden: true in the front matter (out of the navigation, the search and the assistant)', async () => {
    const root = await site({
      'docs.json': '{ "$schema": "https://mintlify.com/docs.json", "theme": "mint", "navigation": { "pages": ["guide"] } }\n',
      'guide.mdx': '---\ntitle: Guide\n---\n\nText.\n',
      'contracts.mdx': '---\ntitle: Contracts\nhidden: true\n---\n\nOld text.\n',
    });
    const docs = await ingestDocs({ docs: root });
    expect(docs.generator).toBe('mintlify');
    expect(excluded(docs)).toEqual(['/contracts']);
  });

  test('Material for MkDocs: search: { exclude: true } in the front matter; search: { boost: 2 } excludes nothing', async () => {
    const root = await site({
      'mkdocs.yml': 'site_name: T\ntheme:\n  name: material\n',
      'docs/guide.md': '---\nsearch:\n  boost: 2\n---\n\n# Guide\n\nText.\n',
      'docs/legacy.md': '---\nsearch:\n  exclude: true\n---\n\n# Legacy\n\nOld text.\n',
    });
    const docs = await ingestDocs({ docs: path.join(root, 'docs') });
    expect(docs.generator).toBe('mkdocs');
    expect(excluded(docs)).toEqual(['/legacy/']);
  });
});
