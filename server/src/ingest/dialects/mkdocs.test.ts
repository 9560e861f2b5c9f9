import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';
import { buildTimePlugins, mkdocsBlocksToDirectives } from './mkdocs-blocks';
import { createMkdocsDialect } from './mkdocs';
import { resolveCodeIncludes } from './mkdocs-code-includes';
import { readMkdocsConfig } from './mkdocs-config';
import { resolveIncludeMarkdown } from './mkdocs-include-markdown';
import { resolveSnippets } from './mkdocs-snippets';

const fixture = path.join(import.meta.dirname, '../fixtures/mkdocs/docs');
let docs: IngestedDocs;

beforeAll(async () => {
  docs = await ingestDocs({ docs: fixture });
});

const page = (pagePath: string) => pageAt(docs, pagePath);

describe('MkDocs dialect', () => {
  test('is detected from mkdocs.yml (custom !ENV and !!python tags tolerated); site_url gives the prefix', () => {
    expect(docs.generator).toBe('mkdocs');
    expect(docs.locales).toEqual([{ code: 'en', pathPrefix: '/project' }]);
  });

  test('an attribute list after a link or an image styles it and is not text; braces elsewhere stay', () => {
    expect(page('/project/').sections[0]?.markdown).toBe(
      [
        'Welcome.',
        '[Get started](/project/setup/colors/) or see the [reference][ref].',
        '![Logo](logo.png) The logo, `{ width: 300 }` in code, and {braces} in prose stay.',
        '[ref]: /project/reference/',
      ].join('\n\n'),
    );
  });

  test('directory URLs, index.md as the folder page, a README beside an index is not a page', () => {
    expect(docs.pages.map((candidate) => candidate.path)).toEqual(['/project/', '/project/reference/', '/project/setup/colors/', '/project/tutorial/blocks/', '/project/tutorial/code/']);
  });

  test('anchors: attr_list ids, Python-Markdown slugs (ASCII-folded, icons left out), _1 for repeats', () => {
    expect(page('/project/setup/colors/').sections.map((section) => [section.anchor, section.heading])).toEqual([
      ['changing-the-colors', 'Changing the colors'],
      ['color-palette', 'Color palette'],
      ['color-palette_1', 'Color palette'],
      ['custom', 'Custom colors'],
      ['uberprufen', 'Überprüfen'],
      ['grun', 'Grün'],
    ]);
  });

  test('admonitions and tabs keep their indented content (titles and labels in bold); comments dropped', () => {
    expect(page('/project/setup/colors/').sections[1]?.markdown).toBe(
      '**Pick a contrast**\n\nDark text on light backgrounds reads best.\n\n``` yaml\ntheme:\n  palette: default\n```\n\nCollapsed by default.\n\n**Light**\n\nUse `default`.\n\n**Dark**\n\nUse `slate`.',
    );
  });

  test('snippets are included from beside mkdocs.yml; an escaped marker stays as text; definitions go where they are used', () => {
    const sections = page('/project/setup/colors/').sections;
    expect(sections[3]?.markdown).toBe('Python 3.8 or later is required.\n\n--8<-- "not/included.md"');
    expect(sections[0]?.markdown).toContain('[config]: /project/reference/');
  });
});

describe('MkDocs dialect: FastAPI-family pages (Typer, FastAPI, SQLModel)', () => {
  test('{* … *} code includes: the recommended variant, a docs-relative path, ln[] line ranges; a missing file and a path out of the project are left out', () => {
    const section = page('/project/tutorial/code/').sections[0];
    expect(section?.markdown).toBe(
      [
        'The recommended variant of the example is shown:',
        '```python\nfrom typing import Annotated\n\nimport typer\n\n\ndef main(name: Annotated[str, typer.Argument()]):\n    print(f"Hello {name}")\n```',
        'Paths may also start from the docs folder:',
        '```toml\n[project.scripts]\nrick = "rick_portal_gun.main:app"\n```',
        'Only some lines:',
        '```python\n# Code above omitted 👆\n\napp = typer.Typer()\n\n# Code here omitted 👈\n\n@app.command()\ndef create():\n    print("Creating")\n\n# Code below omitted 👇\n```',
        'A missing file and a path out of the project are left out:',
        '```md\n{* docs_src/shown/as/written.py *}\n```',
      ].join('\n\n'),
    );
  });

  test('/// blocks are flattened: explicit titles in bold, options lines dropped, //// tabs nested in a ///// details, fenced examples left alone', () => {
    const [admonitions, tabs, other] = page('/project/tutorial/blocks/').sections;
    expect(admonitions?.markdown).toBe(
      'Untitled tips lead with nothing.\n\n**Technical Details**\n\nTyper is built on *Click*.\n\n**Careful**\n\nOptions under the header are not content.',
    );
    expect(tabs?.markdown).toBe(
      '**Platforms**\n\n**Linux, macOS**\n\n```console\n$ source .venv/bin/activate\n```\n\nNested inside a tab.\n\n**Windows**\n\n```console\n$ .venv\\Scripts\\Activate.ps1\n```\n\n```md\n/// tip\nnot a block\n///\n```',
    );
    expect(other?.markdown).toBe("Wrapped in a div.\n\n![Diagram](diagram.png)\n\nThe diagram's caption.");
  });

  test('admonitions, tabs and /// blocks inside list items (nested ones too) stay in their item; the syntax shown as code stays code', () => {
    expect(page('/project/tutorial/blocks/').sections[5]?.markdown).toBe(
      [
        '1. Install the package.',
        '   **Python 3.8+**',
        '   Older versions fail.',
        '2. Run it:',
        '   **Linux**',
        '   ```console\n   $ acme\n   ```',
        '   **Windows**',
        '   Run `acme.exe`.',
        '   - A nested step:',
        '     **Nested**',
        '     Deep inside.',
        '3. The syntax itself, shown as code:',
        '   ```md\n   !!! note\n       not a block\n   ```',
      ].join('\n\n'),
    );
  });

  test('mkdocstrings lines (::: typer.Typer) and their options are dropped', () => {
    expect(page('/project/tutorial/blocks/').sections[3]?.markdown).toBe('The API above is generated.');
  });

  test('a page mkdocstrings fills in at build time is named in a notice, with what to do', () => {
    expect(docs.notices).toEqual([
      {
        message: '1 page gets part of its content from mkdocstrings when the site is built, and the sources do not hold it',
        pages: ['/project/tutorial/blocks/'],
        remedy: 'to answer from it, point `docs` at the built site (the HTML folder the build writes, e.g. `site/`)',
      },
    ]);
  });

  test('terminal output coloured with <font>/<span> tags reads as its text; HTML samples keep their markup', () => {
    expect(page('/project/tutorial/blocks/').sections[4]?.markdown).toBe(
      '```console\n$ python main.py --help\nUsage: main.py [OPTIONS] NAME\nSay hi to \'NAME\' & more <3\n```\n\n```html\n<font color="#F4BF75">HTML samples keep their tags &amp; entities</font>\n```',
    );
  });
});

describe('buildTimePlugins', () => {
  test('names mkdocstrings for `::: package.Name` (also as a heading) and mkdocs-click for its own line', () => {
    expect(buildTimePlugins('# API\n\n::: mkdocs.plugins.BasePlugin\n    options:\n      show_root_heading: true')).toEqual(['mkdocstrings']);
    expect(buildTimePlugins('## ::: typer.Typer')).toEqual(['mkdocstrings']);
    expect(buildTimePlugins('::: mkdocs-click\n    :module: mkdocs.__main__\n    :command: cli\n\n::: mkdocs.config.Config')).toEqual(['mkdocs-click', 'mkdocstrings']);
    expect(buildTimePlugins('=== "CLI"\n\n    ::: mkdocs-click\n        :module: x\n\n!!! info\n\n    ::: pkg.Client')).toEqual(['mkdocs-click', 'mkdocstrings']);
  });

  test('ignores the markers inside fenced code and containers that only look alike', () => {
    expect(buildTimePlugins('```md\n::: mkdocs.plugins.BasePlugin\n```')).toEqual([]);
    expect(buildTimePlugins('=== "Docs"\n\n    ```md\n    ::: mkdocs.plugins.BasePlugin\n    ```')).toEqual([]);
    expect(buildTimePlugins(':::note\nA remark-style container.\n:::\n\nText about ::: markers.')).toEqual([]);
  });
});

describe('MkDocs pages a build does not publish', () => {
  test('exclude_docs and draft_docs (gitignore lines) and the default templates/ folder are not pages', async () => {
    const site = await mkdtemp(path.join(tmpdir(), 'docent-mkdocs-'));
    try {
      const files = ['index.md', 'guide/setup.md', 'guide/notes.tmp.md', 'drafts/idea.md', 'templates/page.md', 'api/internal.md', 'api/public.md'];
      for (const file of files) {
        await mkdir(path.join(site, 'docs', path.dirname(file)), { recursive: true });
        await writeFile(path.join(site, 'docs', file), `# ${file}\n\nText.\n`);
      }
      await writeFile(path.join(site, 'mkdocs.yml'), 'site_name: Site\nexclude_docs: |\n  *.tmp.md\n  /api/internal.md\ndraft_docs: |\n  drafts/\n');
      const paths = async () => (await ingestDocs({ docs: path.join(site, 'docs'), pathPrefix: '' })).pages.map((page) => page.path);
      // exclude_docs replaces MkDocs' default, so templates/ is a page again.
      expect(await paths()).toEqual(['/', '/api/public/', '/guide/setup/', '/templates/page/']);
      await writeFile(path.join(site, 'mkdocs.yml'), 'site_name: Site\n');
      expect(await paths()).toEqual(['/', '/api/internal/', '/api/public/', '/drafts/idea/', '/guide/notes.tmp/', '/guide/setup/']);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });
});

describe('MkDocs includes stay inside their folder', () => {
  let folder: string;
  let project: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'docent-mkdocs-'));
    project = path.join(folder, 'project');
    await mkdir(path.join(project, 'docs_src'), { recursive: true });
    await writeFile(path.join(folder, 'secret.py'), 'SECRET = 1\n');
    await writeFile(path.join(project, 'docs_src', 'app.py'), 'print("hi")\n');
    await symlink(path.join(folder, 'secret.py'), path.join(project, 'docs_src', 'link.py'));
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  test('a code include out of the repository, directly or through a symbolic link, is not read', async () => {
    const dependencies: string[] = [];
    const source = '{* docs_src/app.py *}\n\n{* ../secret.py *}\n\n{* docs_src/link.py *}\n\n{* ' + path.join(folder, 'secret.py') + ' *}';
    const resolved = await resolveCodeIncludes(source, { bases: [project], root: project }, dependencies);
    expect(resolved).toBe('\n```python\nprint("hi")\n```\n\n\n\n');
    expect(resolved).not.toContain('SECRET');
    expect(dependencies).toEqual([path.join(project, 'docs_src', 'app.py')]);
  });

  test('a --8<-- snippet out of its base path is not read (with restrict_base_path: false, out of the repository)', async () => {
    const source = '--8<-- "app.py"\n--8<-- "../secret.py"\n--8<-- "link.py"\n--8<-- "../../secret.py"';
    expect(await resolveSnippets(source, { basePaths: [path.join(project, 'docs_src')] }, [])).toBe('print("hi")');
    expect(await resolveSnippets(source, { basePaths: [path.join(project, 'docs_src')], unrestrictedWithin: folder }, [])).toBe('print("hi")\nSECRET = 1\nSECRET = 1');
    expect(await resolveSnippets(source, { basePaths: [path.join(project, 'docs_src')], unrestrictedWithin: project }, [])).toBe('print("hi")');
  });

  test('restrict_base_path is read from mkdocs.yml (on unless set to false)', async () => {
    const configFile = path.join(project, 'mkdocs.yml');
    await writeFile(configFile, 'markdown_extensions:\n  - pymdownx.snippets:\n      restrict_base_path: false\n');
    expect((await readMkdocsConfig(configFile, path.join(project, 'docs'))).snippetsRestricted).toBe(false);
    await writeFile(configFile, 'markdown_extensions:\n  - pymdownx.snippets\n');
    expect((await readMkdocsConfig(configFile, path.join(project, 'docs'))).snippetsRestricted).toBe(true);
  });
});

describe('mkdocsBlocksToDirectives', () => {
  test('nested blocks get longer fences; fenced code is left alone', () => {
    const source = '!!! note "Outer"\n    Text.\n\n    === "Tab"\n\n        Inner.\n\n```md\n!!! tip\n    not a block\n```';
    expect(mkdocsBlocksToDirectives(source)).toBe(
      '\n::::note[Outer]\nText.\n\n\n:::tab[Tab]\n\nInner.\n:::\n\n::::\n\n\n```md\n!!! tip\n    not a block\n```',
    );
  });

  test('a header indented as much under a paragraph, or too deep for its list item, is code; so is a fence there', () => {
    const underParagraph = 'Text.\n\n    !!! note\n        code';
    const tooDeep = '1. Step\n\n        !!! note\n            code in the item';
    expect(mkdocsBlocksToDirectives(underParagraph)).toBe(underParagraph);
    expect(mkdocsBlocksToDirectives(tooDeep)).toBe(tooDeep);
    expect(mkdocsBlocksToDirectives('Text.\n\n    ```\n    shown as code\n\n!!! note\n    Body.')).toBe('Text.\n\n    ```\n    shown as code\n\n\n:::note\nBody.\n:::\n');
  });

  test("tabs indented under a list item stay in it after a lazy line of the item's text (an attribute list)", () => {
    const source = '* **After** validators run last.\n{#after}\n\n    === "Annotated"\n\n        Example.\n\n    === "Decorator"\n\n        Other.\n\nAfter the list.';
    expect(mkdocsBlocksToDirectives(source)).toContain('  :::tab[Annotated]');
    // A column-0 line that opens a block of its own (a heading) still ends the item.
    const heading = '* Item text.\n# Heading\n\n    === "Tab"\n\n        Code.';
    expect(mkdocsBlocksToDirectives(heading)).toBe(heading);
  });

  test('/// blocks close on a line of as many slashes; mkdocstrings lines are dropped', () => {
    const source = '//// tab | A\n/// note | Inner\n    type: warning\n\nText.\n///\n////\n::: pkg.mod\n    options:\n      x: 1\nAfter.';
    expect(mkdocsBlocksToDirectives(source)).toBe('\n::::tab[A]\n\n:::note[Inner]\n\nText.\n:::\n\n::::\n\nAfter.');
  });
});

describe('MkDocs plugins and extensions, read as the build does', () => {
  let folder: string;

  /** Writes a site of `files` (paths relative to it) in a new folder beside `secret.md`; returns the site's folder. */
  async function writeSite(files: Record<string, string>): Promise<string> {
    const site = await mkdtemp(path.join(folder, 'site-'));
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.join(site, path.dirname(file)), { recursive: true });
      await writeFile(path.join(site, file), content);
    }
    return site;
  }

  async function ingestSite(files: Record<string, string>): Promise<IngestedDocs> {
    return ingestDocs({ docs: path.join(await writeSite(files), 'docs'), pathPrefix: '' });
  }

  test("an attribute list on a paragraph's last line styles it and is not text; the item's tabs read as labelled content", async () => {
    const docs = await ingestSite({
      'mkdocs.yml': 'site_name: Site\nmarkdown_extensions:\n  - attr_list\n  - pymdownx.tabbed\n',
      'docs/validators.md': '## Kinds\n\n* **After** validators run last.\n{#after}\n\n    === "Annotated"\n\n        Example.\n\n    === "Decorator"\n\n        Other.\n\nA paragraph ending {braces} stays.\n',
    });
    expect(docs.pages[0]?.sections.map((section) => section.markdown)).toEqual([
      '- **After** validators run last.\n\n  **Annotated**\n\n  Example.\n\n  **Decorator**\n\n  Other.\n\nA paragraph ending {braces} stays.',
    ]);
  });

  const includeMarkdownConfig = 'site_name: Site\nplugins:\n  - search\n  - include-markdown\n';
  const readme = [
    '# Project',
    '<!--intro-start-->\n## About',
    'See [setup](docs/setup.md) and ![logo](docs/img/logo.png), or [the site](https://example.org).',
    '{% include-markdown "./docs/includes/part.md" %}\n<!--intro-end-->',
    'Not included.\n',
  ].join('\n\n');

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'docent-mkdocs-'));
    await writeFile(path.join(folder, 'secret.md'), 'SECRET\n');
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  test('include-markdown: start/end, heading-offset, relative URLs rewritten for the page, nested and indented includes; nothing from outside the project', async () => {
    const docs = await ingestSite({
      'mkdocs.yml': includeMarkdownConfig,
      'README.md': readme,
      'docs/setup.md': '# Setup\n',
      'docs/includes/part.md': 'Nested part.\n\nIts second paragraph.\n',
      'docs/includes/example.yml': 'port: 8000',
      'docs/guide/index.md': [
        '# Guide',
        '## Readme',
        '{%\n   include-markdown "../../README.md"\n   start="<!--intro-start-->"\n   end="<!--intro-end-->"\n   heading-offset=1\n%}',
        '## Config',
        '```yaml\n{% include "includes/example.yml" %}\n```',
        '1.  Set the port:\n\n    {% include-markdown "../includes/part.md" %}',
        '{% include-markdown "../../../secret.md" %}',
        '{% include-markdown "missing.md" %}',
      ].join('\n\n'),
    });
    expect(pageAt(docs, '/guide/').sections.map((section) => [[...section.headingTrail, section.heading], section.markdown])).toEqual([
      [['Guide', 'Readme', 'About'], 'See [setup](/setup/) and ![logo](../img/logo.png), or [the site](https://example.org).\n\nNested part.\n\nIts second paragraph.'],
      [['Guide', 'Config'], '```yaml\nport: 8000\n```\n\n1.  Set the port:\n\n    Nested part.\n\n    Its second paragraph.'],
    ]);
  });

  test('include-markdown: the files read are the page\'s dependencies; without the plugin, directives are template lines left out', async () => {
    const site = await writeSite({ 'mkdocs.yml': includeMarkdownConfig, 'README.md': readme, 'docs/includes/part.md': 'Nested part.\n' });
    const dialect = await createMkdocsDialect({ root: path.join(site, 'docs'), files: [], configFile: path.join(site, 'mkdocs.yml'), settings: {} });
    const sourceFile = path.join(site, 'docs', 'index.md');
    const parsed = await dialect.parse('{% include-markdown "../README.md" %}\n\n{% include-markdown "../../secret.md" %}', { relativeFile: 'index.md', sourceFile });
    expect(parsed.dependencies).toEqual([path.join(site, 'README.md'), path.join(site, 'docs', 'includes', 'part.md')]);

    const docs = await ingestSite({ 'mkdocs.yml': 'site_name: Site\n', 'docs/index.md': '# Home\n\n{% include-markdown "../README.md" %}\n\nText.\n\n```jinja\n{% include "header.html" %}\n```\n' });
    expect(pageAt(docs, '/').sections[0]?.markdown).toBe('Text.\n\n```jinja\n{% include "header.html" %}\n```');
  });

  test('include-markdown: a file including itself or its includer is left out there, each file is one dependency, an offset past six levels is six', async () => {
    const site = await writeSite({ 'mkdocs.yml': includeMarkdownConfig, 'docs/a.md': 'A.\n\n{% include-markdown "b.md" %}\n', 'docs/b.md': 'B.\n\n{% include-markdown "a.md" %}\n{% include-markdown "a.md" %}\n' });
    const context = { settings: (await readMkdocsConfig(path.join(site, 'mkdocs.yml'), path.join(site, 'docs'))).includeMarkdown!, docsRoot: path.join(site, 'docs'), boundary: site, dependencies: [] as string[] };
    const page = path.join(site, 'docs', 'index.md');
    const own = ['{% include-markdown "index.md" %}', '{% include-markdown "index.md" %}', '{% include-markdown "index.md" %}'].join('\n');
    await writeFile(page, own);
    expect(await resolveIncludeMarkdown(own, page, context)).toBe('\n\n');
    expect(await resolveIncludeMarkdown('{% include-markdown "a.md" %}\n{% include-markdown "a.md" %}', page, context)).toBe('A.\n\nB.\n\n\n\n\n\nA.\n\nB.\n\n\n\n\n');
    expect(context.dependencies).toEqual([path.join(site, 'docs', 'a.md'), path.join(site, 'docs', 'b.md')]);
    await writeFile(path.join(site, 'docs', 'h.md'), '# Title\n');
    expect(await resolveIncludeMarkdown('{% include-markdown "h.md" heading-offset=600000000 %}', page, context)).toBe('####### Title\n');
  });

  test('include-markdown options from mkdocs.yml: its own tags and plugin-wide defaults, in a list or a map of plugins; off with enabled: false', async () => {
    const site = await writeSite({
      'mkdocs.yml': 'site_name: Site\nplugins:\n  - include-markdown:\n      opening_tag: "{!"\n      closing_tag: "!}"\n      heading_offset: -1\n      dedent: true\n',
      'docs/part.md': '    ## Indented title\n\n    Indented text.\n',
    });
    const configFile = path.join(site, 'mkdocs.yml');
    const config = await readMkdocsConfig(configFile, path.join(site, 'docs'));
    const context = { settings: config.includeMarkdown!, docsRoot: path.join(site, 'docs'), boundary: site, dependencies: [] };
    const source = '{! include-markdown "part.md" !}\n{% include-markdown "part.md" %}';
    expect(await resolveIncludeMarkdown(source, path.join(site, 'docs', 'index.md'), context)).toBe('# Indented title\n\nIndented text.\n\n{% include-markdown "part.md" %}');
    await writeFile(configFile, 'site_name: Site\nplugins:\n  search: {}\n  include-markdown:\n    enabled: false\n');
    expect((await readMkdocsConfig(configFile, path.join(site, 'docs'))).includeMarkdown).toBeUndefined();
    await writeFile(configFile, 'site_name: Site\nplugins:\n  search: {}\n  include-markdown: {}\n');
    expect((await readMkdocsConfig(configFile, path.join(site, 'docs'))).includeMarkdown?.openingTag).toBe('{%');
  });

  test('snippets: several line ranges and negative lines; auto_append files (link and abbreviation definitions) end every page, the abbreviations unseen', async () => {
    const docs = await ingestSite({
      'mkdocs.yml': 'site_name: Site\nmarkdown_extensions:\n  - abbr\n  - pymdownx.snippets:\n      base_path: [docs]\n      auto_append:\n        - includes/links.md\n',
      'docs/includes/links.md': '[pydantic]: https://docs.pydantic.dev\n*[ASGI]: Asynchronous Server Gateway Interface\n',
      'docs/lines.py': 'line1 = 1\nline2 = 2\nline3 = 3\nline4 = 4\nline5 = 5\n',
      'docs/index.md': '# Home\n\nModels use [Pydantic][pydantic] under ASGI.\n\n```python\n--8<-- "lines.py:1:2,4:5"\n--8<-- "lines.py:-3:-2"\n```\n',
    });
    expect(pageAt(docs, '/').sections[0]?.markdown).toBe(
      'Models use [Pydantic][pydantic] under ASGI.\n\n```python\nline1 = 1\nline2 = 2\nline4 = 4\nline5 = 5\nline4 = 4\nline5 = 5\n```\n\n[pydantic]: https://docs.pydantic.dev',
    );
  });

  test('icon shortcodes and their attribute lists are not text (a title is); Jinja statement paragraphs and attribute-list paragraphs are left out', async () => {
    const docs = await ingestSite({
      'mkdocs.yml': 'site_name: Site\nmarkdown_extensions:\n  - attr_list\n  - pymdownx.emoji\n',
      'docs/setup.md': '# Setup\n',
      'docs/index.md': [
        '# Home',
        '-   :material-clock-fast:{ .lg .middle } __Set up in 5 minutes__\n\n    [:octicons-arrow-right-24: Getting started](setup.md)',
        'Status: :material-check:{ title="Supported" }, :fontawesome-brands-github: on GitHub, :warning: kept.',
        '{% if config.extra.beta %}',
        'Beta only.',
        '{% endif %}',
        '{ .annotate }',
        '{ data-search-exclude }',
        // Tags then text: the paragraph is text (and reading it must not backtrack over the tags).
        `${'{% set a = 1 %}'.repeat(40)} Then text.`,
      ].join('\n\n'),
    });
    expect(pageAt(docs, '/').sections[0]?.markdown).toBe(
      `- **Set up in 5 minutes**\n\n  [Getting started](/setup/)\n\nStatus: Supported, on GitHub, :warning: kept.\n\nBeta only.\n\n${'{% set a = 1 %}'.repeat(40)} Then text.`,
    );
  });
});

describe('MkDocs Markdown extensions, read as the built page shows them when mkdocs.yml turns them on', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'docent-mkdocs-'));
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  /** Ingests a site of one page, `docs/index.md`, under `mkdocs.yml`; returns its sections as [anchor, markdown]. */
  async function sectionsOf(config: string, page: string): Promise<Array<[string | undefined, string]>> {
    const site = await mkdtemp(path.join(folder, 'site-'));
    await mkdir(path.join(site, 'docs'));
    await writeFile(path.join(site, 'mkdocs.yml'), config);
    await writeFile(path.join(site, 'docs', 'index.md'), page);
    const docs = await ingestDocs({ docs: path.join(site, 'docs'), pathPrefix: '' });
    return pageAt(docs, '/').sections.map((section) => [section.anchor, section.markdown]);
  }

  const extensions = (...names: string[]) => `site_name: Site\nmarkdown_extensions:\n${names.map((name) => `  - ${name}\n`).join('')}`;

  test('pymdownx.keys: ++ctrl+alt+del++ reads Ctrl+Alt+Del (aliases, key_map, quoted keys, in headings and their anchors); unknown keys, escapes and code stay', async () => {
    const page = [
      '# Home',
      'Press ++ctrl+alt+del++ to restart, or ++cmd+k++, ++shift+page-up++, ++esc++, ++f12++, ++ctrl+"My Key"++ or ++hyper++.',
      'Unknown ++foo++ and \\+\\+ctrl\\+\\+ stay, `++ctrl+c++` is code.',
      '## Copy with ++ctrl+c++',
      '```text\n++ctrl+c++\n```',
    ].join('\n\n');
    const config = `${extensions('pymdownx.keys:')}      key_map:\n        hyper: Hyper\n`;
    expect(await sectionsOf(config, page)).toEqual([
      ['home', 'Press Ctrl+Alt+Del to restart, or Cmd+K, Shift+Page Up, Esc, F12, Ctrl+My Key or Hyper.\n\nUnknown ++foo++ and \\+\\+ctrl\\+\\+ stay, `++ctrl+c++` is code.'],
      ['copy-with-ctrlc', '```text\n++ctrl+c++\n```'],
    ]);
    expect((await sectionsOf(extensions('attr_list'), page))[0]?.[1]).toContain('Press ++ctrl+alt+del++ to restart');
  });

  test('def_list: a term and its `:` definition read as a list item, the term in bold; further indented blocks (admonitions too), second definitions and loose terms stay with it', async () => {
    const page = [
      '# Glossary',
      '`Lorem ipsum`\n:   Sed sagittis eleifend rutrum.\n    Its lazy second line.\n\n    A second paragraph.\n\n    ```yaml\n    key: value\n    ```',
      'Apple\nPear\n:   A fruit.\n:   A tree.',
      'Loose term\n\n:   Defined after a blank line.',
      'A paragraph after the list.',
      // Material's own docs: a comment its build fills in with the term, then the definition.
      '<!-- md:option type:note -->\n\n:   !!! note "Example"\n\n        Inside an admonition.',
      '<!-- md:option mode:search -->\n\n:   <!-- md:default none -->\n    <!-- md:flag -->  The search mode.',
    ].join('\n\n');
    expect(await sectionsOf(extensions('def_list', 'admonition'), page)).toEqual([
      [
        'glossary',
        [
          '- **`Lorem ipsum`**: Sed sagittis eleifend rutrum.\n  Its lazy second line.',
          '  A second paragraph.',
          '  ```yaml\n  key: value\n  ```',
          '- **Apple**, **Pear**: A fruit.',
          '  A tree.',
          '- **Loose term**: Defined after a blank line.',
          'A paragraph after the list.',
          '- **Example**\n\n  Inside an admonition.',
          '* The search mode.',
        ].join('\n\n'),
      ],
    ]);
    expect((await sectionsOf(extensions('attr_list'), page))[0]?.[1]).toContain('`Lorem ipsum`\n:   Sed sagittis');
  });

  test('pymdownx.critic: additions and substitutions read as the new text, deletions and comments go, also across blocks; code stays; mode: reject reads the old text', async () => {
    const page = [
      '# Changes',
      'Text with {++added++} and {--deleted--} and {~~old~>new~~} and {==marked==}{>>a comment<<}.',
      '{--\n\n- a removed step\n\n--}',
      'Code shows the syntax: `{++x++}`.',
      '```text\n{--kept in code--}\n```',
    ].join('\n\n');
    expect(await sectionsOf(extensions('pymdownx.critic'), page)).toEqual([
      ['changes', 'Text with added and and new and marked.\n\nCode shows the syntax: `{++x++}`.\n\n```text\n{--kept in code--}\n```'],
    ]);
    expect((await sectionsOf(`${extensions('pymdownx.critic:')}      mode: reject\n`, page))[0]?.[1]).toMatch(/^Text with and deleted and old and marked\.\n\n- a removed step\n/);
    expect((await sectionsOf(extensions('attr_list'), page))[0]?.[1]).toContain('{++added++}');
  });

  test('code annotations (content.code.annotate or .annotate): markers in comments go, with `!` the whole comment; code without a following list or the feature stays', async () => {
    const annotated = [
      '``` yaml\ntheme:\n  features:\n    - content.code.annotate # (1)!\n    - search # see (2)\ncolor: "#fff (1)"\n```',
      '1.  I\'m a code annotation!\n2.  Another.',
      '``` js\nconst port = 8000; // (1)\n```',
      '1.  The port.',
      '``` html\n<main></main> <!-- (1) -->\n```',
      '1.  The main element.',
    ].join('\n\n');
    const unannotated = '``` python\nprint("(1)")  # (1) is not a marker here\n```\n\nNo list after this block.';
    const page = `# Code\n\n${annotated}\n\n${unannotated}\n`;
    const feature = 'site_name: Site\ntheme:\n  name: material\n  features:\n    - content.code.annotate\n';
    expect((await sectionsOf(feature, page))[0]?.[1]).toBe(
      [
        '```yaml\ntheme:\n  features:\n    - content.code.annotate\n    - search # see\ncolor: "#fff (1)"\n```',
        '1.  I\'m a code annotation!\n2.  Another.',
        '```js\nconst port = 8000; //\n```',
        '1.  The port.',
        '```html\n<main></main> <!-- -->\n```',
        '1.  The main element.',
        unannotated,
      ].join('\n\n'),
    );
    // Without the feature, only a block with the .annotate class has annotations.
    const classed = '# Code\n\n``` { .python .annotate }\nx = 1  # (1)!\n```\n\n1.  One.\n\n``` python\ny = 2  # (1)!\n```\n\n1.  One.\n';
    expect((await sectionsOf('site_name: Site\n', classed))[0]?.[1]).toBe('```{ .python .annotate }\nx = 1\n```\n\n1.  One.\n\n``` python\ny = 2  # (1)!\n```\n\n1.  One.');
  });

  test('mkdocs-macros: {{ variable }} from extra (also extra.x, config.extra.x, nested, front matter) reads as its value; macros, unknown names and {% raw %} stay', async () => {
    const config = 'site_name: Site\nplugins:\n  - search\n  - macros\nextra:\n  version: 2.0\n  beta: yes\n  links:\n    repo: https://example.org/repo\n';
    const page = [
      '---\ntitle: Install\nproduct: Acme\n---',
      '# Install {{ product }} {{ version }}',
      'Version {{ version }} ({{ config.extra.version }}, {{extra.version}}), beta {{ beta }}, from {{ links.repo }}.',
      '{{ unknown }}, {{ macro(1) }} and {{ version | upper }} stay; `pip install acme=={{ version }}`.',
      '{% raw %}\nShown as written: {{ version }}\n{% endraw %}',
    ].join('\n\n');
    expect(await sectionsOf(config, page)).toEqual([
      [
        'install-acme-20',
        'Version 2.0 (2.0, 2.0), beta True, from https://example.org/repo.\n\n{{ unknown }}, {{ macro(1) }} and {{ version | upper }} stay; `pip install acme==2.0`.\n\n{% raw %}\nShown as written: {{ version }}\n{% endraw %}',
      ],
    ]);
    expect((await sectionsOf(config, page.replace('product: Acme', 'render_macros: false')))[0]?.[1]).toMatch(/^Version \{\{ version \}\}/);
    expect((await sectionsOf(config.replace('  - macros\n', ''), page))[0]?.[1]).toMatch(/^Version \{\{ version \}\}/);
  });
});
