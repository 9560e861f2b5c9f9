import { expect, test } from '@playwright/test';
import { useDemoSite } from './fixtures/demo-site';
import { DocentPage } from './fixtures/docent-page';

// The `auto` theme (the demo site's default) follows the host page live: its dark-mode toggle
// and a `class="dark"` set on <html> by any script. (prefers-color-scheme alone, on a host page
// that does not mark its scheme: host-pages.spec.ts.)

const site = useDemoSite();

test.use({ colorScheme: 'light' });

const panelBackground = (docent: DocentPage) => docent.dialog.evaluate((dialog) => getComputedStyle(dialog).backgroundColor);

test('the widget switches theme live with the host page’s dark-mode toggle', async ({ page }) => {
  const docent = new DocentPage(page);
  await page.goto(`${site.url}/docs/theming`);
  await docent.open();
  expect(await docent.theme()).toBe('light');
  const light = await panelBackground(docent);

  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await docent.closeButton.click();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => docent.theme()).toBe('dark');
  await docent.open();
  const dark = await panelBackground(docent);
  expect(dark).not.toBe(light);

  await docent.closeButton.click();
  await toggle.click();
  await expect.poll(() => docent.theme()).toBe('light');
  await docent.open();
  expect(await panelBackground(docent)).toBe(light);
});

test('the widget follows class="dark" on <html> while its panel is open', async ({ page }) => {
  const docent = new DocentPage(page);
  await page.goto(`${site.url}/docs/theming`);
  await docent.open();
  const light = await panelBackground(docent);

  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expect.poll(() => docent.theme()).toBe('dark');
  await expect.poll(() => panelBackground(docent)).not.toBe(light);

  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await expect.poll(() => docent.theme()).toBe('light');
  await expect.poll(() => panelBackground(docent)).toBe(light);
});
