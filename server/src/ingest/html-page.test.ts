import { describe, expect, test } from 'vitest';
import { readHtmlPage } from './html-page';

const location = { path: '/guide/page.html', relativeFile: 'guide/page.html' };

function read(html: string, at = location) {
  const page = readHtmlPage(html, at);
  if (page === undefined) throw new Error('expected a page');
  return page;
}

describe('main content', () => {
  test('Docusaurus: the markdown container, with the h1 its header holds, without breadcrumbs, TOC, pagination or "Edit this page"', () => {
    const page = read(`<html lang="en"><head><title>Intro | My Site</title></head><body>
      <nav class="navbar">Docs Blog GitHub</nav>
      <div class="main-wrapper"><main class="docMainContainer"><div class="row"><div class="col docItemCol">
        <article>
          <nav class="theme-doc-breadcrumbs" aria-label="Breadcrumbs"><ul><li>Tutorial Basics</li></ul></nav>
          <div class="theme-doc-markdown markdown">
            <header><h1>Intro</h1></header>
            <p>Let's discover Docusaurus.</p>
            <h2 class="anchor anchorWithStickyNavbar" id="getting-started">Getting Started<a href="#getting-started" class="hash-link" aria-label="Direct link to Getting Started" title="Direct link to Getting Started">&#8203;</a></h2>
            <div class="language-bash codeBlockContainer theme-code-block"><div class="codeBlockContent"><pre class="prism-code language-bash codeBlock thin-scrollbar" tabindex="0"><code class="codeBlockLines"><span class="token-line"><span class="token plain">npm init docusaurus@latest</span><br></span></code></pre><div class="buttonGroup"><button type="button" aria-label="Copy code to clipboard" title="Copy">Copy</button></div></div></div>
          </div>
          <footer class="theme-doc-footer docusaurus-mt-lg"><a href="https://github.com/x/edit/main/docs/intro.md" class="theme-edit-this-page">Edit this page</a></footer>
        </article>
        <nav class="pagination-nav docusaurus-mt-lg" aria-label="Docs pages"><a class="pagination-nav__link" href="/docs/next">Next: Create a page</a></nav>
      </div><div class="col col--3"><div class="tableOfContents_bqdL thin-scrollbar theme-doc-toc-desktop"><ul class="table-of-contents"><li><a href="#getting-started">Getting Started</a></li></ul></div></div></div></main></div>
      <footer class="footer">Copyright © 2024 My Project</footer></body></html>`);

    expect(page.title).toBe('Intro');
    expect(page.sections.map(({ heading, url, markdown }) => ({ heading, url, markdown }))).toEqual([
      { heading: 'Intro', url: '/guide/page.html', markdown: "Let's discover Docusaurus." },
      { heading: 'Getting Started', url: '/guide/page.html#getting-started', markdown: '```bash\nnpm init docusaurus@latest\n```' },
    ]);
  });

  test('VitePress: .vp-doc, the language from div.language-x, no "#" anchors, copy buttons or language labels', () => {
    const page = read(`<html lang="en-US"><body><div id="app"><div class="VPNav">Guide Reference</div>
      <aside class="VPSidebar">Introduction</aside>
      <div class="VPDoc"><div class="content"><main class="main"><div class="vp-doc _guide_deploy">
        <div><h1 id="deploy" tabindex="-1">Deploy <a class="header-anchor" href="#deploy" aria-label="Permalink to &quot;Deploy&quot;">&#8203;</a></h1>
        <p>Build first:</p>
        <div class="language-sh vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">sh</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span>npm run docs:build</span></span></code></pre></div>
        </div></div></main>
        <footer class="VPDocFooter"><div class="edit-info"><a class="VPLink link edit-link" href="https://github.com/x/edit/main/docs/deploy.md">Edit this page on GitHub</a></div></footer>
      </div></div></div></body></html>`);

    expect(page.language).toBe('en-us');
    expect(page.sections).toHaveLength(1);
    expect(page.sections[0]?.anchor).toBe('deploy');
    expect(page.sections[0]?.markdown).toBe('Build first:\n\n```sh\nnpm run docs:build\n```');
  });

  test('Sphinx Read the Docs theme: the articleBody, not the breadcrumbs or footer buttons around it', () => {
    const page = read(`<html lang="en"><body><div class="wy-grid-for-nav"><nav class="wy-nav-side"><div class="wy-side-scroll">Sidebar links</div></nav>
      <section class="wy-nav-content-wrap"><div class="wy-nav-content"><div class="rst-content">
      <div role="navigation" aria-label="Page navigation"><ul class="wy-breadcrumbs"><li>Docs</li></ul></div>
      <div role="main" class="document" itemscope="itemscope" itemtype="http://schema.org/Article"><div itemprop="articleBody">
      <section id="usage"><h1>Usage<a class="headerlink" href="#usage">¶</a></h1><p>Use it.</p></section>
      </div><footer><div class="rst-footer-buttons">Next</div><p>© Copyright.</p></footer></div></div></div></section></div></body></html>`);

    expect(page.sections.map(({ url, markdown }) => ({ url, markdown }))).toEqual([{ url: '/guide/page.html#usage', markdown: 'Use it.' }]);
  });

  test('admonition titles (Sphinx, MkDocs, VitePress) and details summaries are bold lead lines, as the Markdown dialects give them', () => {
    const page = read(`<html><body><main><h1>Uploads</h1>
      <div class="admonition note"><p class="admonition-title">Information for the Pros</p><p>Secure the filename.</p></div>
      <div class="tip custom-block"><p class="custom-block-title">TIP</p><p>Use a CDN.</p></div>
      <details><summary>More</summary><p>Hidden text.</p></details></main></body></html>`);
    expect(page.sections[0]?.markdown).toBe('**Information for the Pros**\n\nSecure the filename.\n\n**TIP**\n\nUse a CDN.\n\n**More**\n\nHidden text.');
  });

  test('a page with a single <article> and no known container reads the article', () => {
    const page = read('<html><body><div class="shell"><p>Site banner text</p><article><h1 id="a">Alpha</h1><p>Alpha body.</p></article></div></body></html>');

    expect(page.sections.map((section) => section.markdown)).toEqual(['Alpha body.']);
  });

  test('with only a body, the site header is dropped even when it holds the site name as an h1', () => {
    const page = read('<html><body><header><h1 class="site-title">Acme</h1><nav>Home Docs</nav></header><h1 id="guide">Guide</h1><p>Body text.</p></body></html>');

    expect(page.title).toBe('Guide');
    expect(page.sections.map((section) => section.heading)).toEqual(['Guide']);
  });
});

describe('title', () => {
  test('without an h1, the <title> without the site name after " — ", " | " or " - "', () => {
    expect(read('<html><head><title>Install — Ferrule 2.1 documentation</title></head><body><p>x</p></body></html>').title).toBe('Install');
    expect(read('<html><head><title>Deploy | Guides | Acme</title></head><body><p>x</p></body></html>').title).toBe('Deploy | Guides');
    expect(read('<html><head><title>Setup - Lantern</title></head><body><p>x</p></body></html>').title).toBe('Setup');
  });

  test("an h1 that is the site's name (the part of <title> after the page's) is not the page's title, nor a section", () => {
    const page = read(`<html><head><title>File system | Node.js v18 Documentation</title></head><body><div id="content">
      <header class="header"><h1>Node.js v18 documentation</h1></header>
      <h2 id="file-system">File system<span><a class="mark" href="#file-system">#</a></span></h2><p>The fs module.</p></div></body></html>`);
    expect(page.title).toBe('File system');
    expect(page.sections.map(({ heading, headingTrail, markdown }) => ({ heading, headingTrail, markdown }))).toEqual([{ heading: 'File system', headingTrail: [], markdown: 'The fs module.' }]);
  });

  test('without an h1 or a title, the file name', () => {
    expect(read('<html><body><p>x</p></body></html>', { path: '/getting-started.html', relativeFile: 'getting-started.html' }).title).toBe('Getting started');
    expect(read('<html><body><p>x</p></body></html>', { path: '/guide/', relativeFile: 'guide/index.html' }).title).toBe('Guide');
  });
});

describe('code blocks', () => {
  test('stay whole, with the language wherever the generator wrote it', () => {
    const page = read(`<html><body><main>
      <pre><code class="language-ts">const a = 1;

const b = 2;</code></pre>
      <pre class="lang-go"><code>package main</code></pre>
      <div class="highlight"><pre><code data-lang="rust">fn main() {}</code></pre></div>
      <div class="highlight-default notranslate"><div class="highlight"><pre>x = 1</pre></div></div>
    </main></body></html>`);

    expect(page.sections[0]?.markdown).toBe('```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n```go\npackage main\n```\n\n```rust\nfn main() {}\n```\n\n```\nx = 1\n```');
  });
});

describe('pages that are not content', () => {
  test('a redirect page is left out', () => {
    expect(readHtmlPage('<html><head><meta http-equiv="refresh" content="0; url=/new/"></head><body>Moved</body></html>', location)).toBeUndefined();
  });

  test('a section with nothing but chrome is left out', () => {
    const page = read('<html><body><main><h1 id="t">Title</h1><p>Text.</p><h2 id="empty">Empty</h2><nav>Next page</nav></main></body></html>');

    expect(page.sections.map((section) => section.heading)).toEqual(['Title']);
  });
});

describe('Sphinx API reference', () => {
  test('each documented object is a section at its own anchor, led by its signature; a type annotation is one code span', () => {
    const page = read(`<html><body><div class="body" role="main"><section id="api"><h1>API</h1>
      <dl class="py function"><dt class="sig sig-object py" id="flask.url_for"><span class="sig-prename descclassname">flask.</span><span class="sig-name descname">url_for</span><span class="sig-paren">(</span><em class="sig-param">endpoint</em><span class="sig-paren">)</span><a class="headerlink" href="#flask.url_for" title="Permalink to this definition">¶</a></dt>
      <dd><p>Generate a URL to the given endpoint.</p><dl class="field-list simple"><dt class="field-odd">Parameters</dt><dd class="field-odd"><p><strong>endpoint</strong> (<em>Optional</em><em>[</em><em>str</em><em>]</em>) – The endpoint name.</p></dd></dl></dd></dl>
      </section></div></body></html>`);
    expect(page.sections.map(({ heading, url, markdown }) => ({ heading, url, markdown }))).toEqual([
      {
        heading: 'flask.url_for',
        url: '/guide/page.html#flask.url_for',
        markdown: '`flask.url_for(endpoint)`\n\nGenerate a URL to the given endpoint.\n\n- Parameters\n\n  **endpoint** (`Optional[str]`) – The endpoint name.',
      },
    ]);
  });
});

describe('navigation without markup that says so', () => {
  const links = (count: number, withText = false) =>
    Array.from({ length: count }, (_, index) => `<li><a href="/p${index}.html">Page ${index}</a>${withText ? ` explains how part ${index} of the system works.` : ''}</li>`).join('');

  test('a block of a dozen links and little else is navigation; links with a sentence each, or fewer, stay', () => {
    const page = read(`<html><body><div id="content"><div id="column2"><ul>${links(14)}</ul></div>
      <div id="apicontent"><h2 id="a">A</h2><p>Text.</p><ul>${links(14, true)}</ul><ul>${links(5)}</ul></div></div></body></html>`);
    const markdown = page.sections.map((section) => section.markdown).join('\n');
    expect(markdown).not.toContain('[Page 13](/p13.html)\n');
    expect(markdown).toContain('[Page 13](/p13.html) explains how part 13');
    expect(markdown).toContain('- [Page 4](/p4.html)');
    expect(page.sections.map((section) => section.heading)).toEqual(['A']);
  });
});

describe('long sections', () => {
  const paragraph = (words: number) => `<p>${'lorem ipsum dolor '.repeat(words)}</p>`;

  test('a section longer than 10,000 characters splits at its h4s (with their anchors), a shorter one keeps them', () => {
    const page = read(`<html><body><main><h2 id="api">Callback API</h2>${paragraph(10)}
      <h4 id="read">fs.read()<a class="mark" href="#read">#</a></h4>${paragraph(400)}<h4><a id="write"></a>fs.write()</h4>${paragraph(400)}
      <h2 id="small">Small</h2>${paragraph(10)}<h4 id="inner">Inner</h4>${paragraph(10)}</main></body></html>`);
    expect(page.sections.map(({ heading, anchor, headingTrail }) => ({ heading, anchor, headingTrail }))).toEqual([
      { heading: 'Callback API', anchor: 'api', headingTrail: [] },
      { heading: 'fs.read()', anchor: 'read', headingTrail: ['Callback API'] },
      { heading: 'fs.write()', anchor: 'write', headingTrail: ['Callback API'] },
      { heading: 'Small', anchor: 'small', headingTrail: [] },
    ]);
    expect(page.sections[3]?.markdown).toContain('#### Inner');
  });
});
