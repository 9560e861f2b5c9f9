import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { escapeHtml } from './escape-html';
import { renderMarkdown } from './render-markdown';
import { renderPageLayout, type PageLayoutInput } from './page-layout';
import { loadSitePages, type SitePage } from './site-pages';

/** Options of {@link createDemoSite}. */
export interface DemoSiteOptions {
  /** Folder of the Markdown pages, served under `/docs/`. @example 'demo/docs' */
  docsFolder: string;
  /** Path of the built script-tag bundle, served as `/docent.js`. @example 'dist/docent.js' */
  widgetScript: string;
  /** The domain and public assistant key written into every page's script tag. */
  assistant: { domain: string; apiKey: string };
}

/**
 * The Content-Security-Policy of the `/strict-csp/` copy of the site: no inline scripts or
 * styles, no eval, connections only to this origin. Docent must run under it without a violation.
 */
export const strictContentSecurityPolicy =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; object-src 'none'";

const strictPrefix = '/strict-csp';
const assetsFolder = fileURLToPath(new URL('./assets/', import.meta.url));
const assets: Record<string, string> = {
  'site.css': 'text/css; charset=utf-8',
  'site.js': 'text/javascript; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
};

interface RenderedPage {
  page: SitePage;
  bodyHtml: string;
  hasOwnTitle: boolean;
}

/**
 * The demo documentation site as a Hono app, for the server to mount next to the API:
 *
 * - `/` redirects to `/docs/`; `/docs/…` serves each page of `docsFolder`, rendered from Markdown
 *   with the widget embedded by its script tag, exactly as the docs tell users to;
 * - `/strict-csp/docs/…` serves the same pages under {@link strictContentSecurityPolicy};
 * - `/assets/site.css`, `/assets/site.js`, `/assets/favicon.svg`: the site's own files;
 * - `/docent.js`: the built widget (`widgetScript`), or a 503 saying to run `npm run build`.
 *
 * Unknown pages under `/docs/` get a 404 page. Pages are read on the first request and kept.
 *
 * @example app.route('/', createDemoSite({ docsFolder: 'demo/docs', widgetScript: 'dist/docent.js', assistant: { domain: 'demo', apiKey: 'svc_dsc_demo' } }))
 */
export function createDemoSite(options: DemoSiteOptions): Hono {
  const app = new Hono();
  let loading: Promise<Map<string, { page: SitePage; index: number }>> | undefined;
  const rendered = new Map<string, RenderedPage>();
  let orderedPages: SitePage[] = [];

  const pagesByPath = () => {
    if (loading === undefined) {
      loading = loadSitePages(options.docsFolder).then((pages) => {
        orderedPages = pages;
        return new Map(pages.map((page, index) => [page.path, { page, index }]));
      });
      // A failed load (a docs folder being edited, say) is retried on the next request.
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };

  const render = (page: SitePage, strictCsp: boolean): RenderedPage => {
    const key = `${strictCsp ? 'strict' : 'normal'}:${page.path}`;
    let entry = rendered.get(key);
    if (entry === undefined) {
      const { html, headings } = renderMarkdown(page.markdown, {
        mapHref: (href) => (strictCsp ? toStrict(href) : href),
      });
      entry = { page, bodyHtml: html, hasOwnTitle: headings.some((heading) => heading.depth === 1) };
      rendered.set(key, entry);
    }
    return entry;
  };

  const layout = (
    strictCsp: boolean,
    currentPath: string | undefined,
    content: Pick<PageLayoutInput, 'title' | 'description' | 'bodyHtml' | 'showTitle' | 'previous' | 'next'>,
    requestPath: string,
  ): string => {
    const href = (pagePath: string) => (strictCsp ? toStrict(pagePath) : pagePath);
    return renderPageLayout({
      ...content,
      navigation: orderedPages.map((page) => ({ title: page.title, href: href(page.path), current: page.path === currentPath })),
      alternate: strictCsp
        ? { href: requestPath.slice(strictPrefix.length), label: 'View this page without the strict Content-Security-Policy' }
        : { href: `${strictPrefix}${requestPath}`, label: 'View this page under a strict Content-Security-Policy' },
      strictCsp,
      widget: { src: '/docent.js', domain: options.assistant.domain, apiKey: options.assistant.apiKey },
    });
  };

  const servePage = async (context: Context, strictCsp: boolean) => {
    if (strictCsp) context.header('Content-Security-Policy', strictContentSecurityPolicy);
    const requestPath = context.req.path;
    const pagePath = strictCsp ? requestPath.slice(strictPrefix.length) : requestPath;
    const pages = await pagesByPath();
    const found = pages.get(pagePath);
    if (found === undefined) {
      // `/docs/options/` and `/docs/guides` reach their page at its one canonical URL.
      const alternative = pagePath.endsWith('/') ? pagePath.replace(/\/+$/, '') : `${pagePath}/`;
      if (pages.has(alternative)) return context.redirect(strictCsp ? toStrict(alternative) : alternative, 301);
      return context.html(
        layout(
          strictCsp,
          undefined,
          {
            title: 'Page not found',
            bodyHtml: `<p>There is no page at <code>${escapeHtml(requestPath)}</code>. Pick a page from the navigation, start from the <a href="${strictCsp ? '/strict-csp/docs/' : '/docs/'}">documentation home</a>, or ask the assistant.</p>`,
          },
          requestPath,
        ),
        404,
      );
    }
    const { page, bodyHtml, hasOwnTitle } = render(found.page, strictCsp);
    const href = (pagePath: string) => (strictCsp ? toStrict(pagePath) : pagePath);
    const previous = orderedPages[found.index - 1];
    const next = orderedPages[found.index + 1];
    return context.html(
      layout(
        strictCsp,
        page.path,
        {
          title: page.title,
          ...(page.description === undefined ? {} : { description: page.description }),
          bodyHtml,
          showTitle: !hasOwnTitle,
          ...(previous === undefined ? {} : { previous: { title: previous.title, href: href(previous.path) } }),
          ...(next === undefined ? {} : { next: { title: next.title, href: href(next.path) } }),
        },
        requestPath,
      ),
    );
  };

  app.get('/', (context) => context.redirect('/docs/'));
  app.get('/docs', (context) => context.redirect('/docs/'));
  app.get(strictPrefix, (context) => context.redirect(`${strictPrefix}/docs/`));
  app.get(`${strictPrefix}/`, (context) => context.redirect(`${strictPrefix}/docs/`));
  app.get(`${strictPrefix}/docs`, (context) => context.redirect(`${strictPrefix}/docs/`));
  app.get('/docs/*', (context) => servePage(context, false));
  app.get(`${strictPrefix}/docs/*`, (context) => servePage(context, true));

  app.get('/assets/:name', async (context) => {
    const name = context.req.param('name');
    const type = assets[name];
    if (type === undefined) return context.text('Not found', 404);
    const body = await readFile(path.join(assetsFolder, name), 'utf8');
    return context.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
  });

  app.get('/docent.js', async (context) => {
    let script: string;
    try {
      script = await readFile(options.widgetScript, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const file = path.relative(process.cwd(), options.widgetScript) || options.widgetScript;
      return context.body(
        `/* Docent's widget has not been built yet (${file} does not exist):\n   run npm run build (npm start builds it first), then reload the page. */\n`,
        503,
        { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
      );
    }
    // Read on every request, so a rebuilt widget is picked up without restarting the server.
    return context.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
  });

  return app;
}

function toStrict(href: string): string {
  return href === '/docs' || href.startsWith('/docs/') || href.startsWith('/docs#') ? `${strictPrefix}${href}` : href;
}

