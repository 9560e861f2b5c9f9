import { expect, test, type Page } from '@playwright/test';
import {
  focusedElement,
  formatViolations,
  sampleViolationsUntil,
  settleAnimations,
  slowAnimations,
  tabUntil,
  widgetMotion,
  widgetViolations,
  type FocusedElement,
} from './fixtures/accessibility';
import { useDemoSite } from './fixtures/demo-site';
import { DocentPage, names } from './fixtures/docent-page';

// axe-core's WCAG 2.1 A/AA rules on the widget (its shadow root and the code-block buttons)
// in each state a reader meets, light and dark, wide and phone-sized; and the whole
// ask-and-read loop from the keyboard alone, every stop visibly focused.

const site = useDemoSite();

test.use({ colorScheme: 'light' });

/** Soft-asserts that axe finds nothing in the widget, naming the state and every violation. */
async function expectNoViolations(page: Page, state: string): Promise<void> {
  const violations = await widgetViolations(page);
  expect.soft(violations.map((violation) => violation.id), `axe violations, ${state}:\n${formatViolations(violations)}`).toEqual([]);
}

/** `window.Docent` as the host page sees it. */
type DocentGlobal = { addContext(item: unknown): void; update(options: unknown): void; open(): void };

/** Attaches a selection longer than the cap (so its chip shows the "truncated" note) and a code item. */
async function attachContext(page: Page): Promise<void> {
  await page.evaluate(() => {
    const docent = (window as unknown as { Docent: DocentGlobal }).Docent;
    docent.addContext({ type: 'textSelection', value: 'Use the assistant key, never the admin key. '.repeat(250) });
    docent.addContext({ type: 'code', value: 'npm install docent' });
  });
}

/** Asks a question that is answered with sources and a code block, and waits for it to finish. */
async function askWithCodeAnswer(docent: DocentPage): Promise<void> {
  await docent.ask('How do I install Docent with npm?');
  await docent.waitForAnswer();
  await expect(docent.sourceLinks.first()).toBeVisible();
  await expect(docent.lastAnswer.getByRole('button', { name: 'Copy code' }).first()).toBeVisible();
}

/**
 * The busiest panel: an answer (code block, sources, actions, rated), a second question that
 * failed (the error notice with Retry), and two chips attached, one truncated.
 */
async function showBusiestPanel(page: Page, docent: DocentPage): Promise<void> {
  await docent.open();
  await askWithCodeAnswer(docent);
  await docent.lastAnswer.getByRole('button', { name: 'Good answer' }).click();
  await expect(docent.lastAnswer.getByRole('status')).toHaveText('Thanks for your feedback');
  // A status error, not a stream cut midway: on a loaded machine the page can see the cut
  // (ERR_INCOMPLETE_CHUNKED_ENCODING) before it has read the text that arrived, and then no
  // partial answer shows, so the "incomplete" state would not reliably be there to check.
  site.proxy.failNext({ kind: 'status', status: 429, code: 'rate_limited', headers: { 'Retry-After': '30' } });
  await docent.ask('Which themes does Docent support?');
  await expect(docent.errorAlert).toContainText('30 seconds');
  await attachContext(page);
  await expect(docent.contextChips).toHaveCount(2);
  await expect(docent.contextChips.first()).toContainText('Truncated');
}

test.describe('axe finds no WCAG 2.1 A/AA violation in the widget', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(`${site.url}/docs/getting-started`);
    await new DocentPage(page).ready();
  });

  test('with only the launcher (and the code-block buttons) on the page', async ({ page }) => {
    const docent = new DocentPage(page);
    await expectNoViolations(page, 'launcher only');
    // The code-block button shows over the block the reader points at or reaches with Tab.
    await page.locator('pre').first().hover();
    await expect(docent.codeBlockButtons).toBeVisible();
    await docent.codeBlockButtons.focus();
    await expectNoViolations(page, 'a code-block button focused');
  });

  test('with the panel open and empty, showing suggestions', async ({ page }) => {
    const docent = new DocentPage(page);
    await page.evaluate(() =>
      (window as unknown as { Docent: DocentGlobal }).Docent.update({
        suggestions: ['How do I install Docent?', 'How do I change its colours?'],
      }),
    );
    await docent.open();
    await expect(docent.dialog.getByRole('button', { name: 'How do I install Docent?' })).toBeVisible();
    await expectNoViolations(page, 'empty panel with suggestions');
  });

  test('after a streamed answer with sources, a code block and its actions', async ({ page }) => {
    const docent = new DocentPage(page);
    await docent.open();
    await askWithCodeAnswer(docent);
    await expect(docent.lastAnswer.getByRole('button', { name: 'Regenerate' })).toBeVisible();
    await expectNoViolations(page, 'finished answer');
  });

  test('with an error notice', async ({ page }) => {
    const docent = new DocentPage(page);
    await docent.open();
    site.proxy.failNext({ kind: 'status', status: 500, code: 'internal_error' });
    await docent.ask('What is Docent?');
    await expect(docent.errorAlert).toBeVisible();
    await expect(docent.retryButton).toBeVisible();
    await expectNoViolations(page, 'error notice (500)');
  });

  test('with context chips attached', async ({ page }) => {
    const docent = new DocentPage(page);
    await attachContext(page);
    await docent.open();
    await expect(docent.contextChips).toHaveCount(2);
    await expect(docent.contextChips.first()).toContainText('Truncated');
    await expectNoViolations(page, 'context chips');
  });

  test('with the selection affordance shown', async ({ page }) => {
    const docent = new DocentPage(page);
    await page.getByRole('heading', { name: 'Find your domain and assistant key' }).evaluate((heading) => {
      heading.scrollIntoView({ block: 'center' });
      document.getSelection()?.selectAllChildren(heading);
    });
    await expect(docent.selectionButton).toBeVisible();
    await expectNoViolations(page, 'selection affordance');
  });
});

test('axe finds no violation in dark mode (the host page’s toggle), launcher to busiest panel', async ({ page }) => {
  const docent = new DocentPage(page);
  await page.goto(`${site.url}/docs/getting-started`);
  await docent.ready();
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect.poll(() => docent.theme()).toBe('dark');
  await expectNoViolations(page, 'dark, launcher only');

  await showBusiestPanel(page, docent);
  await expectNoViolations(page, 'dark, answer + error + chips');

  await docent.closeButton.click();
  await page.getByRole('heading', { name: 'Find your domain and assistant key' }).evaluate((heading) => {
    document.getSelection()?.selectAllChildren(heading);
  });
  await expect(docent.selectionButton).toBeVisible();
  await expectNoViolations(page, 'dark, selection affordance');
});

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('axe finds no violation, launcher to busiest panel (full screen)', async ({ page }) => {
    const docent = new DocentPage(page);
    await page.goto(`${site.url}/docs/getting-started`);
    await docent.ready();
    await expectNoViolations(page, '390 px, launcher only');
    await showBusiestPanel(page, docent);
    const width = await docent.dialog.evaluate((dialog) => dialog.getBoundingClientRect().width);
    expect(width).toBe(390);
    await expectNoViolations(page, '390 px, answer + error + chips');
  });
});

// A fade is a moment too: text at half opacity fails contrast however good its settled colours.
for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no violation at any moment of the panel opening and an answer streaming in (${scheme}, sampled every 50 ms)`, async ({ page }) => {
    const docent = new DocentPage(page);
    await page.goto(`${site.url}/docs/getting-started`);
    await docent.ready();
    if (scheme === 'dark') {
      await page.getByRole('button', { name: 'Dark mode' }).click();
      await expect.poll(() => docent.theme()).toBe('dark');
    }
    // The question goes out with context, so its bubble animates in with chips.
    await attachContext(page);
    // Ten times slower, so each 200 ms entrance spans several axe runs instead of falling between two.
    await slowAnimations(page, 0.1);
    const answered = async () =>
      (await docent.stopButton.isHidden()) && (await docent.lastAnswer.getByRole('button', { name: names.copyAnswer }).isVisible());
    const sampling = sampleViolationsUntil(page, answered, { interval: 50, limit: 60 });
    await docent.open();
    site.proxy.failNext({ kind: 'slow', delayMilliseconds: 25 });
    await docent.ask('How do I install Docent with npm?');
    const { samples, finished } = await sampling;

    expect(finished, `the answer and every animation should be over within 60 samples (${samples.length} taken)`).toBe(true);
    const midAnimation = samples.filter((sample) => sample.runningAnimations > 0).length;
    test.info().annotations.push({ type: 'samples', description: `${samples.length} samples, ${midAnimation} mid-animation` });
    // Samples that never landed on a moving frame would prove nothing about the animations.
    expect(midAnimation, 'samples taken while an animation ran').toBeGreaterThanOrEqual(3);
    const failing = samples.flatMap((sample, index) =>
      sample.violations.length > 0 ? [`sample ${index + 1} (${sample.runningAnimations} animations running):\n${formatViolations(sample.violations)}`] : [],
    );
    expect(failing, `axe violations in ${failing.length} of ${samples.length} samples`).toEqual([]);
  });
}

test.describe('with reduced motion asked for', () => {
  test.use({ reducedMotion: 'reduce' });

  test('nothing in the widget animates or transitions, launcher to answer to selection affordance', async ({ page }) => {
    const docent = new DocentPage(page);
    await page.goto(`${site.url}/docs/getting-started`);
    await docent.ready();
    const still = { moving: [], runningAnimations: 0 };
    expect(await widgetMotion(page), 'launcher only').toEqual(still);
    await docent.open();
    expect(await widgetMotion(page), 'panel just opened').toEqual(still);

    site.proxy.failNext({ kind: 'slow', delayMilliseconds: 50 });
    await docent.ask('How do I install Docent with npm?');
    await expect(docent.stopButton).toBeVisible();
    expect(await widgetMotion(page), 'answer streaming').toEqual(still);
    await docent.waitForAnswer();
    expect(await widgetMotion(page), 'answer finished').toEqual(still);

    await docent.closeButton.click();
    await page.getByRole('heading', { name: 'Find your domain and assistant key' }).evaluate((heading) => {
      document.getSelection()?.selectAllChildren(heading);
    });
    await expect(docent.selectionButton).toBeVisible();
    expect(await widgetMotion(page), 'launcher back, selection affordance shown').toEqual(still);

    // Without the preference the same widget does move: the checks above could fail.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await docent.open();
    const { moving } = await widgetMotion(page);
    expect(moving.some((line) => /\.docent-panel animation/.test(line)), moving.join('\n')).toBe(true);
    expect(moving.some((line) => /\.docent-message\b.* animation /.test(line)), moving.join('\n')).toBe(true);
  });
});

/** Asserts that the focused element shows a focus ring, and returns it. */
async function expectVisiblyFocused(page: Page, what: string): Promise<FocusedElement> {
  // The ring may fade in (a box-shadow transition): judge it once it is drawn.
  await settleAnimations(page);
  const focused = await focusedElement(page);
  expect(focused, `${what}: something should have focus`).not.toBeNull();
  expect.soft(focused!.focusVisible, `${what} (${focused!.role} "${focused!.name}") matches :focus-visible`).toBe(true);
  expect.soft(focused!.indicator, `${what} (${focused!.role} "${focused!.name}") shows a focus ring`).not.toBeNull();
  return focused!;
}

test('keyboard only: Tab to the launcher, ask, and reach the answer’s actions and sources, each visibly focused', async ({ page }) => {
  const docent = new DocentPage(page);
  await page.goto(`${site.url}/docs/getting-started`);
  await docent.ready();

  // From the top of the page, Tab through the host page's own controls to the launcher.
  const path = await tabUntil(page, (focused) => focused.inWidget, { limit: 150 });
  expect(path.at(-1)!.role).toBe('button');
  await expect(docent.launcher).toBeFocused();
  await expectVisiblyFocused(page, 'the launcher');

  await page.keyboard.press('Enter');
  await expect(docent.dialog).toBeVisible();
  await expect(docent.textbox).toBeFocused();
  await expectVisiblyFocused(page, 'the textbox');

  await page.keyboard.type('How do I install Docent with npm?');
  await page.keyboard.press('Enter');
  await docent.waitForAnswer();
  await expect(docent.textbox).toBeFocused();

  // Back from the textbox into the answer: its action row comes last, then its sources.
  const expectedActions = ['Regenerate', 'Bad answer', 'Good answer', names.copyAnswer];
  for (const action of expectedActions) {
    await page.keyboard.press('Shift+Tab');
    const focused = await expectVisiblyFocused(page, `the ${action} button`);
    expect(focused).toMatchObject({ role: 'button', name: action, inWidget: true });
  }
  await page.keyboard.press('Shift+Tab');
  const sourceLinkCount = await docent.sourceLinks.count();
  expect(sourceLinkCount).toBeGreaterThan(0);
  await expect(docent.sourceLinks.last()).toBeFocused();
  expect(await expectVisiblyFocused(page, 'a source link')).toMatchObject({ role: 'link', inWidget: true });

  // Further back, through the other source links, to the answer's code block and its Copy button.
  const wayBack = await tabUntil(page, (focused) => focused.name === 'Copy code', { backwards: true, limit: 20 });
  expect(wayBack.every((focused) => focused.inWidget)).toBe(true);
  expect(wayBack.some((focused) => focused.tag === 'pre')).toBe(true);
  await expectVisiblyFocused(page, 'the code block’s Copy button');
  await page.keyboard.press('Tab');
  expect(await expectVisiblyFocused(page, 'the code block (scrollable, focusable)')).toMatchObject({ tag: 'pre' });

  // The actions work from the keyboard too: forward again to the thumbs up, press Space.
  await tabUntil(page, (focused) => focused.name === 'Good answer', { limit: 20 });
  await expect(docent.lastAnswer.getByRole('button', { name: 'Good answer' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(docent.lastAnswer.getByRole('button', { name: 'Good answer' })).toHaveAttribute('aria-pressed', 'true');
  await expectVisiblyFocused(page, 'the pressed thumbs-up button');

  // A source link opens with Enter.
  await docent.sourceLinks.last().focus();
  const href = await docent.sourceLinks.last().getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${site.url}${href}`);
});
