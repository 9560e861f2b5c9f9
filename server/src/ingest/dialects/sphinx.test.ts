import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { docutilsId, sphinxAnchors, sphinxId } from '../anchors';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';
import { temporarySites } from '../testing/temporary-site';
import { pythonAssignments } from './sphinx-config';
import { htmlBuildIncludes, sliceLiteral } from './sphinx-rst';
import { readRstBlocks } from './rst-blocks';
import { parseRstInline } from './rst-inline';
import { mystAsMarkdown } from './sphinx-myst';

const fixture = path.join(import.meta.dirname, '../fixtures/sphinx');
let docs: IngestedDocs;

beforeAll(async () => {
  docs = await ingestDocs({ docs: fixture, pathPrefix: '' });
});

const text = (pagePath: string) =>
  pageAt(docs, pagePath)
    .sections.map((section) => section.markdown)
    .join('\n\n');

describe('Sphinx dialect', () => {
  const site = temporarySites('docent-sphinx-');

  test('is detected from conf.py; reStructuredText and MyST pages at their document names plus .html; excluded folders are no pages', () => {
    expect(docs.generator).toBe('sphinx');
    expect(docs.pages.map((page) => page.path).sort()).toEqual(['/api.html', '/guide/changes.html', '/guide/configure.html', '/guide/install.html', '/guide/notes.html', '/index.html']);
    expect(pageAt(docs, '/guide/install.html').title).toBe('Installation');
  });

  test("sections take docutils' ids: a repeated title, and one named like its label, are numbered as Sphinx numbers them", () => {
    expect(pageAt(docs, '/guide/install.html').sections.map((section) => [section.anchor, section.heading])).toEqual([
      ['installation', 'Installation'],
      ['requirements', 'Requirements'],
      ['upgrading-from-1-x', 'Upgrading from 1.x'],
      ['id2', 'Requirements'],
      ['compiler-errors', 'Compiler errors'],
      ['getting-support', 'Getting support'],
    ]);
    expect(pageAt(docs, '/guide/configure.html').sections.map((section) => section.anchor)).toContain('cafe-creme');
    // The numbers are counted in document order with every element docutils numbers: here a
    // reference that defines a target whose name makes no id (`#12 <url>`_).
    expect(pageAt(docs, '/guide/changes.html').sections.map((section) => section.anchor)).toEqual(['bug-fixes', 'id2']);
  });

  test('documented objects are entries with the ids Sphinx gives them: full Python names, envvar-, cmdoption-<program>-', () => {
    expect(pageAt(docs, '/api.html').sections.map((section) => section.anchor)).toEqual(['widgets.render', 'widgets.Dashboard', 'widgets.Dashboard.add_panel', 'helpers', 'widgets.helpers.slugify']);
    expect(pageAt(docs, '/guide/configure.html').sections.map((section) => section.anchor)).toEqual(
      expect.arrayContaining(['envvar-WIDGETS_HOME', 'cmdoption-widgetctl-q']),
    );
  });

  test('roles, substitutions and hyperlinks read as Sphinx shows them: :doc: and :ref: with their titles, extlinks, rst_epilog', () => {
    const index = text('/index.html');
    expect(index).toContain('Welcome to Widgets 2.4. Start with [Installation](/guide/install.html) or read the\n[configuration reference](/guide/configure.html#config-reference).');
    // (the label is `config_reference`: its id on the page is docutils', with a hyphen)
    expect(index).toContain('See the [project site](https://widgets.example.com/) and [#42](https://github.com/acme/widgets/issues/42).');
    const install = text('/guide/install.html');
    expect(install).toContain('Install **widgetctl** with pip:\n\n```python\npip install widgets\n```');
    expect(install).toContain('Read the [Installation](/guide/install.html#installation) page again');
  });

  test('directives: notes and version notes as their text, code blocks, includes read in place, literal includes cut to an object, tables', () => {
    const install = text('/guide/install.html');
    expect(install).toContain('On Windows, install the build tools first.');
    expect(install).toContain('```console\n$ pip install --upgrade widgets\n```\n\n_Changed in version 2.0:_ The `legacy` extra was removed.');
    expect(install).toContain('**Symptom**\n\nThe build fails with');
    expect(install).toContain('Ask on the forum; include the output of `widgetctl doctor`.');
    const configure = text('/guide/configure.html');
    expect(configure).toContain('```python\nclass Settings:\n    """Widgets settings."""\n\n    theme = "light"\n    refresh = 30\n```');
    expect(configure).not.toContain('unrelated');
    expect(configure).toContain('| `refresh` | 30      | Seconds between refreshes |');
    expect(configure).toContain('| `-v` | Verbose mode |');
  });

  test('MyST pages: directives and colon fences as their content, roles resolved, labels and comments left out', () => {
    const notes = text('/guide/notes.html');
    expect(notes).toContain('Dashboards now refresh **in the background**.\n\nThe `legacy` theme is gone.');
    expect(notes).toContain('See [the upgrade guide](/guide/install.html#upgrade-guide) and [Installation](/guide/install.html).');
    expect(notes).toContain('Plain Markdown still works: [configuration](/guide/configure.html).');
    // `myst_enable_extensions = ["deflist"]`: a term, then its definitions.
    expect(notes).toContain('- **Upgrade paths**: From 2.3, upgrade in place.');
    expect(notes).not.toMatch(/notes-2-4|comment|```\{/);
  });

  test('a folder of reStructuredText without conf.py is read with Sphinx defaults; `only` keeps what an HTML build shows', async () => {
    const root = await site({
      'index.rst': 'Home\n====\n\n.. only:: html\n\n   Shown on the web.\n\n.. only:: latex\n\n   Shown in the PDF.\n\nGrid\n----\n\n- one\n- two\n\n  nested paragraph\n\n1. first\n2. second\n',
    });
    const folder = await ingestDocs({ docs: root, pathPrefix: '' });
    expect(folder.generator).toBe('sphinx');
    const home = pageAt(folder, '/index.html').sections.map((section) => section.markdown).join('\n\n');
    expect(home).toContain('Shown on the web.');
    expect(home).not.toContain('Shown in the PDF.');
    expect(home).toContain('- one\n- two\n\n  nested paragraph');
    expect(home).toContain('1. first\n2. second');
  });

  test("a conf.py beside plain Markdown is another tool's: the folder stays GFM; a hostile conf.py or rst_epilog reads as unset", async () => {
    const markdown = await site({ 'conf.py': 'project = "tool"\n', 'docs/index.md': '# Tool\n\nText.\n' });
    expect((await ingestDocs({ docs: path.join(markdown, 'docs') })).generator).toBe('gfm');
    const epilog = ['rst_epilog = """', '.. |x| unicode:: U+110000', '"""'].join('\n');
    const hostile = await site({ 'conf.py': `x = ${'['.repeat(3000)}${']'.repeat(3000)}\n${epilog}\n`, 'index.rst': 'Home\n====\n\nSee |x|.\n' });
    const read = await ingestDocs({ docs: hostile, pathPrefix: '' });
    expect(read.pages[0]?.sections[0]?.markdown).toBe('See U+110000.');
  });

  test("titles in links read as Sphinx shows them; :doc: of another project is text; |release| is defined when conf.py computes it", async () => {
    const root = await site({
      'conf.py': 'import os\nrelease = os.environ["RELEASE"]\n',
      'index.rst': 'Home\n====\n\nSee :ref:`marks` and :doc:`pdb <python:library/pdb>`. Version |release| here.\n',
      'marks.rst': '.. _marks:\n\nUsing ``@pytest.mark.skip`` with :doc:`index`\n=============================================\n\nText.\n',
    });
    const read = await ingestDocs({ docs: root, pathPrefix: '' });
    const home = pageAt(read, '/index.html').sections[0]?.markdown;
    expect(home).toBe('See [Using @pytest.mark.skip with index](/marks.html#marks) and pdb. Version  here.');
    expect(sliceLiteral('1\n2\n3\nstart\n5\n6\n7\n', new Map([['start-after', 'start'], ['lines', '1-2']]))).toBe('5\n6');
  });

  test('cleanUrls serves pages as the dirhtml builder does', async () => {
    const root = await site({ 'conf.py': 'project = "x"\n', 'index.rst': 'Home\n====\n\nText.\n', 'guide/setup.rst': 'Setup\n=====\n\nText.\n' });
    const folder = await ingestDocs({ docs: root, pathPrefix: '/docs', cleanUrls: true });
    expect(folder.pages.map((page) => page.path).sort()).toEqual(['/docs/', '/docs/guide/setup/']);
  });
});

describe('Sphinx helpers', () => {
  test("docutilsId and sphinxId follow docutils' and Sphinx's id rules", () => {
    expect(docutilsId('2. Getting Started!')).toBe('getting-started');
    expect(docutilsId('Café & Crème')).toBe('cafe-creme');
    expect(sphinxId('cmdoption-pytest--k')).toBe('cmdoption-pytest-k');
    expect(sphinxId('pytest.approx')).toBe('pytest.approx');
    expect(sphinxAnchors([{ text: 'Usage' }, { text: 'Usage' }, { text: '???' }])).toEqual(['usage', 'id1', 'id2']);
    expect(sphinxAnchors([{ text: 'Install', targetNames: ['install'] }, { text: 'Upgrade guide' }, { text: 'Other', targetNames: ['upgrade guide'] }])).toEqual(['install', 'id2', 'other']);
  });

  test('conf.py is read without running it: literal assignments only, later ones winning', () => {
    const settings = pythonAssignments(
      'import os\nproject = "Widgets"\nversion = \'2.\' "4"\nextensions = [\n    "myst_parser",  # Markdown\n    \'sphinx.ext.extlinks\',\n]\nextlinks = {"issue": ("https://x/%s", "#%s")}\nrelease = os.environ["V"]\nhtml_theme = "alabaster"\nhtml_theme = "furo"\nflag = True\n',
    );
    expect(settings).toEqual({
      project: 'Widgets',
      version: '2.4',
      extensions: ['myst_parser', 'sphinx.ext.extlinks'],
      extlinks: { issue: ['https://x/%s', '#%s'] },
      html_theme: 'furo',
      flag: true,
    });
  });

  test("only's tag expressions, and literalinclude's cuts", () => {
    expect(htmlBuildIncludes('html')).toBe(true);
    expect(htmlBuildIncludes('not latex')).toBe(true);
    expect(htmlBuildIncludes('latex or epub')).toBe(false);
    expect(htmlBuildIncludes('html and not (latex or man)')).toBe(true);
    const source = 'a = 1\n# start\nb = 2\nc = 3\n# end\nd = 4\n';
    expect(sliceLiteral(source, new Map([['start-after', '# start'], ['end-before', '# end']]))).toBe('b = 2\nc = 3');
    expect(sliceLiteral(source, new Map([['lines', '1,3-4']]))).toBe('a = 1\nb = 2\nc = 3');
    expect(sliceLiteral('class A:\n    def f(self):\n        return 1\n\n    def g(self):\n        return 2\n', new Map([['pyobject', 'A.g']]))).toBe('    def g(self):\n        return 2');
  });

  test('hostile text reads in linear time: thousands of unclosed inline markers, blocks nested thousands deep', () => {
    const context = { role: () => [], target: () => undefined, substitution: () => undefined };
    // Each of these took 10–30 s at 20,000 repeats when every marker searched the rest of the paragraph.
    for (const unit of ['*a ', '**a ', '`a ', '``a ', '|a ', ':r:`a ']) expect(parseRstInline(unit.repeat(20_000), context).length).toBeGreaterThan(0);
    const nestedNotes = Array.from({ length: 3000 }, (_, depth) => `${'   '.repeat(depth)}.. note::\n`).join('\n') + `${'   '.repeat(3000)}deep\n`;
    const blocks = readRstBlocks(nestedNotes.split('\n'), {
      inline: (value) => [{ type: 'text', value }],
      directive: (directive, read) => read(directive.body),
      include: () => undefined,
      label: () => undefined,
      heading: () => undefined,
      literalLanguage: () => undefined,
    });
    expect(JSON.stringify(blocks)).toContain('deep');
  });

  test('MyST colon fences become backtick fences longer than what they hold; comments go; code stays as written', () => {
    expect(mystAsMarkdown('::::{tab-set}\n:::{tab} A\n```py\nx = 1\n```\n:::\n::::\n% hidden\n```\n% kept\n```')).toBe(
      '```````{tab-set}\n``````{tab} A\n```py\nx = 1\n```\n``````\n```````\n```\n% kept\n```',
    );
  });
});
