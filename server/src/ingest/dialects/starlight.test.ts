import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';

const fixture = path.join(import.meta.dirname, '../fixtures/starlight/src/content/docs');
let docs: IngestedDocs;

beforeAll(async () => {
  docs = await ingestDocs({ docs: fixture });
});

const page = (pagePath: string) => pageAt(docs, pagePath);

describe('Starlight dialect', () => {
  test('is detected from astro.config.mjs three levels up; locales from its exported locales object', () => {
    expect(docs.generator).toBe('starlight');
    expect(docs.locales).toEqual([
      { code: 'en', pathPrefix: '' },
      { code: 'de', pathPrefix: '/de' },
      { code: 'zh-cn', pathPrefix: '/zh-cn' },
    ]);
  });

  test('URLs: slugged entry ids with a trailing slash, index as the root, slug front matter; languages by locale folder; _partials are not pages', () => {
    expect(docs.pages.map((candidate) => [candidate.path, candidate.language])).toEqual([
      ['/', 'en'],
      ['/de/guides/getting-started/', 'de'],
      ['/guides/getting-started/', 'en'],
      ['/guides/my-page/', 'en'],
      ['/reference/config-options/', 'en'],
      ['/reference/links/', 'en'],
    ]);
  });

  test('anchors by github-slugger, non-ASCII kept', () => {
    expect(page('/guides/getting-started/').sections.map((section) => section.anchor)).toEqual([undefined, 'create-a-project', 'steps', 'create-a-project-1']);
    expect(page('/guides/my-page/').sections[0]?.url).toBe('/guides/my-page/#überblick');
    expect(page('/reference/config-options/').sections[0]?.heading).toBe('title');
  });

  test('tabs, asides (directive and component), steps, file trees and cards become their content', () => {
    const [, create, steps] = page('/guides/getting-started/').sections;
    expect(create?.markdown).toBe(
      '**npm**\n\n```sh\nnpm create astro@latest\n```\n\n**pnpm**\n\n```sh\npnpm create astro\n```\n\n**Before you start**\n\nInstall Node.js first.\n\nDo not skip this.',
    );
    expect(steps?.markdown).toBe('1. Run the command.\n2. Open the folder.\n\n**Shortcut** Use the template.\n\n- src/\n  - content/');
    expect(page('/').sections[0]?.markdown).toBe('**Fast** Pages load quickly.\n\n- [**Read the guide**](/guides/getting-started/): Start with the basics.');
  });
});

describe('Starlight code blocks', () => {
  test("Expressive Code's del=/ins= lines and a diff's -/+ lines read as removed and added, not as two valid versions", async () => {
    const site = await mkdtemp(path.join(tmpdir(), 'docent-starlight-'));
    try {
      const docsFolder = path.join(site, 'src', 'content', 'docs');
      await mkdir(docsFolder, { recursive: true });
      await writeFile(path.join(site, 'astro.config.mjs'), "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Site' })] };\n");
      await writeFile(
        path.join(docsFolder, 'upgrade.mdx'),
        [
          '## Rename the title',
          '',
          '```js title="astro.config.mjs" del={2} ins={3}',
          'starlight({',
          "  title: 'Old',",
          "  title: 'New',",
          '});',
          '```',
          '',
          '```diff lang="sh"',
          '-npm i old',
          '+npm i new',
          '```',
          '',
        ].join('\n'),
      );
      const [section] = pageAt(await ingestDocs({ docs: docsFolder }), '/upgrade/').sections;
      expect(section?.markdown).toBe(
        "```js title=\"astro.config.mjs\" del={2} ins={3}\nstarlight({\n  title: 'Old', // removed\n  title: 'New', // added\n});\n```\n\n```sh lang=\"sh\"\nnpm i old # removed\nnpm i new # added\n```",
      );
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });
});
