import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
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
    expect(markdown).toContain('```sh [pnpm]\npnpm add -D vitepress\n```');
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
