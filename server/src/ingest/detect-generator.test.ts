import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { detectGenerator } from './detect-generator';
import { listDocsFiles } from './page-files';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'docent-detect-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function write(relativeFile: string, content = ''): Promise<void> {
  const file = path.join(root, relativeFile);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

async function detect(docs: string) {
  const folder = path.join(root, docs);
  const detected = await detectGenerator(folder, await listDocsFiles(folder));
  return { generator: detected.generator, configFile: detected.configFile && path.relative(root, detected.configFile) };
}

describe('detectGenerator', () => {
  test('VitePress: .vitepress/config in the folder or up to two parents (docs/en)', async () => {
    await write('docs/.vitepress/config.mts', 'export default {}');
    await write('docs/en/guide.md', '# Guide');
    expect(await detect('docs/en')).toEqual({ generator: 'vitepress', configFile: 'docs/.vitepress/config.mts' });
  });

  test("Docusaurus: a config in a parent, or in a website/ folder beside the docs (Prettier's layout)", async () => {
    await write('project/docs/intro.md', '# Intro');
    await write('project/website/docusaurus.config.js', 'export default {}');
    expect(await detect('project/docs')).toEqual({ generator: 'docusaurus', configFile: 'project/website/docusaurus.config.js' });
  });

  test('MkDocs: mkdocs.yml beside the docs folder', async () => {
    await write('site/docs/index.md', '# Home');
    await write('site/mkdocs.yml', 'site_name: x');
    expect(await detect('site/docs')).toEqual({ generator: 'mkdocs', configFile: 'site/mkdocs.yml' });
  });

  test('Starlight: an astro.config using Starlight up to three levels up; plain Astro is not Starlight', async () => {
    await write('web/src/content/docs/index.md', '# Home');
    await write('web/astro.config.mjs', "import { defineConfig } from 'astro/config';\nexport default defineConfig({});");
    expect(await detect('web/src/content/docs')).toEqual({ generator: 'gfm', configFile: undefined });
    await write('web/astro.config.mjs', "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({})] };");
    expect(await detect('web/src/content/docs')).toEqual({ generator: 'starlight', configFile: 'web/astro.config.mjs' });
  });

  test("Mintlify: mint.json, or a docs.json that is Mintlify's, in the folder; another tool's docs.json is not", async () => {
    await write('docs/index.mdx', '# Home');
    await write('docs/docs.json', '{ "version": 2, "pages": [] }');
    expect(await detect('docs')).toEqual({ generator: 'gfm', configFile: undefined });
    await write('docs/docs.json', '{ "$schema": "https://mintlify.com/docs.json", "name": "Acme" }');
    expect(await detect('docs')).toEqual({ generator: 'mintlify', configFile: 'docs/docs.json' });
    await write('docs/docs.json', '{ "theme": "mint", "navigation": { "pages": ["index"] } }');
    expect(await detect('docs')).toEqual({ generator: 'mintlify', configFile: 'docs/docs.json' });
    await write('legacy/index.mdx', '# Home');
    await write('legacy/mint.json', '{}');
    expect(await detect('legacy')).toEqual({ generator: 'mintlify', configFile: 'legacy/mint.json' });
  });

  test('HTML pages without Markdown are a built site; anything else plain GFM', async () => {
    await write('public/index.html', '<h1>Home</h1>');
    expect((await detect('public')).generator).toBe('html');
    await write('notes/readme.md', '# Notes');
    expect((await detect('notes')).generator).toBe('gfm');
  });
});
