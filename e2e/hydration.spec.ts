import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { useDemoSite } from './fixtures/demo-site';
import { DocentPage } from './fixtures/docent-page';
import { App, hydratedCode } from './fixtures/generators/hydrated-app.mjs';

// React itself, untyped: the project's TypeScript maps `react` to preact/compat.
const require = createRequire(import.meta.url);
const { createElement } = require('react') as { createElement(type: unknown, props: null): unknown };
const { renderToString } = require('react-dom/server') as { renderToString(element: unknown): string };

declare global {
  interface Window {
    /** Set by the fixture app once React has hydrated the page. */
    hydrated?: boolean;
    /** What React reported while hydrating. */
    hydrationErrors?: string[];
  }
}

// A page rendered on the server with React and hydrated later by its own bundle, the way
// Docusaurus works, with the bundle held back until the widget has started and shown its code
// button: React must find the page's HTML as it rendered it (no hydration error #418).

const site = useDemoSite();

let bundle = '';
test.beforeAll(async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./fixtures/generators/hydrated-client.mjs', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    // Real React: the project's tsconfig maps `react` to preact/compat.
    tsconfigRaw: {},
  });
  bundle = result.outputFiles[0]!.text;
});

const pageHtml = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hydrated page</title>
<script async src="/docent.js" data-domain="demo" data-api-key="svc_dsc_demo"></script>
<script defer src="/hydrated/bundle.js"></script></head>
<body><div id="__docusaurus">${renderToString(createElement(App, null))}</div></body></html>`;

test('the code button never breaks hydration of a page whose bundle arrives after the widget', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  let releaseBundle = () => {};
  const bundleReleased = new Promise<void>((resolve) => (releaseBundle = resolve));
  await page.route(`${site.url}/hydrated/page`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: pageHtml() }));
  await page.route(`${site.url}/hydrated/bundle.js`, async (route) => {
    await bundleReleased;
    await route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: bundle });
  });

  // `commit`: the page's load waits for the held-back bundle.
  await page.goto(`${site.url}/hydrated/page`, { waitUntil: 'commit' });
  const docent = new DocentPage(page);
  await docent.ready();
  const block = page.locator('pre');
  await block.hover();
  await expect(docent.codeBlockButtons).toBeVisible();
  expect(await page.evaluate(() => window.hydrated ?? false)).toBe(false);

  releaseBundle();
  await expect.poll(() => page.evaluate(() => window.hydrated ?? false)).toBe(true);
  expect(await page.evaluate(() => window.hydrationErrors)).toEqual([]);
  expect(errors).toEqual([]);

  // The page is React's now (its button works), and the code button still asks about the block.
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  await block.hover();
  await docent.codeBlockButtons.click();
  await expect(docent.contextChips).toHaveCount(1);
  await expect(docent.contextChips.first()).toContainText(hydratedCode.split('\n')[0]!);
});
