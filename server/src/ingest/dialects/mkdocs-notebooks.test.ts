import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ingestDocs } from '../ingest-docs';
import type { IngestedDocs } from '../ingested-docs';
import { pageAt } from '../testing/page-at';
import { readMkdocsConfig } from './mkdocs-config';
import { matchesFromRight } from './mkdocs-notebooks';

const fixture = path.join(import.meta.dirname, '../fixtures/mkdocs-notebooks');
let docs: IngestedDocs;
const copies: string[] = [];

beforeAll(async () => {
  docs = await ingestDocs({ docs: path.join(fixture, 'docs') });
});

afterEach(async () => {
  await Promise.all(copies.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

// The fixture in a temporary folder, with mkdocs.yml replaced.
async function withConfig(config: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'docent-notebooks-'));
  copies.push(folder);
  await cp(fixture, folder, { recursive: true });
  await writeFile(path.join(folder, 'mkdocs.yml'), config);
  return path.join(folder, 'docs');
}

describe('MkDocs notebooks (mkdocs-jupyter)', () => {
  test('a notebook the plugin includes is a page at its directory URL; an ignored one is not', () => {
    expect(docs.pages.map((page) => page.path)).toEqual(['/lab/', '/lab/examples/fitting/']);
  });

  test('titled by its first # heading; anchors by the plugin\'s toc (ASCII slugs, _1 for a repeat), whatever the site\'s slugify', () => {
    const page = pageAt(docs, '/lab/examples/fitting/');
    expect(page.title).toBe('Fitting a curve');
    expect(page.sections.map((section) => [section.anchor, section.heading])).toEqual([
      ['fitting-a-curve', 'Fitting a curve'],
      ['donnees-bruitees', 'Données bruitées'],
      ['fitting-a-curve_1', 'Fitting a curve'],
    ]);
  });

  test("cells read as nbconvert renders them: code with its printed output, the site's Markdown extensions not applied, tagged cells removed", () => {
    const [intro, noisy] = pageAt(docs, '/lab/examples/fitting/').sections;
    expect(intro?.markdown).toBe('We fit a line to noisy data with `numpy.polyfit`.\n\n```python\nimport numpy as np\nx = np.arange(10)\nprint(x.mean())\n```\n\n```text\n4.5\n```');
    expect(noisy?.markdown).toContain('!!! note\n    Not an admonition here');
    expect(noisy?.markdown).toContain('$\\epsilon \\sim N(0, \\sigma^{2})$');
    expect(noisy?.markdown).toContain('**Slope** is 2.0');
    expect(noisy?.markdown).not.toContain('display(Markdown');
    expect(noisy?.markdown).not.toContain('secret_setup');
    expect(noisy?.markdown).not.toContain('raw cell');
  });

  test('a link to a notebook from a Markdown page is the notebook page\'s URL', () => {
    expect(pageAt(docs, '/lab/').sections[0]?.markdown).toBe('See the [fitting example](/lab/examples/fitting/).');
  });

  test('without a notebook plugin, notebooks are not pages', async () => {
    const folder = await withConfig('site_name: Plain\nsite_url: https://example.org/lab/\n');
    const plain = await ingestDocs({ docs: folder });
    expect(plain.pages.map((page) => page.path)).toEqual(['/lab/']);
  });

  test('mknotebooks publishes every notebook; ignore_h1_titles titles a page from its file name', async () => {
    const everything = await ingestDocs({ docs: await withConfig('site_name: All\nplugins:\n  - mknotebooks\n') });
    expect(everything.pages.map((page) => page.path)).toEqual(['/', '/examples/drafts/wip/', '/examples/fitting/']);
    const named = await ingestDocs({ docs: await withConfig('site_name: Named\nplugins:\n  - mkdocs-jupyter:\n      ignore_h1_titles: true\n') });
    expect(pageAt(named, '/examples/fitting/').title).toBe('Fitting');
  });

  test('a first cell opening with --- is a rule and text, not front matter (nbconvert reads none)', async () => {
    const folder = await withConfig('site_name: Rule\nplugins:\n  - mkdocs-jupyter\n');
    const cells = [{ cell_type: 'markdown', metadata: {}, source: ['---\n', 'title: not: yaml\n', '---\n', '\n', '# Ruled notebook\n', '\n', 'Body.'] }];
    await writeFile(path.join(folder, 'examples/fitting.ipynb'), JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells }));
    const ruled = pageAt(await ingestDocs({ docs: folder }), '/examples/fitting/');
    expect(ruled.title).toBe('Ruled notebook');
    // As CommonMark reads it: a rule, then a setext heading (empty, so no section of its own).
    expect(ruled.sections.map((section) => [section.heading, section.markdown])).toEqual([
      ['Ruled notebook', '---'],
      ['Ruled notebook', 'Body.'],
    ]);
  });

  test('a broken notebook stops the start with the file and what to do', async () => {
    const folder = await withConfig('site_name: Broken\nplugins:\n  - mkdocs-jupyter\n');
    await writeFile(path.join(folder, 'examples/fitting.ipynb'), '{"cells": [');
    await expect(ingestDocs({ docs: folder })).rejects.toThrow(/examples\/fitting\.ipynb: is not a valid Jupyter notebook \(.+\); open it in Jupyter and save it again, or add it to the mkdocs-jupyter plugin's ignore list/);
  });

  test("the plugin's settings are read from mkdocs.yml; jupytext's .py notebooks are not read", async () => {
    const config = await readMkdocsConfig(path.join(fixture, 'mkdocs.yml'), path.join(fixture, 'docs'));
    expect(config.notebooks).toEqual({
      include: ['*.ipynb'],
      ignore: ['drafts/*.ipynb'],
      fileNameTitles: false,
      showInput: true,
      removeCellTags: ['hide'],
      removeInputTags: ['hide-input'],
      removeOutputTags: [],
    });
    const hidden = await readMkdocsConfig(path.join(await withConfig('plugins:\n  - mkdocs-jupyter:\n      no_input: true\n'), '..', 'mkdocs.yml'), '');
    expect(hidden.notebooks?.showInput).toBe(false);
    const disabled = await readMkdocsConfig(path.join(await withConfig('plugins:\n  - mkdocs-jupyter:\n      enabled: false\n'), '..', 'mkdocs.yml'), '');
    expect(disabled.notebooks).toBeUndefined();
  });
});

describe('matchesFromRight (PurePath.match)', () => {
  test.each([
    ['a.ipynb', '*.ipynb', true],
    ['guide/deep/a.ipynb', '*.ipynb', true],
    ['guide/drafts/a.ipynb', 'drafts/*.ipynb', true],
    ['drafts/sub/a.ipynb', 'drafts/*.ipynb', false],
    ['a.ipynb', 'drafts/*.ipynb', false],
    ['guide/a1.ipynb', 'a?.ipynb', true],
    ['guide/b1.ipynb', '[!b]1.ipynb', false],
    ['guide/c1.ipynb', '[a-c]1.ipynb', true],
    ['guide/A.ipynb', 'a.ipynb', false],
    ['a.ipynb', '/a.ipynb', false],
  ])('%s against %s: %s', (file, pattern, expected) => {
    expect(matchesFromRight(file, pattern)).toBe(expected);
  });
});
