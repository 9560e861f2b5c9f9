/**
 * Pages for `npm run bench:widget`: a fresh Chromium context per load (nothing cached, as on a
 * first visit), CPU throttling through CDP, long tasks recorded from the first byte of the
 * document, and the demo page with or without the widget's script tag.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

/** A long task as the page's `PerformanceObserver` saw it (milliseconds, page clock). */
export interface LongTask {
  startTime: number;
  duration: number;
}

/** A page opened by {@link openBenchPage}. */
export interface BenchPage {
  page: Page;
  session: CDPSession;
  /** Closes the page's context. */
  close(): Promise<void>;
}

/** Options of {@link openBenchPage}. */
export interface BenchPageOptions {
  /** CPU slowdown factor (`Emulation.setCPUThrottlingRate`), e.g. 4 for a slow phone. */
  cpuSlowdown: number;
  /** Serve the demo pages without the widget's `<script>` (the host page alone). Default false. */
  withoutWidget?: boolean;
  /** `src` of the widget's script tag in the demo pages. Default `/docent.js`. */
  widgetScript?: string;
}

declare global {
  interface Window {
    /** Long tasks recorded by the bench's init script. */
    benchLongTasks?: LongTask[];
    /** When the page's `load` event fired (page clock, ms). */
    benchLoadTime?: number;
  }
}

// Runs before any script of the page: long tasks are collected from the very start.
const recordLongTasks = () => {
  const recorded: LongTask[] = [];
  window.benchLongTasks = recorded;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) recorded.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('load', () => (window.benchLoadTime = performance.now()), { once: true });
};

/**
 * Opens a page in a new context with the CPU throttled and long tasks recorded. Every demo page
 * (`/docs/…`) goes through the same interception, with or without the widget, so both variants
 * pay the same for it; without the widget, its script tag is cut out of the HTML.
 */
export async function openBenchPage(browser: Browser, options: BenchPageOptions): Promise<BenchPage> {
  const context: BrowserContext = await browser.newContext();
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
  await page.addInitScript(recordLongTasks);
  const scriptSource = options.widgetScript ?? '/docent.js';
  const scriptTag = new RegExp(`<script\\b[^>]*\\bsrc="${scriptSource.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"[^>]*></script>`);
  await page.route(
    (url) => url.pathname.startsWith('/docs/'),
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      if (!scriptTag.test(html)) throw new Error(`the demo page ${route.request().url()} has no <script src="${scriptSource}"> to measure`);
      await route.fulfill({ response, body: options.withoutWidget ? html.replace(scriptTag, '') : html });
    },
  );
  return { page, session, close: () => context.close() };
}

/** The long tasks the page has recorded that started at or after `since` (page clock, ms). */
export async function longTasksSince(page: Page, since = 0): Promise<LongTask[]> {
  const tasks = await page.evaluate(() => window.benchLongTasks ?? []);
  return tasks.filter((task) => task.startTime >= since);
}

/**
 * The long tasks from the start of the document to `settleMilliseconds` after its `load` event.
 * Call it only after that time: reading them runs the bench's own script in the page.
 */
export async function loadLongTasks(page: Page, settleMilliseconds: number): Promise<LongTask[]> {
  const { tasks, loadTime } = await page.evaluate(() => ({ tasks: window.benchLongTasks ?? [], loadTime: window.benchLoadTime }));
  if (loadTime === undefined) throw new Error('the page has not fired its load event');
  return tasks.filter((task) => task.startTime < loadTime + settleMilliseconds);
}

/** Total blocking time of these tasks: the part of each beyond 50 ms, summed. */
export function blockingTime(tasks: readonly LongTask[]): number {
  return tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
}

/** Waits until the widget's launcher has rendered in its shadow root. */
export async function waitForLauncher(page: Page, timeoutMilliseconds: number): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-docent]')?.shadowRoot?.querySelector('button') != null, undefined, {
    timeout: timeoutMilliseconds,
  });
}

/** Main-thread time counters of the page (CDP `Performance.getMetrics`), in milliseconds. */
export interface MainThreadTime {
  script: number;
  task: number;
  layout: number;
  style: number;
}

/** Reads the page's cumulative main-thread counters; call `Performance.enable` first. */
export async function mainThreadTime(session: CDPSession): Promise<MainThreadTime> {
  const { metrics } = await session.send('Performance.getMetrics');
  const value = (name: string) => 1_000 * (metrics.find((metric) => metric.name === name)?.value ?? 0);
  return { script: value('ScriptDuration'), task: value('TaskDuration'), layout: value('LayoutDuration'), style: value('RecalcStyleDuration') };
}
