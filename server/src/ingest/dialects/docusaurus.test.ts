import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';
import { docusaurusSlug } from './docusaurus-paths';

const fixture = path.join(import.meta.dirname, '../fixtures/docusaurus/docs');
let docs: IngestedDocs;

beforeAll(async () => {
  docs = await ingestDocs({ docs: fixture });
});

const page = (pagePath: string) => pageAt(docs, pagePath);

describe('Docusaurus dialect', () => {
  test('is detected from docusaurus.config.js beside the docs; the docs routeBasePath (not the blog one) prefixes URLs', () => {
    expect(docs.generator).toBe('docusaurus');
    expect(docs.locales).toEqual([{ code: 'en', pathPrefix: '/guide' }]);
  });

  test('URLs: number prefixes dropped, id and slug (absolute and relative) front matter, category index, partials are not pages', () => {
    expect(docs.pages.map((candidate) => candidate.path)).toEqual([
      '/guide/api-reference',
      '/guide/guides/',
      '/guide/guides/setup',
      '/guide/intro',
      '/guide/reference/commands',
      '/guide/reference/links',
    ]);
  });

  test('anchors: github-slugger, {#custom-id} kept out of the heading text', () => {
    expect(page('/guide/guides/setup').sections.map((section) => [section.anchor, section.heading])).toEqual([
      [undefined, 'Install the tool'],
      ['install', 'Install'],
      ['install-1', 'Install'],
      ['custom-configure', 'Configure'],
    ]);
    expect(page('/guide/intro').sections.map((section) => section.anchor)).toEqual([undefined, 'next']);
  });

  test('MDX: imports and expressions dropped, a partial included, tabs flattened with their labels', () => {
    const [intro, install] = page('/guide/guides/setup').sections;
    expect(intro?.markdown).toBe('Install version  with your package manager.\n\nYou need Node.js 18 or later.');
    expect(install?.markdown).toBe('**npm**\n\n```sh\nnpm install tool\n```\n\n**Yarn**\n\n```sh\nyarn add tool\n```');
  });

  test('admonitions (:::note[Title] and legacy :::tip Title) keep their content with the title in bold; .md is read as MDX', () => {
    expect(page('/guide/intro').sections[0]?.markdown).toBe('Welcome, see [the guides](/guide/guides/).\n\n**Read this first**\n\nBack up your data.\n\n**Pro tip**\n\nUse the CLI.');
  });

  test('pathPrefix replaces baseUrl and routeBasePath', async () => {
    const served = await ingestDocs({ docs: fixture, pathPrefix: '' });
    expect(served.pages.map((candidate) => candidate.path)).toContain('/guides/setup');
  });
});

describe('Docusaurus HTML comments', () => {
  test('an HTML comment is dropped, but one written inside inline code is text and stays as written', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docent-docusaurus-'));
    try {
      await mkdir(path.join(folder, 'docs'));
      await writeFile(path.join(folder, 'docusaurus.config.js'), 'export default { baseUrl: "/" };\n');
      await writeFile(
        path.join(folder, 'docs', 'ignore.md'),
        '# Ignore\n\n<!-- a note for editors -->\n\nYou need a blank line before `<!-- prettier-ignore-start -->` and ``<!-- x -->`` too.\n',
      );
      const [section] = (await ingestDocs({ docs: path.join(folder, 'docs') })).pages[0]?.sections ?? [];
      expect(section?.markdown).toBe('You need a blank line before `<!-- prettier-ignore-start -->` and ``<!-- x -->`` too.');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('Docusaurus versioned docs', () => {
  let site: string | undefined;
  afterEach(async () => {
    if (site !== undefined) await rm(site, { recursive: true, force: true });
    site = undefined;
  });

  /** A site whose docs plugin has `docsOptions`, with `versions` written to versions.json when given. */
  async function versionedSite(docsOptions: string, versions?: string): Promise<string> {
    site = await mkdtemp(path.join(tmpdir(), 'docent-docusaurus-'));
    await mkdir(path.join(site, 'docs'));
    await writeFile(path.join(site, 'docs', 'intro.md'), '# Intro\n\nHello.\n');
    await writeFile(path.join(site, 'docusaurus.config.js'), `export default { baseUrl: '/', presets: [['classic', { docs: { ${docsOptions} } }]] };\n`);
    if (versions !== undefined) await writeFile(path.join(site, 'versions.json'), versions);
    return path.join(site, 'docs');
  }
  const pathsOf = async (docsFolder: string) => (await ingestDocs({ docs: docsFolder })).pages.map((candidate) => candidate.path);

  test('with released versions in versions.json the docs folder is the unreleased version, served under /next', async () => {
    expect(await pathsOf(await versionedSite('', '["2.1", "2.0"]'))).toEqual(['/docs/next/intro']);
  });

  test("lastVersion: 'current' serves the docs folder at the route base path; versions.current.path renames /next", async () => {
    expect(await pathsOf(await versionedSite(`lastVersion: 'current'`, '["2.1"]'))).toEqual(['/docs/intro']);
    await rm(site as string, { recursive: true, force: true });
    expect(await pathsOf(await versionedSite(`routeBasePath: '/', versions: { current: { path: 'unreleased', label: 'Canary' } }`, '["2.1"]'))).toEqual(['/unreleased/intro']);
  });

  test('versioned_docs/version-<name>: the last version at the route base path, an older one under its name', async () => {
    const docsFolder = await versionedSite('', '["2.1", "2.0"]');
    const siteFolder = path.dirname(docsFolder);
    for (const version of ['2.1', '2.0']) {
      await mkdir(path.join(siteFolder, 'versioned_docs', `version-${version}`), { recursive: true });
      await writeFile(path.join(siteFolder, 'versioned_docs', `version-${version}`, 'intro.md'), `# Intro ${version}\n`);
    }
    expect(await pathsOf(path.join(siteFolder, 'versioned_docs', 'version-2.1'))).toEqual(['/docs/intro']);
    expect(await pathsOf(path.join(siteFolder, 'versioned_docs', 'version-2.0'))).toEqual(['/docs/2.0/intro']);
  });

  test("the docs plugin's include and exclude globs decide which files are pages", async () => {
    const docsFolder = await versionedSite(`include: ['{guides,api}/**/*.{md,mdx}', 'intro.md'], exclude: ['**/drafts/**']`);
    for (const file of ['guides/setup.md', 'api/client.mdx', 'guides/drafts/wip.md', 'notes/todo.md']) {
      await mkdir(path.join(docsFolder, path.dirname(file)), { recursive: true });
      await writeFile(path.join(docsFolder, file), `# ${file}\n\nText.\n`);
    }
    expect(await pathsOf(docsFolder)).toEqual(['/docs/api/client', '/docs/guides/setup', '/docs/intro']);
  });

  test('disableVersioning serves the docs folder at the route base path; the last version\'s own path is used', async () => {
    expect(await pathsOf(await versionedSite(`disableVersioning: true`, '["2.1"]'))).toEqual(['/docs/intro']);
    await rm(site as string, { recursive: true, force: true });
    expect(await pathsOf(await versionedSite(`lastVersion: 'current', versions: { current: { path: 'latest' } }`, '["2.1"]'))).toEqual(['/docs/latest/intro']);
  });

  test('an include list read only in part (an entry that is not a literal) is ignored, so no published page is lost', async () => {
    const docsFolder = await versionedSite(`include: ['guides/**/*.md', ...extraDocs]`);
    await mkdir(path.join(docsFolder, 'guides'));
    await writeFile(path.join(docsFolder, 'guides', 'setup.md'), '# Setup\n');
    expect(await pathsOf(docsFolder)).toEqual(['/docs/guides/setup', '/docs/intro']);
  });

  test('no versions.json, an empty one or an unreadable one: the docs folder is the only version', async () => {
    expect(await pathsOf(await versionedSite(''))).toEqual(['/docs/intro']);
    await rm(site as string, { recursive: true, force: true });
    expect(await pathsOf(await versionedSite('', '[]'))).toEqual(['/docs/intro']);
    await rm(site as string, { recursive: true, force: true });
    expect(await pathsOf(await versionedSite('', '{not json'))).toEqual(['/docs/intro']);
  });
});

describe('docusaurusSlug', () => {
  test.each([
    ['intro.md', {}, '/intro'],
    ['01-basics/02-first-steps.md', {}, '/basics/first-steps'],
    ['guides/index.md', {}, '/guides/'],
    ['guides/README.md', {}, '/guides/'],
    ['Guides/guides.mdx', {}, '/Guides/'],
    ['guides/a.md', { id: 'b' }, '/guides/b'],
    ['guides/a.md', { slug: '../top' }, '/top'],
    ['guides/a.md', { slug: '/elsewhere/page' }, '/elsewhere/page'],
    ['2021-01-01-release.md', {}, '/2021-01-01-release'],
  ])('%s with %o is %s', (file, frontMatter, slug) => {
    expect(docusaurusSlug(file, frontMatter)).toBe(slug);
  });
});
