/**
 * The first open of the widget's panel for `npm run bench:widget`: from the first pointer event
 * on the launcher to the textbox having focus, the longest task meanwhile, and the longest task
 * in the second after it (the conversation's code, if it was not loaded yet, is evaluated then).
 * The launcher is clicked by its coordinates (`page.mouse`): Playwright's locators would first
 * compile its selector engine in the page, a long task of the bench's own.
 */
import type { Page } from '@playwright/test';
import { longTasksSince } from './bench-widget-page';
import type { FirstOpenSample } from './bench-widget-report';

/** After the focus, how long long tasks still count as the first open's (ms). */
export const afterFocusMilliseconds = 1_000;

interface FirstOpenMarks {
  /** First pointer event on the launcher (page clock, ms). */
  start: number;
  /** Resolves with the time the textbox received focus. */
  focused: Promise<number>;
}

type FirstOpenWindow = Window & { benchFirstOpen?: FirstOpenMarks };

/**
 * Clicks the launcher (the shadow root's first button); the time from the first pointer event
 * on it to the textbox's focus, and the long tasks around it.
 */
export async function measureFirstOpen(page: Page, timeoutMilliseconds: number): Promise<FirstOpenSample> {
  const center = await page.evaluate(() => {
    const host = document.querySelector('[data-docent]');
    const shadowRoot = host?.shadowRoot;
    const launcher = shadowRoot?.querySelector('button');
    if (host == null || shadowRoot == null || launcher == null) throw new Error('the widget has not rendered its launcher');
    // (No named functions in here: tsx would wrap them in a helper the page does not have.)
    let focus: ((time: number) => void) | undefined;
    const marks: FirstOpenMarks = { start: -1, focused: new Promise((resolve) => (focus = resolve)) };
    (window as FirstOpenWindow).benchFirstOpen = marks;
    // Hovering the launcher already starts loading the panel's code: the clock starts there.
    for (const type of ['pointerover', 'pointerdown', 'click']) {
      window.addEventListener(type, (event) => {
        if (marks.start < 0 && event.composedPath().includes(host)) marks.start = event.timeStamp;
      }, { capture: true });
    }
    shadowRoot.addEventListener('focusin', (event) => {
      if ((event.target as Element).matches('textarea, input')) focus?.(performance.now());
    });
    const box = launcher.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  });
  await page.mouse.click(center.x, center.y);
  const { start, focused } = await page.evaluate(
    async (timeout) => {
      const marks = (window as FirstOpenWindow).benchFirstOpen;
      if (marks === undefined) throw new Error('the first-open marks are missing');
      const timer = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the textbox was not focused within ${timeout} ms`)), timeout));
      return { start: marks.start, focused: await Promise.race([marks.focused, timer]) };
    },
    timeoutMilliseconds,
  );
  if (start < 0) throw new Error('the click did not reach the launcher');
  // A long task is reported when it ends: the second after the focus, plus time for the last one to.
  await page.waitForTimeout(afterFocusMilliseconds + 200);
  const tasks = await longTasksSince(page);
  const overlapping = (end: number) => tasks.filter((task) => task.startTime < end && task.startTime + task.duration > start);
  const longest = (list: readonly { duration: number }[]) => Math.max(0, ...list.map((task) => task.duration));
  return {
    milliseconds: focused - start,
    longestTask: longest(overlapping(focused)),
    longestTaskAfter: longest(overlapping(focused + afterFocusMilliseconds)),
  };
}
