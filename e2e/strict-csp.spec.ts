import { expect, test } from '@playwright/test';
import { useDemoSite } from './fixtures/demo-site';
import { DocentPage, watchContentSecurityPolicy } from './fixtures/docent-page';

// The demo site's copy under /strict-csp/ is served with a Content-Security-Policy that allows
// no inline script or style and no eval. The widget must work there and cause no violation.

const site = useDemoSite();

test('under a strict CSP the widget answers, attaches code, and raises no violation', async ({ page }) => {
  const csp = await watchContentSecurityPolicy(page);
  const docent = new DocentPage(page);
  const requests = docent.captureAssistantRequests();
  const response = await page.goto(`${site.url}/strict-csp/docs/getting-started`);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("style-src 'self'");
  expect(policy).not.toContain('unsafe');

  await docent.open();
  // Styles arrived (as a constructable sheet): the panel is laid out as a fixed panel, not inline in the page.
  expect(await docent.dialog.evaluate((dialog) => getComputedStyle(dialog).position)).toBe('fixed');
  await docent.ask('How do I install Docent with npm?');
  await docent.waitForAnswer();
  expect(await docent.lastAnswerText()).toContain('npm install docent');
  await expect(docent.sourceLinks.first()).toBeVisible();
  // Source links stay on the strict copy's origin.
  expect(await docent.sourceLinks.first().getAttribute('href')).toMatch(/^\/docs\//);

  await docent.closeButton.click();
  const block = page.locator('#getting-started-snippet pre');
  await block.hover();
  await docent.codeBlockButtons.click();
  await expect(docent.contextChips).toHaveCount(1);
  await docent.ask('What does this snippet do?');
  await docent.waitForAnswer();
  expect((await docent.nthRequest(requests, 2)).context?.[0]?.type).toBe('code');

  // The host's own dark-mode toggle still works, and the widget follows it.
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect.poll(() => docent.theme()).toBe('dark');

  expect(await csp.violations()).toEqual([]);
  expect(csp.consoleMessages).toEqual([]);

  // The watcher does see violations: an inline style attribute is one.
  await page.evaluate(() => document.body.setAttribute('style', 'outline: 1px solid red'));
  await expect.poll(() => csp.violations()).toHaveLength(1);
});
