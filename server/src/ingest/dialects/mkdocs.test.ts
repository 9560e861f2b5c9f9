import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';
import { buildTimePlugins, mkdocsBlocksToDirectives } from './mkdocs-blocks';
import { resolveCodeIncludes } from './mkdocs-code-includes';
import { readMkdocsConfig } from './mkdocs-config';
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
  });

  test('ignores the markers inside fenced code and containers that only look alike', () => {
    expect(buildTimePlugins('```md\n::: mkdocs.plugins.BasePlugin\n```')).toEqual([]);
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

  test('/// blocks close on a line of as many slashes; mkdocstrings lines are dropped', () => {
    const source = '//// tab | A\n/// note | Inner\n    type: warning\n\nText.\n///\n////\n::: pkg.mod\n    options:\n      x: 1\nAfter.';
    expect(mkdocsBlocksToDirectives(source)).toBe('\n::::tab[A]\n\n:::note[Inner]\n\nText.\n:::\n\n::::\n\nAfter.');
  });
});
