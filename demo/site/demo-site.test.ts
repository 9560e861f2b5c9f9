import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestDocs } from '../../server/src/ingest/ingest-docs';
import { loadDocPages } from '../../server/src/ingest/markdown-pages';
import { createDemoSite, strictContentSecurityPolicy } from './demo-site';

const docsFolder = fileURLToPath(new URL('../docs/', import.meta.url));
const window = new Window();
let scratch: string;
let widgetScript: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'docent-demo-site-'));
  widgetScript = path.join(scratch, 'docent.js');
  await writeFile(widgetScript, '/* built widget */ window.DocentBundle = {};\n');
});

afterAll(async () => {
  await window.happyDOM.close();
  await rm(scratch, { recursive: true, force: true });
});

function demoSite(overrides: { docsFolder?: string; widgetScript?: string } = {}) {
  return createDemoSite({
    docsFolder: overrides.docsFolder ?? docsFolder,
    widgetScript: overrides.widgetScript ?? widgetScript,
    assistant: { domain: 'docs-under-test', apiKey: 'svc_dsc_under_test' },
  });
}

function parse(html: string) {
  return new window.DOMParser().parseFromString(html, 'text/html');
}

async function fetchPage(app: ReturnType<typeof createDemoSite>, url: string) {
  const response = await app.request(url);
  const html = await response.text();
  return { response, html, document: parse(html) };
}

describe('routes', () => {
  it('redirects the root and the bare docs paths to the docs home', async () => {
    const app = demoSite();
    for (const [from, to] of [
      ['/', '/docs/'],
      ['/docs', '/docs/'],
      ['/strict-csp', '/strict-csp/docs/'],
      ['/strict-csp/docs', '/strict-csp/docs/'],
    ]) {
      const response = await app.request(from as string);
      expect(response.status, from).toBe(302);
      expect(response.headers.get('location'), from).toBe(to);
    }
  });

  it('redirects a page URL with a trailing slash to the page', async () => {
    const response = await demoSite().request('/docs/options/');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/docs/options');
  });

  it('renders a page with its title, description and body', async () => {
    const { response, document } = await fetchPage(demoSite(), '/docs/getting-started');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(document.title).toBe('Getting started · Docent');
    expect(document.querySelector('main h1')?.textContent).toBe('Getting started');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/one script tag/);
    expect(document.querySelector('#add-docent-in-two-minutes')?.textContent).toBe('Add Docent in two minutes');
  });

  it('renders the index page at /docs/', async () => {
    const { response, document } = await fetchPage(demoSite(), '/docs/');
    expect(response.status).toBe(200);
    expect(document.querySelector('main h1')?.textContent).toBe('Introduction');
  });

  it('answers an unknown page with a 404 page that escapes the path', async () => {
    const { response, html, document } = await fetchPage(demoSite(), '/docs/no-such-page%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(response.status).toBe(404);
    expect(document.querySelector('main h1')?.textContent).toBe('Page not found');
    expect(document.querySelectorAll('main script')).toHaveLength(0);
    expect(html).not.toMatch(/<script>alert/);
    // The navigation is still there, so the reader can go on.
    expect(document.querySelectorAll('nav[aria-label="Documentation"] a').length).toBeGreaterThan(10);
  });

  it('serves the site stylesheet, script and icon, and nothing else from /assets', async () => {
    const app = demoSite();
    const css = await app.request('/assets/site.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const script = await app.request('/assets/site.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('docent-demo-theme');
    expect((await app.request('/assets/favicon.svg')).status).toBe(200);
    expect((await app.request('/assets/demo-site.ts')).status).toBe(404);
    expect((await app.request('/assets/..%2Fdemo-site.ts')).status).toBe(404);
  });
});

describe('navigation', () => {
  it('lists every page in front-matter order and marks the current one', async () => {
    const pages = await loadDocPages(docsFolder);
    const { document } = await fetchPage(demoSite(), '/docs/options');
    const links = [...document.querySelectorAll('nav[aria-label="Documentation"] a')];
    expect(links).toHaveLength(pages.length);
    const hrefs = links.map((link) => link.getAttribute('href'));
    expect(hrefs[0]).toBe('/docs/');
    expect(hrefs.indexOf('/docs/getting-started')).toBeLessThan(hrefs.indexOf('/docs/options'));
    expect(hrefs.indexOf('/docs/options')).toBeLessThan(hrefs.indexOf('/docs/self-hosting'));
    expect(hrefs.at(-1)).toBe('/docs/faq');
    const current = document.querySelectorAll('nav[aria-label="Documentation"] a[aria-current="page"]');
    expect([...current].map((link) => link.getAttribute('href'))).toEqual(['/docs/options']);
  });

  it('links the previous and next pages', async () => {
    const { document } = await fetchPage(demoSite(), '/docs/getting-started');
    expect(document.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/docs/');
    expect(document.querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/docs/script-tag');
  });

  it('has a header with the site name and a dark-mode toggle button', async () => {
    const { document } = await fetchPage(demoSite(), '/docs/theming');
    const header = document.querySelector('header');
    expect(header?.querySelector('a')?.textContent).toMatch(/Docent/);
    const toggle = header?.querySelector('button#theme-toggle');
    expect(toggle?.getAttribute('aria-label')).toBe('Dark mode');
    expect(toggle?.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('page content', () => {
  it('gives every heading the anchor the assistant cites for its section', async () => {
    const app = demoSite();
    const { pages } = await ingestDocs({ docs: docsFolder });
    let anchors = 0;
    for (const page of pages) {
      const { document } = await fetchPage(app, page.path);
      for (const section of page.sections) {
        if (section.anchor === undefined) continue;
        anchors++;
        const heading = document.getElementById(section.anchor);
        expect(heading?.tagName, `${section.url} on ${page.path}`).toMatch(/^H[1-6]$/);
        expect(heading?.textContent, section.url).toBe(section.heading);
      }
    }
    expect(anchors).toBeGreaterThan(150);
  });

  it('renders code blocks as pre > code.language-x, with ids on the wrappers that name one', async () => {
    const { document } = await fetchPage(demoSite(), '/docs/script-tag');
    const wrapper = document.getElementById('embed-snippet');
    expect(wrapper?.className).toBe('code-block');
    const code = wrapper?.querySelector('pre > code');
    expect(code?.className).toBe('language-html');
    expect(code?.textContent).toContain('data-api-key="svc_dsc_…"');
    expect(document.querySelectorAll('pre > code.language-js').length).toBeGreaterThan(0);
  });

  it('keeps every id on a page unique', async () => {
    const app = demoSite();
    for (const page of await loadDocPages(docsFolder)) {
      const { document } = await fetchPage(app, page.path);
      const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
      expect(ids.filter((id, index) => ids.indexOf(id) !== index), page.path).toEqual([]);
    }
  });

  it('has no broken links between pages or to their sections', async () => {
    const app = demoSite();
    const pages = await loadDocPages(docsFolder);
    const idsByPage = new Map<string, Set<string>>();
    const links: Array<{ from: string; href: string }> = [];
    for (const page of pages) {
      const { document } = await fetchPage(app, page.path);
      idsByPage.set(page.path, new Set([...document.querySelectorAll('[id]')].map((element) => element.id)));
      for (const link of document.querySelectorAll('main a[href^="/docs/"]')) {
        links.push({ from: page.path, href: link.getAttribute('href') ?? '' });
      }
    }
    expect(links.length).toBeGreaterThan(30);
    for (const { from, href } of links) {
      const [pagePath = '', anchor] = href.split('#');
      expect(idsByPage.has(pagePath), `${href} linked from ${from}`).toBe(true);
      if (anchor !== undefined) expect(idsByPage.get(pagePath)?.has(anchor), `${href} linked from ${from}`).toBe(true);
    }
  });
});

describe('the widget embed', () => {
  it('embeds the widget with the script tag the docs tell users to write', async () => {
    const { document } = await fetchPage(demoSite(), '/docs/options');
    const scripts = [...document.querySelectorAll('script[data-domain]')];
    expect(scripts).toHaveLength(1);
    const script = scripts[0];
    expect(script?.getAttribute('src')).toBe('/docent.js');
    expect(script?.hasAttribute('async')).toBe(true);
    expect(script?.getAttribute('data-domain')).toBe('docs-under-test');
    expect(script?.getAttribute('data-api-key')).toBe('svc_dsc_under_test');
  });

  it('serves /docent.js from the built widget file', async () => {
    const response = await demoSite().request('/docent.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await response.text()).toBe('/* built widget */ window.DocentBundle = {};\n');
  });

  it('answers /docent.js with a 503 that says to run npm run build when the widget is not built', async () => {
    const response = await demoSite({ widgetScript: path.join(scratch, 'missing', 'docent.js') }).request('/docent.js');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const body = await response.text();
    expect(body).toContain('run npm run build');
    expect(body.trim()).toMatch(/^\/\*[\s\S]*\*\/$/);
  });
});

describe('strict Content-Security-Policy', () => {
  it('serves every page under /strict-csp/ with the strict policy header, and the normal pages without it', async () => {
    const app = demoSite();
    const strict = await app.request('/strict-csp/docs/content-security-policy');
    expect(strict.status).toBe(200);
    expect(strict.headers.get('content-security-policy')).toBe(strictContentSecurityPolicy);
    expect(strictContentSecurityPolicy).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; object-src 'none'",
    );
    const normal = await app.request('/docs/content-security-policy');
    expect(normal.headers.get('content-security-policy')).toBeNull();
    const missing = await app.request('/strict-csp/docs/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(strictContentSecurityPolicy);
  });

  it('keeps readers of the strict copy inside it', async () => {
    const { document } = await fetchPage(demoSite(), '/strict-csp/docs/getting-started');
    const navigation = [...document.querySelectorAll('nav[aria-label="Documentation"] a')].map((link) => link.getAttribute('href'));
    expect(navigation.every((href) => href?.startsWith('/strict-csp/docs/'))).toBe(true);
    const inText = [...document.querySelectorAll('article a[href*="/docs/"]')].map((link) => link.getAttribute('href'));
    expect(inText.length).toBeGreaterThan(0);
    expect(inText.every((href) => href?.startsWith('/strict-csp/docs/'))).toBe(true);
    expect(document.querySelector('script[data-domain]')?.getAttribute('src')).toBe('/docent.js');
  });

  it('has no inline script, inline style or event-handler attribute on any page', async () => {
    const app = demoSite();
    const urls = (await loadDocPages(docsFolder)).flatMap((page) => [page.path, `/strict-csp${page.path}`]);
    urls.push('/docs/not-a-page');
    for (const url of urls) {
      const { html, document } = await fetchPage(app, url);
      for (const script of document.querySelectorAll('script')) {
        expect(script.getAttribute('src'), `inline script on ${url}`).toMatch(/^\//);
        expect(script.textContent, url).toBe('');
      }
      expect(document.querySelectorAll('style, [style]'), url).toHaveLength(0);
      const handlerAttributes = [...document.querySelectorAll('*')].flatMap((element) =>
        element.getAttributeNames().filter((name) => name.startsWith('on')),
      );
      expect(handlerAttributes, url).toEqual([]);
      expect(html, url).not.toMatch(/\sstyle=/i);
      expect(html, url).not.toMatch(/javascript:/i);
    }
  });
});

describe('a docs folder of any shape', () => {
  let folder: string;

  beforeAll(async () => {
    folder = path.join(scratch, 'docs');
    await mkdir(path.join(folder, 'guides'), { recursive: true });
    await writeFile(path.join(folder, 'index.md'), '---\ntitle: Home\norder: 1\n---\n\n## Welcome\n\nHello.\n');
    await writeFile(
      path.join(folder, 'unsafe.md'),
      '---\ntitle: Raw HTML\norder: 2\n---\n\n<script>alert(1)</script>\n\nText with <span style="color:red">inline</span> HTML.\n\n## Setup\n\n## Setup\n',
    );
    await writeFile(path.join(folder, 'guides', 'index.md'), '# Guides written with a heading\n\nNo front matter here.\n');
  });

  it('shows raw HTML from the Markdown as text, so no page can carry inline code', async () => {
    const { document } = await fetchPage(demoSite({ docsFolder: folder }), '/docs/unsafe');
    expect(document.querySelectorAll('script:not([src])')).toHaveLength(0);
    expect(document.querySelectorAll('[style]')).toHaveLength(0);
    expect(document.querySelector('article')?.textContent).toContain('<script>alert(1)</script>');
  });

  it('numbers repeated headings as the retrieval index does', async () => {
    const { document } = await fetchPage(demoSite({ docsFolder: folder }), '/docs/unsafe');
    expect(document.getElementById('setup')?.textContent).toBe('Setup');
    expect(document.getElementById('setup-1')?.textContent).toBe('Setup');
  });

  it('serves sub-folder index pages and does not repeat a title the page writes itself', async () => {
    const app = demoSite({ docsFolder: folder });
    const { response, document } = await fetchPage(app, '/docs/guides/');
    expect(response.status).toBe(200);
    expect([...document.querySelectorAll('h1')].map((heading) => heading.textContent)).toEqual(['Guides written with a heading']);
    const redirect = await app.request('/docs/guides');
    expect(redirect.headers.get('location')).toBe('/docs/guides/');
    // Pages without an order come after the ordered ones.
    const navigation = [...document.querySelectorAll('nav[aria-label="Documentation"] a')].map((link) => link.textContent);
    expect(navigation).toEqual(['Home', 'Raw HTML', 'Guides written with a heading']);
  });
});
