import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { hugoAnchors, hugoSlug } from '../anchors';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';
import { temporarySites } from '../testing/temporary-site';
import { hugoPagePath, isPublished } from './hugo';
import { renderMarkdownTemplate, renderSimpleTemplate } from './hugo-templates';

const fixture = path.join(import.meta.dirname, '../fixtures/hugo');
let docs: IngestedDocs;

beforeAll(async () => {
  // `docs` at the site's content folder, as a docs team points it; hugo.toml is in its parent.
  docs = await ingestDocs({ docs: path.join(fixture, 'content') });
});

const page = (pagePath: string) => pageAt(docs, pagePath);
const text = (pagePath: string) =>
  page(pagePath)
    .sections.map((section) => section.markdown)
    .join('\n\n');

describe('Hugo dialect', () => {
  const site = temporarySites('docent-hugo-');

  test("is detected from hugo.toml; the published pages, at Hugo's URLs under baseURL's path, each language under its own", () => {
    expect(docs.generator).toBe('hugo');
    expect(docs.locales).toEqual([
      { code: 'en', pathPrefix: '/product' },
      { code: 'fr', pathPrefix: '/product/fr' },
    ]);
    expect(docs.pages.map((candidate) => candidate.path).sort()).toEqual([
      '/product/',
      '/product/docs/',
      // A leaf bundle's index is the folder's page; notes.md beside it is its resource.
      '/product/docs/bundle/',
      // slug = "configuration"
      '/product/docs/configuration/',
      '/product/docs/credentials/',
      '/product/docs/install/',
      '/product/docs/json-page/',
      // install.fr.md: the French translation.
      '/product/fr/docs/install/',
      // permalinks: blog = "/news/:year/:slug/" (no slug: the title, urlized)
      '/product/news/2024/hello-world/',
    ]);
    expect(page('/product/fr/docs/install/').language).toBe('fr');
    expect(page('/product/docs/install/').language).toBe('en');
  });

  test('the same site read from its folder (content/ inside) gives the same pages and sections', async () => {
    const fromRoot = await ingestDocs({ docs: fixture });
    expect(fromRoot.generator).toBe('hugo');
    const summary = (read: IngestedDocs) => read.pages.map((candidate) => [candidate.path, candidate.sections.map((section) => section.markdown)]);
    expect(summary(fromRoot)).toEqual(summary(docs));
  });

  test('drafts, future pages, headless or never-rendered ones and what a section cascades to are not published', () => {
    const paths = docs.pages.map((candidate) => candidate.path);
    expect(paths).not.toContain('/product/docs/draft/');
    expect(paths).not.toContain('/product/docs/future/');
    expect(paths).not.toContain('/product/archive/old/');
    expect(paths).not.toContain('/product/archive/');
    const now = new Date('2026-06-01T00:00:00Z');
    const build = { buildDrafts: false, buildFuture: false, buildExpired: false };
    expect(isPublished({ title: 'x' }, build, now)).toBe(true);
    expect(isPublished({ expiryDate: '2026-01-01' }, build, now)).toBe(false);
    expect(isPublished({ expiryDate: '2026-01-01' }, { ...build, buildExpired: true }, now)).toBe(true);
    expect(isPublished({ draft: true }, { ...build, buildDrafts: true }, now)).toBe(true);
    expect(isPublished({ headless: true }, build, now)).toBe(false);
    expect(isPublished({ _build: { render: 'link' } }, build, now)).toBe(false);
    expect(isPublished({ build: { render: 'always' } }, build, now)).toBe(true);
  });

  test('titles: front matter in YAML, TOML or JSON; the home page without one takes the site title', () => {
    expect(page('/product/docs/install/').title).toBe('Installing the CLI');
    expect(page('/product/docs/configuration/').title).toBe('Configuring');
    expect(page('/product/docs/json-page/').title).toBe('A JSON page');
    expect(page('/product/').title).toBe('Example Product');
    expect(page('/product/').description).toBe('The home page');
  });

  test("anchors by Goldmark's rules as Hugo sets them: {#id} as written, repeats -1, letters of any script kept", () => {
    expect(page('/product/docs/install/').sections.map((section) => [section.anchor, section.heading])).toEqual([
      ['get-it', 'Download'],
      ['platforms', 'Platforms'],
      ['platforms-1', 'Platforms'],
      ['café--crème--über-20', 'Café & crème — über 2.0'],
    ]);
    expect(page('/product/fr/docs/install/').sections[0]?.anchor).toBe('téléchargement');
  });

  test('shortcodes read as the page shows them: params (in code too), alerts and tabs with their titles, code tabs, highlight, refs, file reads', () => {
    const install = text('/product/docs/install/');
    expect(install).toContain('Fetch release v2.4.1:');
    expect(install).toContain('curl -LO https://example.org/cli/v2.4.1/cli.tar.gz');
    expect(install).toContain('**Heads up**\n\nThe installer needs **root** on Linux.');
    expect(install).toContain('**macOS**\n\nUse Homebrew: `brew install example-cli`.');
    expect(install).toContain('**Linux**\n\n```sh\nsudo dpkg -i example-cli.deb\n```');
    expect(install).toContain('```go\nclient := example.New()\n```');
    // `ref` names the file; link resolution gives the page's URL with its slug.
    expect(install).toContain('[the configuration page](/product/docs/configuration/#proxy)');
    // A template that reads a file shows that file.
    expect(install).toContain('Example Product keeps a **binary protocol** between services');
    // A template with .Inner shows the content; one without hides it; embeds show nothing.
    expect(install).toContain('Keep the CLI up to date.');
    expect(install).not.toContain('screenshots');
    expect(install).not.toContain('dQw4w9WgXcQ');
    // A call inside a Go comment is how docs show one.
    expect(install).toContain('`{{< param "versions.cli" >}}`');
    expect(install).not.toMatch(/\{\{%|\{\{< (?!param "versions)/);
    expect(text('/product/fr/docs/install/')).toContain('Téléchargez la version v2.4.1.');
    // A shortcode within a sentence shows its text.
    expect(text('/product/docs/configuration/')).toContain('so every request goes through the proxy.');
    // A template that only picks a value by its arguments runs; one that does more shows nothing.
    expect(text('/product/docs/configuration/')).toContain('The proxy setting arrived in 2.4 (release 2.4.1); restart needed.');
    // markup.goldmark.parser.attribute.block: a `{.class}` line styles the table before it.
    expect(text('/product/docs/configuration/')).toMatch(/\| `HTTPS_PROXY` +\| The proxy for HTTPS requests \|$/);
  });

  test("a Markdown shortcode template runs on the page's params", () => {
    expect(page('/product/docs/credentials/').sections.map((section) => [section.heading, section.markdown])).toEqual([
      ['Client credentials', "Create the client's credentials like this:\n\n```go\ncreds := example.ClientCredentials()\n```"],
      ['Server credentials', '```go\ncreds := example.ServerCredentials()\n```'],
    ]);
  });

  test("Docsy's exclude_search leaves a page out of retrieval; the others stay in", () => {
    expect(docs.pages.filter((candidate) => candidate.excludedFromSearch === true).map((candidate) => candidate.path)).toEqual(['/product/docs/json-page/']);
  });

  test('a config.toml (the name before hugo.toml) counts only beside the content folder the docs are in', async () => {
    const root = await site({
      'config.toml': 'baseURL = "https://example.org/"\n[params]\nname = "Widget"\n',
      'content/en/guide.md': '---\ntitle: Guide\n---\n\nThe {{< param name >}} guide.\n',
    });
    const read = await ingestDocs({ docs: path.join(root, 'content', 'en') });
    expect(read.generator).toBe('hugo');
    // Without languages[].contentDir, content/en is a folder of the content: its URL says so.
    expect(read.pages.map((candidate) => [candidate.path, candidate.sections[0]?.markdown])).toEqual([['/en/guide/', 'The Widget guide.']]);

    const other = await site({ 'config.yaml': 'name: not hugo\n', 'docs/guide.md': '# Guide\n' });
    expect((await ingestDocs({ docs: path.join(other, 'docs') })).generator).toBe('gfm');
  });

  test("languages with their own contentDir, module mounts, and config/_default's split files", async () => {
    const root = await site({
      'config/_default/hugo.yaml': 'baseURL: https://example.org/\ndefaultContentLanguage: en\n',
      'config/_default/languages.yaml': 'en:\n  weight: 1\n  contentDir: content/en\nde:\n  weight: 2\n  contentDir: content/de\n',
      'config/_default/params.yaml': 'release: "3.1"\n',
      'content/en/start.md': '---\ntitle: Start\n---\n\nRelease {{< param release >}}.\n',
      'content/de/start.md': '---\ntitle: Anfang\n---\n\nVersion {{< param release >}}.\n',
    });
    const read = await ingestDocs({ docs: root });
    expect(read.generator).toBe('hugo');
    expect(read.pages.map((candidate) => [candidate.path, candidate.language, candidate.sections[0]?.markdown])).toEqual([
      ['/de/start/', 'de', 'Version 3.1.'],
      ['/start/', 'en', 'Release 3.1.'],
    ]);

    const mounted = await site({
      'hugo.yaml': 'module:\n  mounts:\n    - source: content/en\n      target: content\n    - source: api-docs\n      target: content/api\n',
      'content/en/start.md': '---\ntitle: Start\n---\n\nHello.\n',
      'api-docs/users.md': '---\ntitle: Users API\n---\n\nList users.\n',
    });
    const fromMounts = await ingestDocs({ docs: mounted });
    expect(fromMounts.pages.map((candidate) => candidate.path).sort()).toEqual(['/api/users/', '/start/']);
  });

  test('shortcodes and file reads stay inside the project: no ../ template names, no link out of the site', async () => {
    const outside = await site({ 'secret.md': 'SECRET TEXT', 'layouts/shortcodes/leak.md': 'LEAKED TEMPLATE' });
    const root = await site({
      'hugo.toml': 'title = "x"\n',
      'content/page.md': `---\ntitle: Page\n---\n\nStart {{% ../../${path.basename(outside)}/layouts/shortcodes/leak %}} {{< readfile file="/linked.md" >}} end.\n`,
    });
    await symlink(path.join(outside, 'secret.md'), path.join(root, 'linked.md'));
    const read = await ingestDocs({ docs: root });
    expect(read.pages[0]?.sections[0]?.markdown).toBe('Start   end.');
  });

  test('permalinks apply to leaf bundles, dates as written; cascades stay in their language; config/production is read', async () => {
    const root = await site({
      'hugo.toml': 'title = "x"\n[permalinks]\n  posts = "/:year/:month/:day/:slug/"\n[languages.en]\n  weight = 1\n[languages.zh]\n  weight = 2\n',
      'config/production/params.toml': 'release = "9.9"\n',
      'content/posts/trip/index.md': '---\ntitle: Our Trip - Part 1.2\ndate: 2024-01-01T01:00:00+02:00\n---\n\nRelease {{< param release >}}.\n',
      'content/docs/_index.zh.md': '---\ntitle: 文档\ncascade:\n  draft: true\n---\n\n中文\n',
      'content/docs/a.md': '---\ntitle: A\n---\n\nEnglish page.\n',
      'content/docs/a.zh.md': '---\ntitle: 甲\n---\n\n中文页面\n',
    });
    const read = await ingestDocs({ docs: root });
    expect(read.pages.map((candidate) => candidate.path).sort()).toEqual(['/2024/01/01/our-trip-part-1.2/', '/docs/a/']);
    expect(pageAt(read, '/2024/01/01/our-trip-part-1.2/').sections[0]?.markdown).toBe('Release 9.9.');
  });

  test('a YAML alias that refers to itself in the config stops the start; a long attribute-like heading reads quickly', async () => {
    const cyclic = await site({ 'hugo.yaml': 'params:\n  x: &a\n    y: *a\n', 'content/page.md': '---\ntitle: Page\n---\n\nText.\n' });
    await expect(ingestDocs({ docs: cyclic })).rejects.toThrow(/hugo\.yaml: the config holds a YAML alias that refers to itself/);
    // An unclosed attribute list of many quoted values: linear to read, not exponential.
    const heading = `## Title {${'a="x" '.repeat(40)}b"`;
    const root = await site({ 'hugo.toml': 'title = "x"\n', 'content/page.md': `---\ntitle: Page\n---\n\n${heading}\n\nText.\n` });
    const read = await ingestDocs({ docs: root });
    expect(read.pages[0]?.sections[0]?.markdown).toBe('Text.');
  });

  test('TOML front matter that is not valid stops the start with the file and what to fix', async () => {
    const root = await site({ 'hugo.toml': 'title = "x"\n', 'content/bad.md': '+++\ntitle = "unclosed\n+++\n\nText.\n' });
    await expect(ingestDocs({ docs: root })).rejects.toThrow(/bad\.md.*front matter is not valid TOML.*\+\+\+ lines/s);
  });
});

describe('Hugo URLs and anchors', () => {
  const rules = { uglyUrls: false, keepPathCase: false, permalinks: new Map<string, string>() };

  test('paths are lower case, spaces become -, sections and bundles are their folder; uglyURLs and disablePathToLower apply', () => {
    expect(hugoPagePath('Docs/Getting Started.md', {}, rules)).toBe('docs/getting-started/');
    expect(hugoPagePath('docs/_index.md', {}, rules)).toBe('docs/');
    expect(hugoPagePath('_index.md', {}, rules)).toBe('');
    expect(hugoPagePath('posts/trip/index.md', { slug: 'our-trip' }, rules)).toBe('posts/our-trip/');
    expect(hugoPagePath('docs/setup.md', {}, { ...rules, uglyUrls: true })).toBe('docs/setup.html');
    expect(hugoPagePath('Docs/Setup.md', {}, { ...rules, keepPathCase: true })).toBe('Docs/Setup/');
    const permalinks = new Map([['posts', '/:year/:month/:day/:filename/']]);
    expect(hugoPagePath('posts/launch.md', { date: '2025-11-02T10:00:00Z' }, { ...rules, permalinks })).toBe('2025/11/02/launch/');
  });

  test("Goldmark's id strategies: github (default), github-ascii and blackfriday; an empty id is heading", () => {
    expect(hugoSlug('Set up `protoc` (v3)')).toBe('set-up-protoc-v3');
    expect(hugoSlug('snake_case -- and  spaces')).toBe('snake_case----and--spaces');
    expect(hugoSlug('Café', 'github-ascii')).toBe('cafe');
    expect(hugoSlug('Größe', 'github-ascii')).toBe('groe');
    expect(hugoSlug('v1.0.0 (Apr 21, 2019)', 'blackfriday')).toBe('v1-0-0-apr-21-2019');
    expect(hugoSlug('???')).toBe('heading');
    // An explicit id takes its place in the pool: a later heading of that text gets -1.
    expect(hugoAnchors()([{ text: 'Usage', customId: 'usage' }, { text: 'Usage' }, { text: 'Usage' }])).toEqual(['usage', 'usage-1', 'usage-2']);
  });
});

describe('Markdown shortcode templates', () => {
  const scope = { named: new Map([['lang', 'go']]), positional: ['first'], inner: 'Inside.', pageParams: { title: 'P', items: ['a', 'b'], code: { go: 'GO' } }, siteParams: { product: 'Widget' } };

  test('fields, with/if/else, range over a list, .Get, .Inner and trimming; what it cannot run shows nothing', () => {
    expect(renderMarkdownTemplate('{{ .Site.Params.product }} {{ .Get "lang" }} {{ .Get 0 }} {{ .Inner }}', scope)).toBe('Widget go first Inside.');
    expect(renderMarkdownTemplate('{{ with .Page.Params.code.go -}}\n  [{{ . }}]\n{{- end }}', scope)).toBe('[GO]');
    expect(renderMarkdownTemplate('{{ with .Page.Params.code.rust }}yes{{ else }}no{{ end }}', scope)).toBe('no');
    expect(renderMarkdownTemplate('{{ if .Page.Params.missing }}a{{ else if .Page.Params.title }}b{{ else }}c{{ end }}', scope)).toBe('b');
    expect(renderMarkdownTemplate('{{ range .Page.Params.items }}- {{ . }}\n{{ end }}', scope)).toBe('- a\n- b\n');
    expect(renderMarkdownTemplate('{{ range $i, $e := .Page.Params.items }}{{ $e }}{{ end }}after', scope)).toBe('after');
    expect(renderMarkdownTemplate('{{ $x := lower "A" }}{{ $x }}{{/* note */}}{{ define "x" }}hidden{{ end }}done', scope)).toBe('done');
    expect(renderMarkdownTemplate('{{ $.Page.Params.code.go | safeHTML }}', scope)).toBe('GO');
  });

  test('renderSimpleTemplate runs a template only when it can run every action in it', () => {
    expect(renderSimpleTemplate('{{- if .Get "short" }}1.14{{ else if .Get "lang" }}{{ .Get "lang" }}{{ else }}1.14.1{{ end -}}', scope)).toBe('go');
    expect(renderSimpleTemplate('<b>{{ .Site.Params.product }}</b>', scope)).toBe('<b>Widget</b>');
    expect(renderSimpleTemplate('{{ $x := .Get "lang" }}{{ $x }}', scope)).toBeUndefined();
    expect(renderSimpleTemplate('{{ partial "x.html" . }}', scope)).toBeUndefined();
    expect(renderSimpleTemplate('{{ .Get "lang" | upper }}', scope)).toBeUndefined();
  });
});
