import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';
import { createDocusaurusDialect } from './docusaurus';
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

describe('Docusaurus MDX imports and code', () => {
  let site: string | undefined;
  afterEach(async () => {
    if (site !== undefined) await rm(path.dirname(site), { recursive: true, force: true });
    site = undefined;
  });

  /** A site folder (inside a temporary folder) holding `files`, by path from the site folder; returns its docs folder. */
  async function siteWith(files: Record<string, string>, config = "export default { baseUrl: '/' };\n"): Promise<string> {
    site = path.join(await mkdtemp(path.join(tmpdir(), 'docent-docusaurus-')), 'site');
    for (const [file, content] of Object.entries({ 'docusaurus.config.js': config, ...files })) {
      await mkdir(path.dirname(path.join(site, file)), { recursive: true });
      await writeFile(path.join(site, file), content);
    }
    return path.join(site, 'docs');
  }
  const sectionsOf = async (docsFolder: string) => ((await ingestDocs({ docs: docsFolder })).pages[0]?.sections ?? []).map((section) => [section.heading, section.markdown]);

  test('shiki-twoslash: a block shows what is below its cut, without directives; an include block is not shown', async () => {
    const docsFolder = await siteWith({
      'docs/client.md': [
        '## Client',
        '',
        '```twoslash include router',
        "export const appRouter = t.router({});",
        '```',
        '',
        'Create the client:',
        '',
        '```ts twoslash title="client.ts"',
        '// @filename: server.ts',
        '// @include: router',
        '// @filename: client.ts',
        "import type { AppRouter } from './server';",
        '// ---cut---',
        'const client = createTRPCClient<AppRouter>({ links: [] });',
        '//    ^?',
        '```',
        '',
        'A block without twoslash keeps its lines:',
        '',
        '```ts',
        '// @filename: kept.ts',
        '// ---cut---',
        'kept();',
        '```',
        '',
      ].join('\n'),
    });
    expect(await sectionsOf(docsFolder)).toEqual([
      [
        'Client',
        'Create the client:\n\n```ts twoslash title="client.ts"\nconst client = createTRPCClient<AppRouter>({ links: [] });\n```\n\nA block without twoslash keeps its lines:\n\n```ts\n// @filename: kept.ts\n// ---cut---\nkept();\n```',
      ],
    ]);
  });

  test('a partial imported from @site/… is the site folder\'s; its {props.pkg} is the string prop given, else nothing', async () => {
    const docsFolder = await siteWith({
      'docs/_partials/_install.mdx': 'Install **{props.pkg}** with npm.\n\n{props.pkg}\n',
      'docs/guide.mdx': [
        "import Install from '@site/docs/_partials/_install.mdx';",
        '',
        '## Install',
        '',
        '<Install pkg="acme" />',
        '',
        '## Other',
        '',
        '<Install pkg={name} />',
        '',
      ].join('\n'),
    });
    expect(await sectionsOf(docsFolder)).toEqual([
      ['Install', 'Install **acme** with npm.\n\nacme'],
      ['Other', 'Install  with npm.'],
    ]);
  });

  test('a partial importing itself shows nothing in itself, and partials used in partials many times over stop at a size budget', async () => {
    const selfImport = await siteWith({ 'docs/_p.mdx': "import P from './_p.mdx';\n\nOnce.\n\n<P />\n", 'docs/page.mdx': "import P from './_p.mdx';\n\n<P />\n" });
    expect(await sectionsOf(selfImport)).toEqual([['Page', 'Once.']]);
    await rm(path.dirname(site as string), { recursive: true, force: true });
    const uses = (name: string) => `<${name} />\n\n`.repeat(60);
    const fanOut = await siteWith({
      'docs/_c.mdx': 'Leaf text.\n',
      'docs/_b.mdx': `import C from './_c.mdx';\n\n${uses('C')}`,
      'docs/_a.mdx': `import B from './_b.mdx';\n\n${uses('B')}`,
      'docs/page.mdx': `import A from './_a.mdx';\n\n${uses('A')}`,
    });
    const [[, markdown = ''] = []] = await sectionsOf(fanOut);
    // 60³ = 216,000 copies of the leaf would be 2.6 MB; the budget stops well before.
    expect(markdown.length).toBeGreaterThan(50_000);
    expect(markdown.length).toBeLessThan(1_000_000);
  });

  test('<CodeBlock> is fenced code: a template literal as MDX passes it, a !!raw-loader! file; a file outside the project is not read', async () => {
    const docsFolder = await siteWith({
      'src/hello.js': "export const hello = 'hello';\n",
      'docs/code.mdx': [
        "import CodeBlock from '@theme/CodeBlock';",
        "import Hello from '!!raw-loader!@site/src/hello.js';",
        "import Secret from '!!raw-loader!../../outside.js';",
        '',
        '## Literal',
        '',
        '<CodeBlock language="jsx" title="/src/App.js">',
        '{`function App() {',
        '    return <div>Hi</div>;',
        '}`}',
        '</CodeBlock>',
        '',
        '## Raw',
        '',
        '<CodeBlock language="js" metastring="showLineNumbers">{Hello}</CodeBlock>',
        '',
        '## Outside',
        '',
        '<CodeBlock language="js">{Secret}</CodeBlock>',
        '',
      ].join('\n'),
    });
    await writeFile(path.join(path.dirname(site as string), 'outside.js'), 'secret();\n');
    expect(await sectionsOf(docsFolder)).toEqual([
      ['Literal', '```jsx title="/src/App.js"\nfunction App() {\n  return <div>Hi</div>;\n}\n```'],
      ['Raw', "```js showLineNumbers\nexport const hello = 'hello';\n```"],
    ]);
  });

  test('partials and raw-loader files are the page\'s dependencies, so the parse cache sees them change', async () => {
    const docsFolder = await siteWith({
      'src/hello.js': 'hello();\n',
      'docs/_note.md': 'A note.\n',
      'docs/page.mdx': "import Note from './_note.md';\nimport Hello from '!!raw-loader!@site/src/hello.js';\n\n<Note />\n\n<CodeBlock>{Hello}</CodeBlock>\n",
    });
    const dialect = await createDocusaurusDialect({ root: docsFolder, files: ['page.mdx'], configFile: path.join(site as string, 'docusaurus.config.js'), settings: {} });
    const sourceFile = path.join(docsFolder, 'page.mdx');
    const parsed = await dialect.parse(await readFile(sourceFile, 'utf8'), { relativeFile: 'page.mdx', sourceFile });
    expect(parsed.dependencies).toEqual([path.join(docsFolder, '_note.md'), path.join(site as string, 'src', 'hello.js')]);
  });

  test('magic comments leave the code as the theme removes them; a line range in the meta string keeps them, as in Docusaurus', async () => {
    const docsFolder = await siteWith({
      'docs/magic.md': [
        '## Default',
        '',
        '```jsx',
        'const a = 1;',
        '// highlight-next-line',
        'const b = 2;',
        '  {/* highlight-start */}',
        '<App />',
        '{/* highlight-end */}',
        '```',
        '',
        '```py',
        '# highlight-next-line',
        'print("hi")  # highlight-next-line stays: it is not alone on its line',
        '```',
        '',
        '## Ranged',
        '',
        '```js {2}',
        '// highlight-next-line',
        'const b = 2;',
        '```',
        '',
      ].join('\n'),
    });
    expect(await sectionsOf(docsFolder)).toEqual([
      ['Default', '```jsx\nconst a = 1;\nconst b = 2;\n<App />\n```\n\n```py\nprint("hi")  # highlight-next-line stays: it is not alone on its line\n```'],
      ['Ranged', '```js {2}\n// highlight-next-line\nconst b = 2;\n```'],
    ]);
  });

  test("the config's magicComments replace the default ones", async () => {
    const config = "export default { baseUrl: '/', themeConfig: { prism: { theme, magicComments: [{ className: 'error', line: 'This will error', block: { start: 'error-start', end: 'error-end' } }] } } };\n";
    const docsFolder = await siteWith({ 'docs/magic.md': '## Errors\n\n```ts\n// This will error\nconst a: number = "a";\n// error-start\nb();\n// error-end\n// highlight-next-line\nc();\n```\n' }, config);
    expect(await sectionsOf(docsFolder)).toEqual([['Errors', '```ts\nconst a: number = "a";\nb();\n// highlight-next-line\nc();\n```']]);
  });

  test('with remark-math in the config, $…$ and $$ blocks are math, braces and all; without it, a literal {2} shows its value', async () => {
    const page = { 'docs/area.mdx': '## Area\n\nThe area is $\\pi r^{2}$, it costs $5.\n\n$$\nE = mc^{2}\n$$\n' };
    const math = "import remarkMath from 'remark-math';\nexport default { baseUrl: '/', presets: [['classic', { docs: { remarkPlugins: [remarkMath] } }]] };\n";
    expect(await sectionsOf(await siteWith(page, math))).toEqual([['Area', 'The area is $\\pi r^{2}$, it costs $5.\n\n$$\nE = mc^{2}\n$$']]);
    expect(await sectionsOf(await siteWith(page))).toEqual([['Area', 'The area is $\\pi r^2$, it costs $5.\n\n$$\nE = mc^2\n$$']]);
  });

  test('an HTML table in a .md page (MDX) is a Markdown table with its cells apart', async () => {
    const table = '## Options\n\n<table>\n  <tr><th>Option</th><th>Default</th></tr>\n  <tr><td><code>retries</code></td><td>3</td></tr>\n</table>\n';
    expect(await sectionsOf(await siteWith({ 'docs/options.md': table }))).toEqual([['Options', '| Option    | Default |\n| --------- | ------- |\n| `retries` | 3       |']]);
  });

  test('```mdx-code-block fences are read as the MDX they hold: their imports and tabs flatten like the rest of the page', async () => {
    const docsFolder = await siteWith({
      'docs/install.md': [
        '## Install',
        '',
        '```mdx-code-block',
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        '',
        '<Tabs>',
        '<TabItem value="npm" label="npm">',
        '```',
        '',
        '```bash',
        'npm install acme',
        '```',
        '',
        '```mdx-code-block',
        '</TabItem>',
        '<TabItem value="yarn" label="Yarn">',
        '```',
        '',
        '```bash',
        'yarn add acme',
        '```',
        '',
        '````mdx-code-block',
        '</TabItem>',
        '</Tabs>',
        '````',
        '',
      ].join('\n'),
    });
    expect(await sectionsOf(docsFolder)).toEqual([['Install', '**npm**\n\n```bash\nnpm install acme\n```\n\n**Yarn**\n\n```bash\nyarn add acme\n```']]);
  });

  test('tabs take their labels from the <Tabs values> list, not from their values', async () => {
    const docsFolder = await siteWith({
      'docs/tabs.mdx': [
        '## Languages',
        '',
        "<Tabs values={[{label: 'JavaScript', value: 'js'}, {label: 'Python', value: 'py'}]}>",
        '<TabItem value="js" label="ignored">',
        '',
        'JS content.',
        '',
        '</TabItem>',
        '<TabItem value="py">',
        '',
        'PY content.',
        '',
        '</TabItem>',
        '</Tabs>',
        '',
      ].join('\n'),
    });
    expect(await sectionsOf(docsFolder)).toEqual([['Languages', '**JavaScript**\n\nJS content.\n\n**Python**\n\nPY content.']]);
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

  test("themeConfig.docs (the sidebar's look) is not the docs plugin's options", async () => {
    const docsFolder = await versionedSite(`routeBasePath: '/'`);
    await writeFile(
      path.join(site as string, 'docusaurus.config.js'),
      "export default { baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/' } }]], themeConfig: { docs: { sidebar: { hideable: true } } } };\n",
    );
    expect(await pathsOf(docsFolder)).toEqual(['/intro']);
  });

  test("a plugin's trailingSlash, i18n or markdown is not the site's", async () => {
    const docsFolder = await versionedSite('');
    await writeFile(path.join(docsFolder, 'start.md'), '---\nslug: /start\n---\n# Start\n\nHello.\n');
    const plugin = "['search-local', { trailingSlash: true, i18n: { defaultLocale: 'fr' }, markdown: { format: 'md' } }]";
    await writeFile(path.join(site as string, 'docusaurus.config.js'), `export default { baseUrl: '/', plugins: [${plugin}], presets: [['classic', { docs: {} }]] };\n`);
    expect(await pathsOf(docsFolder)).toEqual(['/docs/intro', '/docs/start']);
    // Read as MDX, the site's format: an import line is no text of the page.
    await writeFile(path.join(docsFolder, 'intro.md'), "# Intro\n\nimport Tabs from '@theme/Tabs';\n\nHello.\n");
    const intro = (await ingestDocs({ docs: docsFolder })).pages.find((candidate) => candidate.path === '/docs/intro');
    expect(intro?.sections.map((section) => section.markdown)).toEqual(['Hello.']);
    // The site's own setting, beside its baseUrl, still counts.
    await writeFile(path.join(site as string, 'docusaurus.config.js'), `export default { baseUrl: '/', trailingSlash: true, plugins: [${plugin}] };\n`);
    expect(await pathsOf(docsFolder)).toEqual(['/docs/intro/', '/docs/start/']);
  });

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
