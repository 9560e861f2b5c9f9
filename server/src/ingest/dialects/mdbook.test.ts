import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { mdbookAnchors, mdbookSlug } from '../anchors';
import type { IngestedDocs } from '../ingested-docs';
import { ingestDocs } from '../ingest-docs';
import { pageAt } from '../testing/page-at';
import { temporarySites } from '../testing/temporary-site';
import { DocsIndex } from '../../retrieval/docs-index';
import { htmlPath, searchEnabled } from './mdbook';
import { selectLines } from './mdbook-includes';
import { summaryChapters } from './book-summary';

const fixture = path.join(import.meta.dirname, '../fixtures/mdbook');
let docs: IngestedDocs;

beforeAll(async () => {
  // `docs` at the book's source folder, as a docs team points it; book.toml is in its parent.
  docs = await ingestDocs({ docs: path.join(fixture, 'src') });
});

const page = (pagePath: string) => pageAt(docs, pagePath);

describe('mdBook dialect', () => {
  const plainSite = temporarySites('docent-mdbook-');
  test('is detected from book.toml; the pages are the chapters SUMMARY.md links to, as .html under site-url', () => {
    expect(docs.generator).toBe('mdbook');
    expect(docs.locales).toEqual([{ code: 'en', pathPrefix: '/hello-book' }]);
    expect(docs.pages.map((candidate) => candidate.path)).toEqual([
      '/hello-book/guide/config.html',
      '/hello-book/guide/getting-started.html',
      '/hello-book/guide/install windows.html',
      '/hello-book/index.html',
      '/hello-book/misc/contributors.html',
    ]);
  });

  test('the same book read from its root (book.toml beside src/) gives the same pages and sections', async () => {
    const fromRoot = await ingestDocs({ docs: fixture });
    expect(fromRoot.generator).toBe('mdbook');
    expect(fromRoot.pages.map((candidate) => [candidate.path, candidate.sections.map((section) => section.markdown)])).toEqual(
      docs.pages.map((candidate) => [candidate.path, candidate.sections.map((section) => section.markdown)]),
    );
  });

  test('chapters [output.html.search.chapter] leaves out of the search are marked so; the others are not', () => {
    expect(docs.pages.filter((candidate) => candidate.excludedFromSearch === true).map((candidate) => candidate.path)).toEqual(['/hello-book/misc/contributors.html']);
    expect(searchEnabled('misc/contributors.md', [['misc', false], ['misc/contributors.md', true]])).toBe(true);
    expect(searchEnabled('misc/other.md', [['misc', false], ['misc/contributors.md', true]])).toBe(false);
    expect(searchEnabled('miscellany.md', [['misc', false]])).toBe(true);
  });

  test("a page's title is its chapter's name in the summary, or what {{#title}} sets", () => {
    expect(page('/hello-book/index.html').title).toBe('Introduction');
    expect(page('/hello-book/guide/install windows.html').title).toBe('Installing on Windows');
    expect(page('/hello-book/guide/getting-started.html').title).toBe('Start here');
  });

  test("anchors by mdBook's rules: code text kept, smart dashes (the heading reads as written) and punctuation dropped, repeats -1, {#id .class} as written", () => {
    expect(page('/hello-book/guide/getting-started.html').sections.map((section) => [section.anchor, section.heading])).toEqual([
      ['getting-started', 'Getting started'],
      ['writing-main--the-entry-point', 'Writing main -- the entry point'],
      ['usage', 'Usage'],
      ['usage-1', 'Usage'],
      ['start-here', 'Custom id'],
      ['whats-next-cargo', "What's next? Cargo"],
    ]);
    expect(page('/hello-book/misc/contributors.html').sections.map((section) => section.anchor)).toEqual(['contributors', 'contributors-1', 'glossary']);
  });

  test('{{#include}} by anchor, {{#rustdoc_include}} without its hidden rest, {{#playground}} as a rust block; switches like ignore are not shown', () => {
    const [, entry] = page('/hello-book/guide/getting-started.html').sections;
    const greet = 'fn greet(name: &str) -> String {\n    format!("Hello, {name}!")\n}';
    expect(entry?.markdown).toContain(`The program starts here:\n\n\`\`\`rust\n${greet}\n\`\`\``);
    expect(entry?.markdown).toContain(`With its setup shown on demand:\n\n\`\`\`rust\n${greet}\n\`\`\``);
    // A playground takes the whole file, as mdBook does.
    expect(entry?.markdown).toContain('```rust\nuse std::io;\n\n// ANCHOR: greeting');
    expect(entry?.markdown).not.toContain('ignore');
  });

  test("Rust code loses its hidden `# ` lines and `##` shows `#`; other languages' by the configured or given prefix", () => {
    const usage = page('/hello-book/guide/getting-started.html').sections[2];
    expect(usage?.markdown).toBe('```rust\nfn main() {\n    # not a hidden line\n    #[allow(unused)]\n    let x = 1;\n}\n```');
    const config = page('/hello-book/guide/config.html').sections[0];
    expect(config?.markdown).toContain('```python\nprint(os.getcwd())\n```');
    expect(config?.markdown).toContain('```toml\nname = "x"\n```');
  });

  test('an include inside a list item stays in the item, and includes nest, each relative to its own file', () => {
    const config = page('/hello-book/guide/config.html').sections[0];
    expect(config?.markdown).toContain('1. Create `hello.toml`:\n   ```toml\n   name = "hello"\n   greeting = "hi"\n   ```\n2. Run the tool.');
  });

  test('with mdbook-admonish configured, an admonish block reads as its Markdown, led by its title in bold; without it, as code', async () => {
    const callouts = page('/hello-book/guide/config.html').sections.find((section) => section.heading === 'Callouts');
    expect(callouts?.markdown).toBe(
      '**Data loss**\n\nDeleting `hello.toml` resets **every** setting.\n\n```rust\nstd::fs::remove_file("hello.toml").unwrap();\n```\n\nKeep the file in version control.',
    );
    const folder = await plainSite({ 'book.toml': '[book]\ntitle = "T"\n', 'src/SUMMARY.md': '- [A](a.md)\n', 'src/a.md': '# A\n\n```admonish tip\nKeep it.\n```\n' });
    expect((await ingestDocs({ docs: path.join(folder, 'src') })).pages[0]?.sections[0]?.markdown).toBe('```admonish\nKeep it.\n```');
  });

  test('a definition list (mdBook 0.5) reads as a list of entries', () => {
    expect(page('/hello-book/misc/contributors.html').sections[2]?.markdown).toBe('- **Crate**: A compilation unit of Rust.\n- **Workspace**: A set of packages that share one `Cargo.lock`.');
  });

  test('an escaped link is shown without its backslash; alerts read as their content; links to chapters become their URLs', () => {
    const [intro, , , again] = page('/hello-book/guide/getting-started.html').sections;
    expect(again?.markdown).toBe('Write `{{#include file.rs}}` to include a file.\n\nWindows needs the MSVC toolchain.');
    expect(intro?.markdown).toBe('Install the tool first, then read [the configuration](/hello-book/guide/config.html#the-config-file).');
  });
});

describe('mdBook parts', () => {
  test('mdbookSlug keeps letters of any script, digits, _ and -; white space becomes -; nothing left is "section"', () => {
    expect(mdbookSlug('  Hello, World! ')).toBe('hello-world');
    expect(mdbookSlug('Über_cool-stuff 2')).toBe('über_cool-stuff-2');
    expect(mdbookSlug('::')).toBe('section');
    expect(mdbookAnchors([{ text: 'A' }, { text: 'A' }, { text: 'A-1' }, { text: 'A' }])).toEqual(['a', 'a-1', 'a-1-1', 'a-2']);
    expect(mdbookAnchors([{ text: 'Setup', customId: 'setup' }, { text: 'Setup' }])).toEqual(['setup', 'setup']);
  });

  test('SUMMARY.md: prefix, nested and suffix chapters in order; drafts, parts and separators are not chapters', () => {
    expect(summaryChapters('# Summary\n\n[Intro](README.md)\n\n# Part\n\n- [A](a.md)\n  - [B](./sub/../b%20c.md#x)\n- [Draft]()\n\n---\n\n[End](end.md)\n[Site](https://example.com)')).toEqual([
      { file: 'README.md', name: 'Intro' },
      { file: 'a.md', name: 'A' },
      { file: 'b c.md', name: 'B' },
      { file: 'end.md', name: 'End' },
    ]);
  });

  test('page URLs: .md becomes .html, README and index are index.html', () => {
    expect(htmlPath('guide/setup.md')).toBe('guide/setup.html');
    expect(htmlPath('README.md')).toBe('index.html');
    expect(htmlPath('guide/readme.md')).toBe('guide/index.html');
  });

  test('included lines: a line, a closed or open range, an anchor (other markers left out), hidden rest for rustdoc_include', () => {
    const file = 'one\ntwo\n// ANCHOR: x\nthree\n// ANCHOR: y\nfour\n// ANCHOR_END: y\n// ANCHOR_END: x\nfive\n';
    expect(selectLines(file, '2', false)).toBe('two');
    expect(selectLines(file, '1:2', false)).toBe('one\ntwo');
    expect(selectLines(file, '9:', false)).toBe('five');
    expect(selectLines(file, ':1', false)).toBe('one');
    expect(selectLines(file, 'x', false)).toBe('three\nfour');
    expect(selectLines(file, 'y', true)).toBe('# one\n# two\n# three\nfour\n# five');
    expect(selectLines(file, undefined, false)).toBe(file.trimEnd());
  });
});

describe('mdBook robustness', () => {
  const site = temporarySites('docent-mdbook-');

  test('a missing include or one outside the project stays as written; a self-include stops after ten levels; no summary publishes every file', async () => {
    const folder = await site({
      'secret.txt': 'TOP SECRET',
      'book/book.toml': '[book]\ntitle = "T"\n',
      'book/src/a.md': '# A\n\n{{#include missing.rs}}\n\n{{#include ../../secret.txt}}\n',
      'book/src/loop.md': '# Loop\n\nx {{#include loop.md}}\n',
    });
    const book = await ingestDocs({ docs: path.join(folder, 'book', 'src') });
    expect(book.pages.map((candidate) => candidate.path)).toEqual(['/a.html', '/loop.html']);
    const text = book.pages[0]?.sections[0]?.markdown ?? '';
    expect(text).toContain('{{#include missing.rs}}');
    expect(text).not.toContain('TOP SECRET');
    expect(book.pages[1]?.sections.length).toBeGreaterThan(0);
  });

  test("the first chapter is the book's index.html too, and a reader there is on it; not where a root README or index chapter is index.html", async () => {
    const folder = await site({
      'book.toml': '[book]\ntitle = "T"\n',
      'src/SUMMARY.md': '[Foreword](foreword.md)\n\n- [Setup](setup.md)\n',
      'src/foreword.md': '# Foreword\n\nWhy this book exists.\n\n## Audience\n\nPeople who build widgets.\n',
      'src/setup.md': '# Setup\n\nInstall the widget for people.\n',
    });
    const book = await ingestDocs({ docs: path.join(folder, 'src') });
    expect(book.pages.map((candidate) => [candidate.path, candidate.alsoServedAt])).toEqual([
      ['/foreword.html', ['/index.html']],
      ['/setup.html', undefined],
    ]);
    const outline = DocsIndex.fromDocs(book).search({ query: 'What is this page about?', currentPath: '/index.html', limit: 5 });
    expect(outline.map((hit) => hit.pagePath)).toEqual(['/foreword.html', '/foreword.html']);

    const withReadme = await site({ 'book.toml': '', 'src/SUMMARY.md': '[Foreword](foreword.md)\n- [Home](README.md)\n', 'src/foreword.md': '# F\n', 'src/README.md': '# Home\n' });
    expect((await ingestDocs({ docs: path.join(withReadme, 'src') })).pages.map((candidate) => candidate.alsoServedAt)).toEqual([undefined, undefined]);
  });

  test("read from the book's root, a repository README beside book.toml is no chapter, even where the summary names a README.md", async () => {
    const folder = await site({
      'book.toml': '[book]\ntitle = "T"\n',
      'README.md': '# Repository\n\nBuild the book with mdbook.\n',
      'src/SUMMARY.md': '- [Intro](README.md)\n',
      'src/README.md': '# Intro\n\nWelcome to the book.\n',
    });
    const book = await ingestDocs({ docs: folder });
    expect(book.pages.map((candidate) => [candidate.path, candidate.sections.map((section) => section.markdown)])).toEqual([['/index.html', ['Welcome to the book.']]]);
  });

  test('a book.toml that is not TOML stops the start, naming the file and what to do', async () => {
    const folder = await site({ 'book.toml': '[book\ntitle = ', 'src/a.md': '# A\n' });
    await expect(ingestDocs({ docs: path.join(folder, 'src') })).rejects.toThrow(/book\.toml: not valid TOML .*fix it/);
  });
});
