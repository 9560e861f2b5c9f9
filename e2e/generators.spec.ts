import { expect, test, type Page } from '@playwright/test';
import { useDemoSite } from './fixtures/demo-site';
import { DocentPage } from './fixtures/docent-page';
import { generatorSites, installCode, snippetCode } from './fixtures/generators/sites';

// The widget on pages marked up like VitePress, Docusaurus, MkDocs Material and Starlight
// (e2e/fixtures/generators/sites.ts), served by the test on the demo site's origin with the real
// widget and API: the code button clear of the generator's copy button, code context with its
// line breaks and its section's id, dark mode from the site's own signal, and the page address
// of VitePress without cleanUrls.

const site = useDemoSite();

test.use({ colorScheme: 'light' });

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (first: Box, second: Box) =>
  first.x < second.x + second.width && second.x < first.x + first.width && first.y < second.y + second.height && second.y < first.y + first.height;

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

/** Serves `html` at `path` of the site's origin and opens it with the widget started. */
async function openPage(page: Page, path: string, html: string): Promise<DocentPage> {
  await page.route(`${site.url}${path}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(`${site.url}${path}`);
  const docent = new DocentPage(page);
  await docent.ready();
  return docent;
}

for (const generator of generatorSites()) {
  test(`${generator.name}: the code button never covers the copy button, and asks about the code as shown in its section`, async ({ page }) => {
    const docent = await openPage(page, '/docs/configuration', generator.html);
    const requests = docent.captureAssistantRequests();
    const blocks = page.locator('pre');
    await expect(blocks).toHaveCount(2);

    // The one-line install block (no taller than the copy button) and the multi-line snippet.
    for (const index of [0, 1]) {
      await blocks.nth(index).hover();
      await expect(docent.codeBlockButtons).toBeVisible();
      const ours = (await docent.codeBlockButtons.boundingBox())!;
      const copy = (await page.locator(generator.frame).nth(index).locator(generator.copyButton).boundingBox())!;
      const block = (await blocks.nth(index).boundingBox())!;
      expect(copy, 'the generator’s copy button is laid out').not.toBeNull();
      expect(overlaps(ours, copy), `block ${index}: Ask AI ${JSON.stringify(ours)}, copy ${JSON.stringify(copy)}`).toBe(false);
      expect(inside(ours, block), `block ${index}: Ask AI ${JSON.stringify(ours)} inside ${JSON.stringify(block)}`).toBe(true);
    }

    await blocks.nth(1).hover();
    await docent.codeBlockButtons.click();
    await expect(docent.contextChips).toHaveCount(1);
    await blocks.nth(0).hover();
    await docent.codeBlockButtons.click();
    await expect(docent.contextChips).toHaveCount(2);
    await docent.ask('What does this do?');
    const body = await docent.nthRequest(requests, 1);
    expect(body.context).toEqual([
      { type: 'code', value: snippetCode, path: '/docs/configuration', elementId: 'mount-the-widget' },
      { type: 'code', value: installCode, path: '/docs/configuration', elementId: 'install' },
    ]);
    await docent.waitForAnswer();
  });

  test(`${generator.name}: dark mode follows the site’s own signal, live`, async ({ page }) => {
    const docent = await openPage(page, '/docs/configuration', generator.html);
    await docent.open();
    await expect.poll(() => docent.theme()).toBe('light');
    await page.evaluate(generator.setDark, true);
    await expect.poll(() => docent.theme()).toBe('dark');
    await page.evaluate(generator.setDark, false);
    await expect.poll(() => docent.theme()).toBe('light');
  });
}

test('the code button is in the Tab order right after its block, and asks from the keyboard', async ({ page }) => {
  const docusaurus = generatorSites().find((generator) => generator.name === 'Docusaurus')!;
  const docent = await openPage(page, '/docs/configuration', docusaurus.html);
  const install = page.locator('pre').first();
  const copy = page.locator('.codeBlockContent_QJqH').first().locator('button[class*="copyButton"]');

  // The widget wires the page's code blocks once it has loaded, when the page is idle: on a busy
  // machine that can come after this first Tab, which then goes to the copy button. Until it has,
  // start again from the block.
  await expect(async () => {
    await install.focus();
    await page.keyboard.press('Tab');
    await expect(docent.codeBlockButtons).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(docent.codeBlockButtons).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(copy).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(docent.codeBlockButtons).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(install).toBeFocused();

  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(docent.dialog).toBeVisible();
  await expect(docent.contextChips).toHaveCount(1);
  await expect(docent.contextChips.first()).toContainText(installCode);
});

test('a custom site’s dark mode through themeSelector', async ({ page }) => {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Custom</title>
<script async src="/docent.js" data-domain="demo" data-api-key="svc_dsc_demo" data-theme-selector='body[data-bs-theme="dark"]'></script></head>
<body><main><h1>Custom</h1></main></body></html>`;
  const docent = await openPage(page, '/docs/custom', html);
  await docent.open();
  expect(await docent.theme()).toBe('light');
  await page.evaluate(() => document.body.setAttribute('data-bs-theme', 'dark'));
  await expect.poll(() => docent.theme()).toBe('dark');
  await page.evaluate(() => document.body.setAttribute('data-bs-theme', 'light'));
  await expect.poll(() => docent.theme()).toBe('light');
});

test('VitePress without cleanUrls: the page /docs/theming.html is sent as /docs/theming and gets the current-page boost', async ({ page }) => {
  const vitepress = generatorSites().find((generator) => generator.name === 'VitePress')!;
  const docent = await openPage(page, '/docs/theming.html', vitepress.html);
  const requests = docent.captureAssistantRequests();
  await docent.open();
  await docent.ask('How do I change it?');
  const body = await docent.nthRequest(requests, 1);
  expect(body.currentPath).toBe('/docs/theming');
  await docent.waitForAnswer();
  expect(new URL((await docent.sourceLinks.first().getAttribute('href'))!, site.url).pathname).toBe('/docs/theming');
});
