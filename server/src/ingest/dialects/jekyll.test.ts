import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { kramdownAnchors, kramdownGfmAnchors } from '../anchors';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';
import { temporarySites } from '../testing/temporary-site';
import { withoutKramdownExtensions } from './jekyll';

const fixture = path.join(import.meta.dirname, '../fixtures/jekyll');
let docs: IngestedDocs;

beforeAll(async () => {
  docs = await ingestDocs({ docs: fixture });
});

const page = (pagePath: string) => pageAt(docs, pagePath);
const text = (pagePath: string) =>
  page(pagePath)
    .sections.map((section) => section.markdown)
    .join('\n\n');

describe('Jekyll dialect', () => {
  const site = temporarySites('docent-jekyll-');

  test("is detected from _config.yml; the rendered pages, at Jekyll's URLs under baseurl", () => {
    expect(docs.generator).toBe('jekyll');
    expect(docs.locales).toEqual([{ code: 'en', pathPrefix: '/guide' }]);
    // Not: a file without front matter (copied as it is), an excluded folder, a draft.
    expect(docs.pages.map((candidate) => candidate.path).sort()).toEqual([
      '/guide/',
      '/guide/about/',
      // permalink: /configuration/ in its front matter
      '/guide/configuration/',
      // the docs collection's permalink: /:collection/:path/
      '/guide/docs/install/',
      // a post: /:categories/:year/:month/:day/:title/ under permalink: pretty
      '/guide/news/2024/03/05/hello-world/',
    ]);
  });

  test("anchors by kramdown's GFM rules, from the heading's text: {#id} and an {: #id} line under it as written, repeats -1", () => {
    expect(page('/guide/docs/install/').sections.map((section) => [section.anchor, section.heading])).toEqual([
      ['get-it', 'Download'],
      ['download', 'Download'],
      ['configure-it30', 'Configure it3.0'],
      ['upgrading-from-v2-with-the-guide', 'Upgrading from v2 with the guide'],
      ['legacy-id', 'Legacy setup'],
    ]);
  });

  test('Liquid reads as Jekyll renders it: site and data values, includes with parameters, links, highlight, raw', () => {
    const install = text('/guide/docs/install/');
    expect(install).toContain('Download version 3.2.0 **New** of the CLI.');
    expect(install).toContain('**Note:** Back up your config first.');
    expect(install).toContain('```ruby\nrequire "harbor"\nHarbor.push("image")\n```');
    expect(install).toContain('See [the configuration](/guide/configuration/) or [about](/guide/about/).');
    expect(install).toContain('To print the title, write `{{ page.title }}`.');
    // kramdown's attribute lists and the `* TOC` it replaces are styling, not text.
    expect(install).not.toMatch(/\{:|TOC/);
    expect(install).toContain('Plugins are deprecated.');
    expect(text('/guide/about/')).toContain('The Harbor team, with Harbor CLI contributors.');
  });

  test('a loop over a data file renders its rows, a condition on each row decided; a loop over the site shows nothing', () => {
    const configuration = text('/guide/configuration/');
    expect(configuration).toMatch(/\| `timeout` +\| Seconds to wait for the registry\. +\|/);
    expect(configuration).toMatch(/\| `insecure` +\| Skip TLS verification\. \(deprecated\) \|/);
    expect(configuration).not.toContain('Seconds to wait for the registry. (deprecated)');
  });

  test("Just the Docs' search_exclude leaves a page out of retrieval; titles come from front matter", () => {
    expect(docs.pages.filter((candidate) => candidate.excludedFromSearch === true).map((candidate) => candidate.path)).toEqual(['/guide/configuration/']);
    expect(page('/guide/news/2024/03/05/hello-world/').title).toBe('Hello, world');
  });

  test('defaults apply by scope; published: false and future posts are not pages; permalink styles', async () => {
    const root = await site({
      '_config.yml': 'defaults:\n  - scope: { path: "internal" }\n    values: { published: false }\n',
      'guide.md': '---\ntitle: Guide\n---\n\nText.\n',
      'internal/secret.md': '---\ntitle: Secret\n---\n\nHidden.\n',
      'old.md': '---\ntitle: Old\npublished: false\n---\n\nGone.\n',
      '_posts/2999-01-01-later.md': '---\ntitle: Later\n---\n\nNot yet.\n',
      '_posts/2020-02-03-launch.md': '---\ntitle: Launch\n---\n\nShipped.\n',
    });
    const read = await ingestDocs({ docs: root });
    // The default permalink style (date): pages and posts end in .html.
    expect(read.pages.map((candidate) => candidate.path).sort()).toEqual(['/2020/02/03/launch.html', '/guide.html']);
  });

  test('defaults: a longer scope path takes precedence; posts need a dated name; a page with a future date is still a page; permalink: none', async () => {
    const root = await site({
      '_config.yml': 'permalink: none\ndefaults:\n  - scope: { path: "docs" }\n    values: { published: false }\n  - scope: { path: "" }\n    values: { published: true }\n',
      'docs/a.md': '---\ntitle: A\n---\n\nHidden by the docs scope.\n',
      'soon.md': '---\ntitle: Soon\ndate: 2999-01-01\n---\n\nPages have no date to hide by.\n',
      'about.markdown': '---\ntitle: About\n---\n\nA .markdown page.\n',
      '_posts/notes.md': '---\ntitle: Notes\n---\n\nNo date in the name: no post.\n',
      '_posts/2024-01-02-hello.md': '---\ntitle: Hello\ndate: 2024-01-02T01:00:00+02:00\n---\n\nHi.\n',
    });
    const read = await ingestDocs({ docs: root });
    expect(read.pages.map((candidate) => candidate.path).sort()).toEqual(['/about.html', '/hello.html', '/soon.html']);
  });

  test('Liquid: else inside a loop belongs to its own if; unknown filters and loops over the site show nothing; includes stay inside the project', async () => {
    const outside = await site({ 'secret.md': 'SECRET TEXT' });
    const root = await site({
      '_config.yml': 'title: Site\n',
      '_data/items.yml': '- name: a\n- name: b\n',
      'index.md':
        '---\ntitle: Home\n---\n\n{% for item in site.data.items %}[{% if item.name == "a" %}A{% else %}other{% endif %}]{% endfor %}\n\n' +
        `{% for p in site.pages %}{{ p.title }}{% endfor %}{{ site.data.items | where: "name", "a" }}{% include_relative ../${path.basename(outside)}/secret.md %}end\n`,
    });
    const read = await ingestDocs({ docs: root });
    expect(read.pages[0]?.sections.map((section) => section.markdown)).toEqual(['[A][other]\n\nend']);
  });

  test('kramdown: <div markdown="1"> content is Markdown; an attribute list in a code span is text', async () => {
    const root = await site({
      '_config.yml': 'title: Site\n',
      'index.md': '---\ntitle: Home\n---\n\n<div class="note" markdown="1">\n\n## Inside\n\nSome **bold**.\n\n</div>\n\nWrite `{: .note }` under a paragraph.\n',
    });
    const read = await ingestDocs({ docs: root });
    expect(read.pages[0]?.sections.map((section) => [section.heading, section.markdown])).toEqual([['Inside', 'Some **bold**.\n\nWrite `{: .note }` under a paragraph.']]);
  });

  test('Liquid is read in one pass: thousands of unclosed {{ are text, read quickly', async () => {
    const root = await site({ '_config.yml': 'title: Site\n', 'index.md': `---\ntitle: Home\n---\n\n{{ site.title }} and ${'{{ '.repeat(100_000)}\n` });
    const read = await ingestDocs({ docs: root });
    expect(read.pages[0]?.sections[0]?.markdown.startsWith('Site and {{ {{')).toBe(true);
  });

  test('a YAML alias that refers to itself in _config.yml stops the start with what to fix', async () => {
    const root = await site({ '_config.yml': 'x: &a\n  y: *a\n', 'index.md': '---\n---\nHi\n' });
    await expect(ingestDocs({ docs: root })).rejects.toThrow(/_config\.yml: the config holds a YAML alias that refers to itself/);
  });

  test("Jupyter Book's and Hexo's _config.yml are not Jekyll's", async () => {
    const book = await site({ '_config.yml': 'title: Book\n', '_toc.yml': 'root: intro\n', 'intro.md': '# Intro\n' });
    expect((await ingestDocs({ docs: book })).generator).toBe('gfm');
    const hexo = await site({ '_config.yml': 'title: Blog\n', 'scaffolds/post.md': '---\n---\n', 'index.md': '# Home\n' });
    expect((await ingestDocs({ docs: hexo })).generator).toBe('gfm');
  });

  test('an invalid _config.yml stops the start with the file and what to fix', async () => {
    const root = await site({ '_config.yml': 'title: [unclosed\n', 'index.md': '---\n---\nHi\n' });
    await expect(ingestDocs({ docs: root })).rejects.toThrow(/_config\.yml: not valid YAML .*jekyll build/);
  });
});

describe("kramdown's anchors and attribute lists", () => {
  test('GFM input (Jekyll default) and kramdown input', () => {
    expect(kramdownGfmAnchors([{ text: 'Install jekyll' }, { text: 'Install jekyll' }, { text: 'Größe & Maß' }])).toEqual(['install-jekyll', 'install-jekyll-1', 'größe--maß']);
    expect(kramdownAnchors([{ text: '2. Setup' }, { text: 'Setup' }, { text: '???' }])).toEqual(['setup', 'setup-1', 'section']);
  });

  test('attribute lines and inline lists go; an {: #id} line names the heading above; code keeps them', () => {
    expect(withoutKramdownExtensions('## Setup\n{: #install}\n\nText **new**{: .label}\n\n{: .note }\nA note.\n\n```\n{: .kept}\n## Example\n{: #example}\n```\n')).toBe(
      '## Setup {#install}\n\n\nText **new**\n\n\nA note.\n\n```\n{: .kept}\n## Example\n{: #example}\n```\n',
    );
  });
});
