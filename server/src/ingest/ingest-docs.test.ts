import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DocsFolderError, ingestDocs } from './ingest-docs';

const gfmFixture = path.join(import.meta.dirname, 'fixtures/gfm');
let folder: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'docent-ingest-'));
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function write(relativeFile: string, content: string): Promise<void> {
  const file = path.join(folder, relativeFile);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

describe('ingestDocs on plain GFM', () => {
  test('paths under /docs, index and README as folder pages, locale folders as translations', async () => {
    const docs = await ingestDocs({ docs: gfmFixture });
    expect(docs.generator).toBe('gfm');
    expect(docs.pages.map((page) => [page.path, page.language])).toEqual([
      ['/docs/', 'en'],
      ['/docs/api/', 'en'],
      ['/docs/fr/guide/intro', 'fr'],
      ['/docs/guide/intro', 'en'],
      ['/docs/guide/links', 'en'],
    ]);
    expect(docs.locales).toEqual([
      { code: 'en', pathPrefix: '/docs' },
      { code: 'fr', pathPrefix: '/docs/fr' },
    ]);
  });

  test('sections: intro without anchor, GitHub anchors (braces are text on GitHub), whole code blocks, comments dropped, definitions kept (as page URLs)', async () => {
    const docs = await ingestDocs({ docs: gfmFixture, siteUrl: 'https://docs.example.com/' });
    const page = docs.pages.find((candidate) => candidate.path === '/docs/guide/intro');
    expect(page?.sections.map((section) => [section.anchor, section.heading, section.url])).toEqual([
      [undefined, 'Introduction', 'https://docs.example.com/docs/guide/intro'],
      ['set-up-not-an-id', 'Set up {#not-an-id}', 'https://docs.example.com/docs/guide/intro#set-up-not-an-id'],
      ['set-up', 'Set up', 'https://docs.example.com/docs/guide/intro#set-up'],
      ['déjà-vu--ça-marche', 'Déjà vu — ça marche', 'https://docs.example.com/docs/guide/intro#déjà-vu--ça-marche'],
    ]);
    expect(page?.sections[3]?.markdown).toBe('```md\n# not a heading\n```\n\nSee [the API][api].\n\n[api]: /docs/api/');
    expect(page?.sections[0]).toMatchObject({ version: '2', groups: ['beta'], language: 'en' });
  });

  test('the generator can be forced, and a folder of HTML pages only is read as a built site', async () => {
    await write('index.html', '<!doctype html><html lang="en"><head><title>Home</title></head><body><main><h1 id="home">Home</h1><p>Hello.</p></main></body></html>');
    const docs = await ingestDocs({ docs: folder });
    expect(docs.generator).toBe('html');
    expect(docs.pages.map((page) => page.path)).toEqual(['/']);
    await write('guide.md', '# Guide\n');
    expect((await ingestDocs({ docs: folder })).generator).toBe('gfm');
    expect((await ingestDocs({ docs: folder, generator: 'html' })).generator).toBe('html');
  });

  test('a configured generator still reads its own config file for URL settings', async () => {
    const vitepressFixture = path.join(import.meta.dirname, 'fixtures/vitepress');
    const detected = await ingestDocs({ docs: vitepressFixture });
    const configured = await ingestDocs({ docs: vitepressFixture, generator: 'vitepress' });
    expect(configured.pages.map((page) => page.path)).toEqual(detected.pages.map((page) => page.path));
    expect(configured.locales).toEqual(detected.locales);
    expect(configured.pages.some((page) => page.path.endsWith('.html'))).toBe(false);
  });

  test('a configured default locale names the root pages', async () => {
    await write('index.md', '# Start\n');
    const docs = await ingestDocs({ docs: folder, defaultLocale: 'de' });
    expect(docs.defaultLocale).toBe('de');
    expect(docs.pages[0]?.language).toBe('de');
  });
});

describe('ingestDocs errors name the file and what to fix', () => {
  test('front matter that is not YAML', async () => {
    await write('broken.md', '---\ntitle: [unclosed\n---\nBody\n');
    const error = await ingestDocs({ docs: folder }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DocsFolderError);
    expect((error as Error).message).toContain(path.join(folder, 'broken.md'));
    expect((error as Error).message).toMatch(/front matter is not valid YAML .*fix the block between the opening and closing --- lines/);
  });

  test('a field of the wrong type', async () => {
    await write('groups.md', '---\ngroups:\n  - name: admins\n---\nBody\n');
    await expect(ingestDocs({ docs: folder })).rejects.toThrow(
      `${path.join(folder, 'groups.md')}: front matter "groups" must be a string or a list of strings, but it holds an object`,
    );
  });

  test('JavaScript front matter is refused, never run', async () => {
    await write('script.md', '---js\n{ title: (globalThis.ranFrontMatter = true, "x") }\n---\nBody\n');
    await expect(ingestDocs({ docs: folder })).rejects.toThrow(/script\.md: .*JavaScript front matter/);
    expect((globalThis as { ranFrontMatter?: boolean }).ranFrontMatter).toBeUndefined();
  });

  test('a page that is not valid MDX is read as plain Markdown, and a notice says where to fix it', async () => {
    await write('ok.md', '# Fine\n\nAll good.\n');
    await write('guide/page.mdx', "---\ntitle: Keys\n---\nimport Tabs from '@theme/Tabs';\n\n<Note>Rotate keys often.</Note>\n\n## Rotate {#rotate}\n\nEvery 90 days.\n\n```js\nimport x from 'y';\n```\n");
    const docs = await ingestDocs({ docs: folder });

    const page = docs.pages.find((candidate) => candidate.path === '/docs/guide/page');
    expect(page?.title).toBe('Keys');
    expect(page?.sections.map((section) => [section.heading, section.markdown])).toEqual([
      ['Keys', 'Rotate keys often.'],
      ['Rotate {#rotate}', "Every 90 days.\n\n```js\nimport x from 'y';\n```"],
    ]);
    expect(docs.notices).toEqual([
      {
        message: '1 page is not valid for gfm and was read as plain Markdown, components as text: guide/page.mdx:8:12: Could not parse expression with acorn, at "## Rotate {#rotate}"',
        pages: ['/docs/guide/page'],
        remedy: expect.stringMatching(/^fix the syntax at that place/),
      },
    ]);
    expect(docs.pages.map((candidate) => candidate.path)).toContain('/docs/ok');
  });

  test('a missing folder', async () => {
    await expect(ingestDocs({ docs: path.join(folder, 'nope') })).rejects.toThrow(/nope: the docs folder does not exist/);
  });

  test('a folder with no page: one of AsciiDoc sources is told how to build it, an empty one what to point at; Sphinx sources are read', async () => {
    await write('conf.py', 'project = "Widget"\n');
    await write('index.rst', 'Widget\n======\n\nHello.\n');
    await write('guide/setup.rst', 'Setup\n=====\n');
    const sphinx = await ingestDocs({ docs: folder });
    expect(sphinx.generator).toBe('sphinx');
    expect(sphinx.pages.map((page) => page.path)).toEqual(['/guide/setup.html', '/index.html']);
    const asciidoc = path.join(folder, 'antora');
    await mkdir(asciidoc);
    await writeFile(path.join(asciidoc, 'index.adoc'), '= Widget\n\nHello.\n');
    await expect(ingestDocs({ docs: asciidoc })).rejects.toThrow(
      `${asciidoc}: holds 1 AsciiDoc file (Antora or Asciidoctor) and no Markdown or HTML page; Docent reads Markdown sources or a built site: build it with Antora or Asciidoctor and point \`docs\` at the HTML it writes`,
    );
    const empty = path.join(folder, 'empty');
    await mkdir(empty);
    await expect(ingestDocs({ docs: empty })).rejects.toThrow(`${empty}: holds no Markdown (.md, .mdx, .markdown), reStructuredText (.rst) or HTML page; point \`docs\` at the folder`);
  });
});

describe('ingestDocs parse cache', () => {
  test('reuses unchanged pages, and parses again when an included file changes', async () => {
    const cacheFolder = path.join(folder, 'cache');
    const docsFolder = path.join(folder, 'site');
    await write('site/.vitepress/config.ts', 'export default {}');
    await write('site/guide.md', '# Guide\n\n<!--@include: ./part.txt-->\n');
    await write('site/part.txt', 'First version.');
    const first = await ingestDocs({ docs: docsFolder, cacheFolder });
    expect(first.pages[0]?.sections[0]?.markdown).toBe('First version.');
    expect(await readdir(cacheFolder)).toHaveLength(1);

    const cached = await ingestDocs({ docs: docsFolder, cacheFolder });
    expect(cached).toEqual(first);

    await write('site/part.txt', 'Second version.');
    const changed = await ingestDocs({ docs: docsFolder, cacheFolder });
    expect(changed.pages[0]?.sections[0]?.markdown).toBe('Second version.');
  });

  test('a page that includes a missing file is parsed again once the file exists (VitePress and MDX)', async () => {
    const cacheFolder = path.join(folder, 'cache');
    const docsFolder = path.join(folder, 'site');
    await write('site/.vitepress/config.ts', 'export default {}');
    await write('site/guide.md', '# Guide\n\nBefore.\n\n<!--@include: ./later.md-->\n\n<<< ./later.js\n');
    const first = await ingestDocs({ docs: docsFolder, cacheFolder });
    // A code import of a missing file stays as written, as VitePress leaves an error in its place.
    expect(first.pages[0]?.sections[0]?.markdown).toBe('Before.\n\n<<< ./later.js');

    await write('site/later.md', 'Included later.');
    await write('site/later.js', 'export const later = 1;');
    const after = await ingestDocs({ docs: docsFolder, cacheFolder });
    expect(after.pages[0]?.sections[0]?.markdown).toBe('Before.\n\nIncluded later.\n\n```js\nexport const later = 1;\n```');

    const mdxSite = path.join(folder, 'mdx');
    await write('mdx/docusaurus.config.js', "export default { baseUrl: '/' };");
    await write('mdx/docs/page.mdx', "import Part from './_part.mdx';\n\n# Page\n\nBefore.\n\n<Part />\n");
    const mdxCache = path.join(folder, 'mdx-cache');
    expect((await ingestDocs({ docs: path.join(mdxSite, 'docs'), cacheFolder: mdxCache })).pages[0]?.sections[0]?.markdown).toBe('Before.');
    await write('mdx/docs/_part.mdx', 'The partial.');
    expect((await ingestDocs({ docs: path.join(mdxSite, 'docs'), cacheFolder: mdxCache })).pages[0]?.sections[0]?.markdown).toBe('Before.\n\nThe partial.');
  });

  test('a page whose MkDocs snippet is missing is parsed again once the snippet exists', async () => {
    const cacheFolder = path.join(folder, 'mkdocs-cache');
    await write('mk/mkdocs.yml', 'site_name: T\nmarkdown_extensions:\n  - pymdownx.snippets:\n      base_path: [docs]\n');
    await write('mk/docs/index.md', '# Home\n\nBefore.\n\n--8<-- "later.md"\n');
    const docsFolder = path.join(folder, 'mk', 'docs');
    expect((await ingestDocs({ docs: docsFolder, cacheFolder })).pages[0]?.sections[0]?.markdown).toBe('Before.');
    await write('mk/docs/later.md', 'The snippet.');
    expect((await ingestDocs({ docs: docsFolder, cacheFolder })).pages[0]?.sections[0]?.markdown).toBe('Before.\n\nThe snippet.');
  });
});
