import { expect, test, type Locator, type Page } from '@playwright/test';
import { useDemoSite } from './fixtures/demo-site';
import { DocentPage } from './fixtures/docent-page';

// Asking about the page: a text selection and a code block become context items of the
// question (api-spec 2.7), with the page's path and the nearest element id.

const site = useDemoSite();

/** Selects the text of `element` with the mouse, as a reader would: a drag across it. */
async function dragSelect(page: Page, element: Locator): Promise<void> {
  // In the middle of the viewport: a drag near its edge would scroll the page and select more.
  await element.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  const box = await element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const { left, right, top, height } = range.getBoundingClientRect();
    return { left, right, middle: top + height / 2 };
  });
  await page.mouse.move(box.left + 1, box.middle);
  await page.mouse.down();
  await page.mouse.move(box.right - 1, box.middle, { steps: 8 });
  await page.mouse.up();
}

test('selected text is asked about through the "Ask AI" affordance as a textSelection item', async ({ page }) => {
  const docent = new DocentPage(page);
  const requests = docent.captureAssistantRequests();
  await page.goto(`${site.url}/docs/getting-started`);
  await docent.ready();

  const heading = page.getByRole('heading', { name: 'Find your domain and assistant key' });
  await dragSelect(page, heading);
  const selected = await page.evaluate(() => document.getSelection()?.toString().trim() ?? '');
  expect(selected.length).toBeGreaterThan(20);

  await expect(docent.selectionButton).toBeVisible();
  await docent.selectionButton.click();
  await expect(docent.dialog).toBeVisible();
  await expect(docent.textbox).toBeFocused();
  await expect(docent.contextChips).toHaveCount(1);
  await expect(docent.contextChips.first()).toContainText('Selection');
  await expect(docent.contextChips.first()).toContainText(selected.slice(0, 20));

  await docent.ask('What does this mean?');
  await docent.waitForAnswer();
  const body = await docent.nthRequest(requests, 1);
  expect(body.context).toEqual([
    { type: 'textSelection', value: selected, path: '/docs/getting-started', elementId: 'find-your-domain-and-assistant-key' },
  ]);
  expect(body.currentPath).toBe('/docs/getting-started');
  // Sent with the question, the chip moves from the composer into the conversation.
  await expect(docent.contextChips).toHaveCount(0);
  await expect(docent.questions.first()).toContainText('Selection');
});

test('the selection affordance is reachable from the keyboard', async ({ page }) => {
  const docent = new DocentPage(page);
  const requests = docent.captureAssistantRequests();
  await page.goto(`${site.url}/docs/getting-started`);
  await docent.ready();

  // A paragraph without an id of its own: the id is its section's heading's.
  const paragraph = page.getByText('Use the assistant key, never the admin key.');
  await dragSelect(page, paragraph);
  const expectedId = 'find-your-domain-and-assistant-key';
  await expect(docent.selectionButton).toBeVisible();
  await docent.selectionButton.focus();
  await page.keyboard.press('Enter');
  await expect(docent.textbox).toBeFocused();
  await expect(docent.contextChips).toHaveCount(1);

  await docent.ask('Why?');
  const body = await docent.nthRequest(requests, 1);
  expect(body.context).toHaveLength(1);
  expect(body.context![0]).toMatchObject({ type: 'textSelection', path: '/docs/getting-started', elementId: expectedId });
  expect(body.context![0]!.value).toContain('Use the assistant key, never the admin key.');
  await docent.waitForAnswer();
});

test('a code block’s "Ask AI" button attaches the block as a code item', async ({ page }) => {
  const docent = new DocentPage(page);
  const requests = docent.captureAssistantRequests();
  await page.goto(`${site.url}/docs/getting-started`);
  await docent.ready();

  const block = page.locator('#getting-started-snippet pre');
  const code = ((await block.locator('code').textContent()) ?? '').replace(/\n$/, '');
  expect(code).toContain('data-api-key');
  await block.hover();
  // One button, shown over the block the reader points at (in a layer outside the page's tree).
  const button = docent.codeBlockButtons;
  await expect(button).toBeVisible();
  await button.click();

  await expect(docent.dialog).toBeVisible();
  await expect(docent.contextChips).toHaveCount(1);
  await expect(docent.contextChips.first()).toContainText('Code');
  // The chip can be removed, and the button attaches it again.
  await docent.contextChips.first().getByRole('button', { name: /^Remove Code/ }).click();
  await expect(docent.contextChips).toHaveCount(0);
  await docent.closeButton.click();
  await expect(docent.dialog).toBeHidden();
  await block.hover();
  await button.click();
  await expect(docent.contextChips).toHaveCount(1);

  await docent.ask('What does data-base-url do here?');
  await docent.waitForAnswer();
  const body = await docent.nthRequest(requests, 1);
  expect(body.context).toEqual([{ type: 'code', value: code, path: '/docs/getting-started', elementId: 'add-docent-in-two-minutes' }]);
  expect(await docent.lastAnswerText()).not.toBe('');
});

test('removing a context chip from the keyboard keeps focus in the panel', async ({ page }) => {
  const docent = new DocentPage(page);
  await page.goto(`${site.url}/docs/getting-started`);
  await docent.ready();
  await page.evaluate(() => {
    const docent = (window as unknown as { Docent: { addContext(item: unknown): void; open(): void } }).Docent;
    docent.addContext({ type: 'code', value: 'npm install docent' });
    docent.addContext({ type: 'textSelection', value: 'Use the assistant key, never the admin key.' });
    docent.open();
  });
  await expect(docent.contextChips).toHaveCount(2);
  const remove = docent.contextChips.first().getByRole('button', { name: /^Remove Code/ });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(docent.contextChips).toHaveCount(1);

  // A keyboard user must not be thrown back to the top of the page: focus stays in the panel.
  const focusInPanel = () =>
    page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.closest('[role="dialog"]') != null;
    });
  await expect.poll(focusInPanel).toBe(true);
});
