import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { useDemoSite } from './fixtures/demo-site';
import { DocentPage } from './fixtures/docent-page';

// Host pages other than the demo site's, embedding the real built widget by its script tag:
// misconfigured ones (missing data-domain, an admin key, a bad option) and a plain page that
// does not mark its colour scheme. The pages themselves are served by the test (page.route) on
// the site's origin; the widget script and the API are the real ones.

const site = useDemoSite();

/** A minimal host page with its own button, and the widget's script tag with `attributes`. */
function hostPage(attributes: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Host page</title></head>
  <body>
    <h1>A host page</h1>
    <button type="button" id="host-button">Clicked 0 times</button>
    <script>
      let clicks = 0;
      document.getElementById('host-button').addEventListener('click', (event) => {
        clicks += 1;
        event.currentTarget.textContent = 'Clicked ' + clicks + ' times';
      });
    </script>
    <script async src="/docent.js" ${attributes}></script>
  </body>
</html>`;
}

/** Serves `html` at `path` of the site's origin and opens it; returns what the console said. */
async function openHostPage(page: Page, path: string, html: string): Promise<{ messages: ConsoleMessage[]; pageErrors: Error[] }> {
  const messages: ConsoleMessage[] = [];
  const pageErrors: Error[] = [];
  page.on('console', (message) => messages.push(message));
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.route(`${site.url}${path}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  const widgetLoaded = page.waitForResponse(`${site.url}/docent.js`);
  await page.goto(`${site.url}${path}`);
  expect((await widgetLoaded).status()).toBe(200);
  return { messages, pageErrors };
}

/** The host page still works: its own button responds. */
async function expectHostPageWorks(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Clicked 0 times' }).click();
  await expect(page.getByRole('button', { name: 'Clicked 1 times' })).toBeVisible();
}

const byType = (messages: ConsoleMessage[], type: string) => messages.filter((message) => message.type() === type).map((message) => message.text());

test('a script tag without data-domain logs one clear console error, and the host page keeps working', async ({ page }) => {
  const { messages, pageErrors } = await openHostPage(page, '/host/missing-domain', hostPage('data-api-key="svc_dsc_demo"'));
  await expect.poll(() => byType(messages, 'error')).toHaveLength(1);
  const [error] = byType(messages, 'error');
  expect(error).toContain('data-domain is required');
  expect(error).toContain('data-domain="your-domain"');
  expect(pageErrors).toEqual([]);
  await expect(new DocentPage(page).launcher).toHaveCount(0);
  await expectHostPageWorks(page);
  expect(byType(messages, 'error')).toHaveLength(1);
});

test('an admin key is refused with one console error naming the risk; nothing is sent with it', async ({ page }) => {
  const requests = new DocentPage(page).captureAssistantRequests();
  const { messages, pageErrors } = await openHostPage(page, '/host/admin-key', hostPage('data-domain="demo" data-api-key="svc_demo"'));
  await expect.poll(() => byType(messages, 'error')).toHaveLength(1);
  const [error] = byType(messages, 'error');
  expect(error).toMatch(/admin API key/);
  expect(error).toMatch(/secret/);
  expect(error).toContain('svc_dsc_');
  expect(pageErrors).toEqual([]);
  const docent = new DocentPage(page);
  await expect(docent.launcher).toHaveCount(0);
  // Even the shortcut and the JS API start nothing.
  await page.keyboard.press('Control+i');
  await page.evaluate(() => (window as unknown as { Docent?: { ask?(text: string): void } }).Docent?.ask?.('Hello?'));
  await expect(docent.dialog).toHaveCount(0);
  await expectHostPageWorks(page);
  expect(requests).toEqual([]);
  expect(byType(messages, 'error')).toHaveLength(1);
});

test('a bad option value gets one console warning naming it, and the widget still works', async ({ page }) => {
  const { messages, pageErrors } = await openHostPage(
    page,
    '/host/bad-option',
    hostPage('data-domain="demo" data-api-key="svc_dsc_demo" data-theme="purple"'),
  );
  const docent = new DocentPage(page);
  await docent.ready();
  await expect.poll(() => byType(messages, 'warning')).toHaveLength(1);
  expect(byType(messages, 'warning')[0]).toContain('data-theme');
  expect(byType(messages, 'error')).toEqual([]);
  expect(pageErrors).toEqual([]);
  await docent.open();
  await docent.ask('What is Docent?');
  await docent.waitForAnswer();
  await expectHostPageWorks(page);
});

test.describe('on a host page that does not mark its colour scheme', () => {
  test.use({ colorScheme: 'light' });

  test('the widget follows prefers-color-scheme, live', async ({ page }) => {
    await openHostPage(page, '/host/plain', hostPage('data-domain="demo" data-api-key="svc_dsc_demo"'));
    const docent = new DocentPage(page);
    await docent.ready();
    expect(await docent.theme()).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => docent.theme()).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => docent.theme()).toBe('light');
  });
});
