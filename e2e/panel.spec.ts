import { expect, test } from '@playwright/test';
import { useDemoSite } from './fixtures/demo-site';
import { DocentPage, names } from './fixtures/docent-page';

// Opening and closing the panel, focus, the shortcut, the accessible names of the public
// contract (DESIGN.md), and keystrokes that must stay inside the widget.

const site = useDemoSite();

test.beforeEach(async ({ page }) => {
  await page.goto(`${site.url}/docs/getting-started`);
  await new DocentPage(page).ready();
});

test('the launcher opens the panel, focus moves to the textbox, Escape closes it and focus returns to the launcher', async ({ page }) => {
  const docent = new DocentPage(page);
  await expect(docent.dialog).toBeHidden();
  await expect(docent.launcher).toHaveAttribute('aria-expanded', 'false');

  await docent.launcher.click();
  await expect(docent.dialog).toBeVisible();
  await expect(docent.textbox).toBeFocused();
  // The launcher fades out of sight (and so loses its accessible name) while the panel is open,
  // but still says that its dialog is expanded.
  await expect(page.locator('button[aria-haspopup="dialog"]')).toHaveAttribute('aria-expanded', 'true');

  await page.keyboard.press('Escape');
  await expect(docent.dialog).toBeHidden();
  await expect(docent.launcher).toBeFocused();
  await expect(docent.launcher).toHaveAttribute('aria-expanded', 'false');

  // The Close button does the same.
  await docent.open();
  await docent.closeButton.click();
  await expect(docent.dialog).toBeHidden();
  await expect(docent.launcher).toBeFocused();
});

test('Control+I opens the panel from the page, toggles it from inside, and focus returns where it was', async ({ page }) => {
  const docent = new DocentPage(page);
  const hostLink = page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Getting started' });
  await hostLink.focus();

  await page.keyboard.press('Control+i');
  await expect(docent.dialog).toBeVisible();
  await expect(docent.textbox).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(docent.dialog).toBeHidden();
  await expect(hostLink).toBeFocused();

  // From inside the widget's textbox the shortcut still toggles the panel closed.
  await page.keyboard.press('Control+i');
  await expect(docent.textbox).toBeFocused();
  await page.keyboard.press('Control+i');
  await expect(docent.dialog).toBeHidden();
  await expect(hostLink).toBeFocused();
});

test('the widget exposes the roles and names of the public contract', async ({ page }) => {
  const docent = new DocentPage(page);
  await expect(docent.launcher).toHaveAccessibleName(names.launcher);
  await expect(docent.launcher).toHaveAttribute('aria-keyshortcuts', 'Control+I');
  await docent.open();

  await expect(docent.dialog).toHaveAccessibleName(names.title);
  await expect(docent.textbox).toHaveAccessibleName(names.message);
  await expect(docent.log).toHaveAccessibleName(names.conversation);
  await expect(docent.sendButton).toBeDisabled();
  await expect(docent.newConversationButton).toBeVisible();
  await expect(docent.closeButton).toBeVisible();

  // Every control is reachable from the keyboard: Tab from the textbox walks to Send once there is a draft.
  await docent.textbox.fill('What is Docent?');
  await expect(docent.sendButton).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(docent.sendButton).toBeFocused();
  await page.keyboard.press('Enter');
  await docent.waitForAnswer();
  await expect(docent.stopButton).toBeHidden();

  await expect(docent.questions).toHaveCount(1);
  await expect(docent.answers).toHaveCount(1);
  await expect(docent.lastAnswer.getByRole('group', { name: names.sources })).toBeVisible();
  for (const action of ['Copy answer', 'Good answer', 'Bad answer', 'Regenerate']) {
    await expect(docent.lastAnswer.getByRole('button', { name: action })).toBeVisible();
  }
});

test('keystrokes typed in the widget do not reach the host page’s hotkeys', async ({ page }) => {
  const docent = new DocentPage(page);
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { hostKeys: string[] }).hostKeys = seen;
    // Where a docs site's `/` search or `s` shortcut listens: bubbling keydown on the document and window.
    for (const target of [document, window]) {
      for (const type of ['keydown', 'keypress', 'keyup']) {
        target.addEventListener(type, (event) => seen.push(`${type}:${(event as KeyboardEvent).key}`));
      }
    }
  });
  const hostKeys = () => page.evaluate(() => (window as unknown as { hostKeys: string[] }).hostKeys.slice());

  await docent.open();
  await docent.textbox.pressSequentially('s/k? typed here');
  await expect(docent.textbox).toHaveValue('s/k? typed here');
  expect(await hostKeys()).toEqual([]);

  // The listeners do work: the same key pressed on the page itself reaches them.
  await page.keyboard.press('Escape');
  await expect(docent.dialog).toBeHidden();
  await page.getByRole('heading', { name: 'Getting started', level: 1 }).click();
  await page.keyboard.press('s');
  await expect.poll(hostKeys).toContain('keydown:s');
});
