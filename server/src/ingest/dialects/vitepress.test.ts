import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';

const fixture = path.join(import.meta.dirname, '../fixtures/vitepress');
let docs: IngestedDocs;

beforeAll(async () => {
  docs = await ingestDocs({ docs: fixture });
});

const page = (pagePath: string) => pageAt(docs, pagePath);

function section(pagePath: string, anchor: string) {
  return page(pagePath).sections.find((candidate) => candidate.anchor === anchor);
}

describe('VitePress dialect', () => {
  test('is detected from .vitepress/config.ts, with the locales its config names', () => {
    expect(docs.generator).toBe('vitepress');
    expect(docs.locales).toEqual([
      { code: 'en', pathPrefix: '' },
      { code: 'de', pathPrefix: '/de' },
    ]);
    expect(docs.defaultLocale).toBe('en');
  });

  test('URLs: rewrites applied, index to its folder, clean URLs as configured', () => {
    expect(docs.pages.map((candidate) => [candidate.path, candidate.language])).toEqual([
      ['/', 'en'],
      ['/de/guide/setup', 'de'],
      ['/guide/links', 'en'],
      ['/guide/setup', 'en'],
      ['/snippets/shared', 'en'],
    ]);
  });

  test("anchors: custom ids, VitePress' slugify, -1 for repeats, badges left out, empty sections still count", () => {
    expect(page('/guide/setup').sections.map((candidate) => [candidate.anchor, candidate.heading])).toEqual([
      ['start', 'Setup'],
      ['install', 'Install'],
      ['install-1', 'Install'],
      ['uberblick-ziele', 'Überblick & Ziele'],
      ['configure-it', '1. Configure'],
      ['options', 'Options'],
      ['last', 'Last'],
    ]);
    expect(page('/guide/setup').title).toBe('Setup');
    expect(section('/guide/setup', 'options')?.url).toBe('/guide/setup#options');
  });

  test('containers keep their content, an explicit title as a bold line; includes resolved with their line range; [[toc]] dropped', () => {
    expect(section('/guide/setup', 'start')?.markdown).toBe('Read this first.');
    expect(section('/guide/setup', 'install')?.markdown).toBe(
      '**Use a lockfile**\n\nRun `npm ci` in CI.\n\nNode 18 or later is required.\n\nShared line A.\nShared line B.',
    );
  });

  test('code imports become fenced code of the region; twoslash and [!code] markup removed; code groups flattened', () => {
    const markdown = section('/guide/setup', 'configure-it')?.markdown ?? '';
    expect(markdown).toContain("```ts\nexport const config = { base: '/docs/' };\n```");
    expect(markdown).toContain('```ts twoslash\nexport default defineConfig({})\n```');
    expect(markdown).not.toMatch(/---cut---|\^\?|\[!code|:::|<<</);
    expect(markdown).toContain('**pnpm**\n\n```sh\npnpm add -D vitepress\n```');
  });

  test('deeper headings stay in their section, and a colon in prose stays text', () => {
    expect(section('/guide/setup', 'options')?.markdown).toBe('Options text.\n\n#### Deeper heading\n\nStill in the options section, 10:30 is not a directive.');
  });

  test('pathPrefix replaces the base, and the cleanUrls setting overrides the config', async () => {
    const served = await ingestDocs({ docs: fixture, pathPrefix: '/site', cleanUrls: false });
    expect(served.pages.map((candidate) => candidate.path)).toContain('/site/guide/setup.html');
    expect(served.locales[1]).toEqual({ code: 'de', pathPrefix: '/site/de' });
  });
});

describe("VitePress settings that are not the site's", () => {
  test("a sidebar group's base and a locale's lang leave the site's URLs and language alone", async () => {
    const site = await mkdtemp(path.join(tmpdir(), 'docent-vitepress-'));
    try {
      await mkdir(path.join(site, '.vitepress'), { recursive: true });
      await mkdir(path.join(site, 'guide'), { recursive: true });
      await writeFile(
        path.join(site, '.vitepress', 'config.ts'),
        [
          "export default defineConfig({",
          "  title: 'Site',",
          "  locales: { root: { label: 'English' }, zh: { label: '简体中文', lang: 'zh-CN' } },",
          "  themeConfig: { sidebar: { '/guide/': { base: '/guide/', items: [{ text: 'Start', link: 'start' }] } } },",
          '});',
          '',
        ].join('\n'),
      );
      await writeFile(path.join(site, 'guide', 'start.md'), '# Start\n\nHallo.\n');
      const served = await ingestDocs({ docs: site });
      expect(served.pages.map((candidate) => candidate.path)).toEqual(['/guide/start.html']);
      expect(served.defaultLocale).toBe('en');
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });
});

describe('VitePress with its config in a folder (.vitepress/config/index.ts)', () => {
  test('is detected, reads the entry’s settings and locales, and reads ::: containers as VitePress does', async () => {
    const folderDocs = await ingestDocs({ docs: path.join(import.meta.dirname, '../fixtures/vitepress-config-folder') });
    expect(folderDocs.generator).toBe('vitepress');
    expect(folderDocs.locales).toEqual([
      { code: 'en', pathPrefix: '' },
      { code: 'zh', pathPrefix: '/zh' },
    ]);
    expect(folderDocs.pages.map((candidate) => candidate.path)).toEqual(['/', '/guide/defining', '/zh/guide/defining']);
    const defining = pageAt(folderDocs, '/guide/defining');
    expect(defining.sections.map((candidate) => candidate.markdown).join('\n')).not.toContain(':::');
  });
});

describe('VitePress pages as their reader sees them', () => {
  let site: string;
  let siteDocs: IngestedDocs;

  const files: Record<string, string> = {
    '.vitepress/config.ts': 'export default { cleanUrls: true };\n',
    'guide/ci.md': [
      '# CI',
      '',
      '## Browsers',
      '',
      '::::tabs key:ci',
      '=== GitHub Actions',
      'Install the browsers first:',
      '',
      ':::tabs key:provider',
      '== Playwright',
      '```sh',
      '== not a tab inside code',
      'npx playwright install',
      '```',
      '== WebdriverIO',
      'Nothing to install.',
      ':::',
      '=== GitLab CI',
      'Use the image.',
      '::::',
      '',
      '== Outside a tabs group this is text.',
      '',
    ].join('\n'),
    'index.md': [
      '---',
      'layout: home',
      'hero:',
      '  name: Acme',
      '  text: Fast <br>static docs',
      '  tagline: Build docs in minutes with Acme.',
      '  image: { src: /logo.png, alt: Acme }',
      '  actions:',
      '    - { theme: brand, text: Get Started, link: /guide/start }',
      '    - { theme: alt, text: GitHub, link: "https://github.com/acme/acme" }',
      'features:',
      '  - { icon: ⚡, title: Instant server start, details: Starts in under 100 ms. }',
      '  - { title: Themeable, details: Override any colour., link: /guide/theming, linkText: Learn more }',
      '  - { title: 42, details: { nested: object } }',
      '---',
      '',
      '## More',
      '',
      'Body text.',
      '',
    ].join('\n'),
    'guide/start.md': [
      '# Start',
      '',
      '## Badges <Badge type="tip" text="v2" />',
      '',
      'Supported since <Badge type="tip" text="v2.1" />, beta in <Badge type="warning">v2.0</Badge>.',
      '',
      '<Badge text="alone" />',
      '',
      '## Alerts',
      '',
      '> [!WARNING]',
      '> Back up first.',
      '',
      '> [!tip] Use a *lockfile*',
      '> Run `npm ci`.',
      '',
      '- In a list:',
      '',
      '  > [!NOTE]',
      '  >',
      '  > Nested note.',
      '',
      '> [!DETAILS]',
      '> Not an alert type.',
      '',
      '## Code group',
      '',
      '::: code-group',
      '',
      '<<< @/snippets/config.ts [Whole file]',
      '<<< @/snippets/config.ts#setup',
      '',
      '```sh [npm]',
      'npm add acme',
      '```',
      '',
      '```sh',
      'yarn add acme',
      '```',
      '',
      ':::',
      '',
      '<<< @/snippets/config.ts#setup [outside a group]',
      '',
    ].join('\n'),
    'snippets/config.ts': '// #region setup\nexport const setup = 1;\n// #endregion setup\n',
    'guide/release.md': [
      '---',
      'title: Release notes',
      'version: 3',
      'package: { name: acme-cli }',
      'tags: [stable, lts]',
      'beta: false',
      '---',
      '',
      '# {{ $frontmatter.title }}',
      '',
      "Version {{ $frontmatter.version }} of `{{$frontmatter.package.name}}` ({{ $frontmatter.tags[1] }}, {{ $frontmatter['title'] }}, beta {{ $frontmatter.beta }}).",
      '',
      'As written: {{ $params.pkg }}, {{ 1 + 1 }}, {{ $frontmatter.package }}, {{ $frontmatter.title.length }}, {{ $frontmatter.missing }}',
      '',
      '```sh',
      'npm i {{ $frontmatter.package.name }}',
      '```',
      '',
      '```sh-vue',
      'npm i {{ $frontmatter.package.name }}@{{ $frontmatter.version }}',
      '```',
      '',
      '<p>From HTML: {{ $frontmatter.title }}</p>',
      '',
      'Kept: <span v-pre>{{ $frontmatter.title }}</span>',
      '',
      '::: v-pre',
      'Also kept: {{ $frontmatter.title }}',
      ':::',
      '',
      '## About {{ $frontmatter.title }}',
      '',
      '| Package | Version |',
      '| --- | --- |',
      '| [{{ $frontmatter.package.name }}](/guide/start) | {{ $frontmatter.version }} |',
      '',
    ].join('\n'),
  };

  beforeAll(async () => {
    site = await mkdtemp(path.join(tmpdir(), 'docent-vitepress-'));
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(site, file)), { recursive: true });
      await writeFile(path.join(site, file), content);
    }
    siteDocs = await ingestDocs({ docs: site });
  });

  afterAll(async () => {
    await rm(site, { recursive: true, force: true });
  });

  const sectionsAt = (pagePath: string) => pageAt(siteDocs, pagePath).sections.map((candidate) => [candidate.anchor, candidate.markdown]);

  test("vitepress-plugin-tabs: each tab's label a bold line, nested groups too; the shared-state key is not text", () => {
    expect(sectionsAt('/guide/ci')).toEqual([
      [
        'browsers',
        '**GitHub Actions**\n\nInstall the browsers first:\n\n**Playwright**\n\n```sh\n== not a tab inside code\nnpx playwright install\n```\n\n**WebdriverIO**\n\nNothing to install.\n\n' +
          '**GitLab CI**\n\nUse the image.\n\n== Outside a tabs group this is text.',
      ],
    ]);
  });

  test('a layout: home page reads as its hero, actions and features, then its own content', () => {
    expect(sectionsAt('/')).toEqual([
      [
        undefined,
        '**Acme**: Fast static docs\n\nBuild docs in minutes with Acme.\n\n[Get Started](/guide/start) · [GitHub](https://github.com/acme/acme)\n\n' +
          '- **Instant server start**: Starts in under 100 ms.\n- [**Themeable**](/guide/theming): Override any colour.',
      ],
      ['more', 'Body text.'],
    ]);
  });

  test('a <Badge text> in text reads as its text, and stays out of a heading', () => {
    expect(pageAt(siteDocs, '/guide/start').sections[0]).toMatchObject({ anchor: 'badges', heading: 'Badges' });
    expect(sectionsAt('/guide/start')[0]).toEqual(['badges', 'Supported since v2.1, beta in v2.0.\n\nalone']);
  });

  test('GitHub alerts read as their content, a title after the marker as a bold lead line, in lists too', () => {
    expect(sectionsAt('/guide/start')[1]).toEqual([
      'alerts',
      'Back up first.\n\n**Use a _lockfile_**\n\nRun `npm ci`.\n\n- In a list:\n\n  Nested note.\n\n> [!DETAILS]\n> Not an alert type.',
    ]);
  });

  test("code-group tabs keep their labels as bold lines: an import's label or file name, a fence's [label]", () => {
    expect(sectionsAt('/guide/start')[2]).toEqual([
      'code-group',
      '**Whole file**\n\n```ts\nexport const setup = 1;\n```\n\n' +
        '**config.ts**\n\n```ts\nexport const setup = 1;\n```\n\n' +
        '**npm**\n\n```sh\nnpm add acme\n```\n\n```sh\nyarn add acme\n```\n\n' +
        '```ts\nexport const setup = 1;\n```',
    ]);
  });

  test('{{ $frontmatter.… }} reads as the value Vue shows, but not in fenced code or v-pre; headings keep the anchor of their text as written', () => {
    expect(pageAt(siteDocs, '/guide/release').sections.map((candidate) => [candidate.anchor, candidate.heading, candidate.markdown])).toEqual([
      [
        'frontmatter-title',
        'Release notes',
        'Version 3 of `acme-cli` (lts, Release notes, beta false).\n\n' +
          'As written: {{ $params.pkg }}, {{ 1 + 1 }}, {{ $frontmatter.package }}, {{ $frontmatter.title.length }},\n\n' +
          '```sh\nnpm i {{ $frontmatter.package.name }}\n```\n\n```sh\nnpm i acme-cli@3\n```\n\n' +
          'From HTML: Release notes\n\nKept: {{ $frontmatter.title }}\n\nAlso kept: {{ $frontmatter.title }}',
      ],
      ['about-frontmatter-title', 'About Release notes', '| Package                  | Version |\n| ------------------------ | ------- |\n| [acme-cli](/guide/start) | 3       |'],
    ]);
  });
});
