import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';
import { temporarySites } from '../testing/temporary-site';
import { createStarlightDialect } from './starlight';

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

describe('Starlight MDX imports, <Code> and the hero', () => {
  const site = temporarySites('docent-starlight-');

  /** A Starlight site holding `files` (paths from the site folder); returns its docs folder. */
  async function siteWith(files: Record<string, string>): Promise<string> {
    const config = "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Site' })] };\n";
    return path.join(await site({ 'astro.config.mjs': config, ...files }), 'src', 'content', 'docs');
  }
  const sectionsOf = async (docsFolder: string) => ((await ingestDocs({ docs: docsFolder })).pages[0]?.sections ?? []).map((section) => [section.heading ?? '', section.markdown]);

  test('expressive-code-twoslash: a twoslash block shows what is below its cut, without its directives', async () => {
    const docsFolder = await siteWith({
      'src/content/docs/types.md': ['---', 'title: Types', '---', '', '## Inference', '', '```ts twoslash', "// @noErrors", "import { z } from 'zod';", '// ---cut---', 'const name = z.string();', '//    ^?', '```', ''].join('\n'),
    });
    expect(await sectionsOf(docsFolder)).toEqual([['Inference', '```ts twoslash\nconst name = z.string();\n```']]);
  });

  test("with remark-math in Astro's markdown plugins, $…$ in MDX is math, braces and all", async () => {
    const config = "import starlight from '@astrojs/starlight';\nimport remarkMath from 'remark-math';\nexport default { markdown: { remarkPlugins: [remarkMath] }, integrations: [starlight({ title: 'Site' })] };\n";
    const docsFolder = await siteWith({ 'astro.config.mjs': config, 'src/content/docs/area.mdx': '---\ntitle: Area\n---\n\n## Circle\n\nThe area is $\\pi r^{2}$.\n' });
    expect(await sectionsOf(docsFolder)).toEqual([['Circle', 'The area is $\\pi r^{2}$.']]);
  });

  test('<Code> is fenced code: a file imported with ?raw, a string, a template literal; its meta marks lines as fenced code does', async () => {
    const docsFolder = await siteWith({
      'src/examples/hello.ts': "export const hello = 'world';\n",
      'src/content/docs/code.mdx': [
        "import { Code } from '@astrojs/starlight/components';",
        "import helloSource from '../../examples/hello.ts?raw';",
        '',
        '## Raw',
        '',
        '<Code code={helloSource} lang="ts" title="hello.ts" meta="ins={1}" />',
        '',
        '## Literal',
        '',
        '<Code code="npm run dev" lang="sh" />',
        '',
        '<Code code={`const a = 1;`} lang="js" />',
        '',
        '## Computed',
        '',
        '<Code code={makeCode()} lang="js" />',
        '',
      ].join('\n'),
    });
    expect(await sectionsOf(docsFolder)).toEqual([
      ['Raw', "```ts ins={1} title=\"hello.ts\"\nexport const hello = 'world'; // added\n```"],
      ['Literal', '```sh\nnpm run dev\n```\n\n```js\nconst a = 1;\n```'],
    ]);
  });

  test('an imported MDX partial is expanded with its string props, as in Docusaurus, and is a dependency of the page', async () => {
    const docsFolder = await siteWith({
      'src/content/partials/setup.mdx': 'Run the **{props.tool}** setup wizard.\n\n```sh del={1}\nnpx old-setup\n```\n',
      'src/content/docs/start.mdx': "import Setup from '../partials/setup.mdx';\n\n## Setup\n\n<Setup tool=\"acme\" />\n",
    });
    expect(await sectionsOf(docsFolder)).toEqual([['Setup', 'Run the **acme** setup wizard.\n\n```sh del={1}\nnpx old-setup # removed\n```']]);
    const siteFolder = path.resolve(docsFolder, '../../..');
    const dialect = await createStarlightDialect({ root: docsFolder, files: ['start.mdx'], configFile: path.join(siteFolder, 'astro.config.mjs'), settings: {} });
    const sourceFile = path.join(docsFolder, 'start.mdx');
    const parsed = await dialect.parse(await readFile(sourceFile, 'utf8'), { relativeFile: 'start.mdx', sourceFile });
    expect(parsed.dependencies).toEqual([path.join(siteFolder, 'src', 'content', 'partials', 'setup.mdx')]);
  });

  test("a partial imported through a path alias of the site's tsconfig.json is expanded too", async () => {
    const docsFolder = await siteWith({
      'tsconfig.json': '{\n  // as Astro sites write it\n  "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } },\n}\n',
      'src/components/generated/fatal.md': 'A fatal diagnostic is **red**.\n',
      'src/content/docs/diagnostics.mdx': "import Fatal from '@/components/generated/fatal.md';\nimport Card from '@/components/Card.astro';\n\n## Fatal\n\n<Fatal />\n\n<Card />\n",
    });
    expect(await sectionsOf(docsFolder)).toEqual([['Fatal', 'A fatal diagnostic is **red**.']]);
  });

  test("a sidebar entry's base inside the Starlight options is not Astro's base", async () => {
    const config =
      "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Site', sidebar: [...changelogLinks({ base: 'internals/changelog' })] })] };\n";
    const docsFolder = await siteWith({ 'astro.config.mjs': config, 'src/content/docs/guides/start.md': '## Start\n\nHello.\n' });
    expect((await ingestDocs({ docs: docsFolder })).pages.map((page) => page.path)).toEqual(['/guides/start/']);
  });

  test("Astro's own i18n (a list of locales, its defaultLocale) is not Starlight's locales", async () => {
    const config =
      "import starlight from '@astrojs/starlight';\nexport default { i18n: { defaultLocale: 'pt-br', locales: ['pt-br', 'en'] }, integrations: [starlight({ title: 'Site', defaultLocale: 'root', locales: { root: { label: 'English', lang: 'en' }, 'pt-br': { label: 'Português', lang: 'pt-BR' } } })] };\n";
    const docsFolder = await siteWith({ 'astro.config.mjs': config, 'src/content/docs/start.md': '## Start\n\nHello.\n', 'src/content/docs/pt-br/start.md': '## Início\n\nOlá.\n' });
    const docs = await ingestDocs({ docs: docsFolder });
    expect(docs.pages.map((page) => [page.path, page.language])).toEqual([
      ['/pt-br/start/', 'pt-br'],
      ['/start/', 'en'],
    ]);
    expect(docs.defaultLocale).toBe('en');
  });

  test("a splash page's hero title (when not the page title) and tagline are its first text", async () => {
    const docsFolder = await siteWith({
      'src/content/docs/index.mdx': [
        '---',
        'title: Acme Docs',
        'template: splash',
        'hero:',
        '  title: Build <em>faster</em>',
        "  tagline: Ship faster with Acme's build tools.",
        '---',
        '',
        '## Next steps',
        '',
        'Read the guide.',
        '',
      ].join('\n'),
    });
    expect(await sectionsOf(docsFolder)).toEqual([
      ['Acme Docs', "**Build faster**\n\nShip faster with Acme's build tools."],
      ['Next steps', 'Read the guide.'],
    ]);
  });

  test("a hero's actions are a list of links after its tagline, their addresses rewritten like any link's", async () => {
    const docsFolder = await siteWith({
      'src/content/docs/guides/start.md': '---\ntitle: Start\n---\n\nStart here.\n',
      'src/content/docs/index.mdx': [
        '---',
        'title: Acme Docs',
        'template: splash',
        'hero:',
        '  tagline: Ship faster with Acme.',
        '  actions:',
        '    - { text: Get started, link: guides/start/, icon: right-arrow }',
        '    - { text: View on GitHub, link: "https://github.com/acme/acme", variant: minimal }',
        '    - { text: No address }',
        '---',
        '',
        'Welcome.',
        '',
      ].join('\n'),
    });
    const home = pageAt(await ingestDocs({ docs: docsFolder }), '/');
    expect(home.sections.map((section) => section.markdown)).toEqual(['Ship faster with Acme.\n\n- [Get started](/guides/start/)\n- [View on GitHub](https://github.com/acme/acme)\n\nWelcome.']);
  });

  test("starlight-package-managers' <PackageManagers> reads as its commands: a bold manager name and a sh block each, one manager a block alone", async () => {
    const docsFolder = await siteWith({
      'src/content/docs/install.mdx': [
        "import { PackageManagers } from 'starlight-package-managers';",
        '',
        '## Add',
        '',
        '<PackageManagers pkg="@acme/cli" dev />',
        '',
        '## Create',
        '',
        '<PackageManagers type="create" pkg="acme@latest" args="--template docs" pkgManagers={[\'npm\', \'yarn\', \'deno\']} />',
        '',
        '## Run',
        '',
        '<PackageManagers type="run" args="dev" prefix="DEBUG=true" comment="start with {PKG}" pkgManagers={[\'bun\']} title="Dev server" />',
        '',
      ].join('\n'),
    });
    expect(await sectionsOf(docsFolder)).toEqual([
      ['Add', '**npm**\n\n```sh\nnpm i -D @acme/cli\n```\n\n**pnpm**\n\n```sh\npnpm add -D @acme/cli\n```\n\n**yarn**\n\n```sh\nyarn add -D @acme/cli\n```'],
      // deno has no `create`; yarn's does not take a version; npm needs `--` before arguments.
      ['Create', '**npm**\n\n```sh\nnpm create acme@latest -- --template docs\n```\n\n**yarn**\n\n```sh\nyarn create acme --template docs\n```'],
      ['Run', '```sh title="Dev server"\n# start with bun\nDEBUG=true bun run dev\n```'],
    ]);
  });
});
