import { expect, test, type Page } from '@playwright/test';
import { useDemoSite } from './fixtures/demo-site';
import { DocentPage } from './fixtures/docent-page';

// Code in answers is highlighted with the widget's own Prism, in the theme's colours. The host
// page may run Prism itself: the widget must leave its `window.Prism` and code blocks alone.

const site = useDemoSite();

/** A host page with a code block of its own, `headScript` (its own setup), and the widget. */
function hostPage(headScript: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Host page</title>${headScript}</head>
  <body>
    <h1>A host page</h1>
    <pre><code class="language-js">const host = 1;</code></pre>
    <script async src="/docent.js" data-domain="demo" data-api-key="svc_dsc_demo"></script>
  </body>
</html>`;
}

async function openHostPage(page: Page, path: string, html: string): Promise<void> {
  await page.route(`${site.url}${path}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(`${site.url}${path}`);
}

/** Asks a question whose answer quotes a Bash block, and returns that block's `npm` token. */
async function askForCode(docent: DocentPage) {
  await docent.open();
  await docent.ask('How do I install Docent with npm?');
  await docent.waitForAnswer();
  const command = docent.lastAnswer.locator('pre code .token.function', { hasText: /^npm$/ }).first();
  await expect(command).toBeVisible();
  return command;
}

const nextFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test("an answer's code is highlighted in the theme's colours, light and dark", async ({ page }) => {
  await openHostPage(page, '/host/highlight', hostPage(''));
  const docent = new DocentPage(page);
  const command = await askForCode(docent);
  const color = () => command.evaluate((element) => getComputedStyle(element).color);
  // --_hl-title in each palette: #8250df light, #d2a8ff dark.
  expect(await color()).toBe('rgb(130, 80, 223)');
  await page.evaluate(() => (window as unknown as { Docent: { update(options: object): void } }).Docent.update({ theme: 'dark' }));
  await expect.poll(color).toBe('rgb(210, 168, 255)');
});

test("a host page's own Prism keeps its settings, and its code blocks stay as they were", async ({ page }) => {
  // `var Prism` in a classic script, as prism.js itself declares it: a global that cannot be deleted.
  await openHostPage(page, '/host/own-prism', hostPage("<script>var Prism = { manual: false, marker: 'host' };</script>"));
  await askForCode(new DocentPage(page));
  await nextFrames(page);
  expect(await page.evaluate(() => (window as unknown as { Prism: unknown }).Prism)).toEqual({ manual: false, marker: 'host' });
  expect(await page.locator('h1 + pre code').innerHTML()).toBe('const host = 1;');
});

test('a host page without Prism gets no Prism global, and its code blocks stay as they were', async ({ page }) => {
  await openHostPage(page, '/host/no-prism', hostPage(''));
  await askForCode(new DocentPage(page));
  await nextFrames(page);
  expect(await page.evaluate(() => 'Prism' in window)).toBe(false);
  expect(await page.locator('h1 + pre code').innerHTML()).toBe('const host = 1;');
});
