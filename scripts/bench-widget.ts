/**
 * `npm run bench:widget`: what the script-tag widget costs the pages that embed it, measured in
 * Chromium with the CPU throttled (4× by default, Chromium's "slow phone") against the real
 * reference server and the demo site, with the widget built from the current source:
 *
 * 1. Host page load: a demo page loaded N times with and N times without the widget's script
 *    tag (cut out of the HTML), each in a fresh context. Long tasks (PerformanceObserver) give the
 *    longest task and the total blocking time of each variant; a trace of each load tells which
 *    main-thread tasks ran the widget's code (its evaluation, its start, its idle work). Budget
 *    (DESIGN.md): no task of the widget's reaches 50 ms. Since other processes stretch wall
 *    times, N unthrottled loads more give the CPU time of those tasks, times the slowdown: what
 *    they would take throttled on an idle machine.
 * 2. First open: from the first pointer event on the launcher to the textbox having focus, the
 *    longest task meanwhile and in the second after; once after the load has settled (the
 *    widget's idle work done) and once as soon as the launcher shows.
 * 3. Streaming: answers of increasing length from a scripted model (Markdown with headings,
 *    lists and code blocks, in chunks of ~20 characters every 8 ms); main-thread time per chunk
 *    (CDP `Performance.getMetrics`) must not grow with the answer's length.
 *
 * Options (environment): BENCH_LOADS (default 5), BENCH_CPU_SLOWDOWN (default 4),
 * BENCH_ANSWER_LENGTHS (default 1000,4000,16000), BENCH_PAGE (default /docs/getting-started),
 * BENCH_WIDGET (a built docent.js to measure instead of building one), CHROMIUM_PATH
 * (else the browser `scripts/browser/find-chromium.ts` finds). Stops by itself after BENCH_TIME_LIMIT seconds (default 180).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startTestServer } from '../e2e/fixtures/server';
import playwrightConfig from '../playwright.config';
import { measureFirstOpen } from './bench-widget-first-open';
import { createLongAnswerModel, longAnswerChunks, longAnswerQuestion } from './bench-widget-model';
import { loadLongTasks, longTasksSince, mainThreadTime, openBenchPage, waitForLauncher } from './bench-widget-page';
import { printWidgetReport, type FirstOpenSample, type LoadSample, type StreamingSample } from './bench-widget-report';
import { readWidgetTrace, widgetTraceCategories } from './bench-widget-trace';
import { requireChromium } from './browser/find-chromium';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));
const loads = numberSetting('BENCH_LOADS', 5);
const cpuSlowdown = numberSetting('BENCH_CPU_SLOWDOWN', 4);
const answerLengths = (process.env.BENCH_ANSWER_LENGTHS ?? '1000,4000,16000').split(',').map(Number).filter((length) => length > 0);
const pagePath = process.env.BENCH_PAGE ?? '/docs/getting-started';
const timeLimitSeconds = numberSetting('BENCH_TIME_LIMIT', 180);
const budgetMilliseconds = 50;
// After `load`, long enough for the widget's idle work (code-block scan, selection tracking).
const settleMilliseconds = 1_500;
const stepTimeout = 30_000;
const launcherName = 'Ask AI';

// Bounded whatever happens (a page that never finishes, a hung browser): report and stop.
const deadline = setTimeout(() => {
  console.error(`bench:widget: still running after ${timeLimitSeconds} s; stopping (BENCH_TIME_LIMIT raises the limit)`);
  process.exit(1);
}, timeLimitSeconds * 1_000);
deadline.unref();

const folder = await mkdtemp(path.join(tmpdir(), 'docent-bench-widget-'));
const launchOptions = playwrightConfig.use?.launchOptions ?? {};
let browser: Browser | undefined;
try {
  const widgetScript = await buildWidget(folder);
  const server = await startTestServer({
    model: createLongAnswerModel(),
    limits: { perKeyPerMonth: 1_000_000, perOrganizationPerHour: 1_000_000, perIpPerDay: 1_000_000 },
    widgetScript,
  });
  try {
    browser = await chromium.launch({ ...launchOptions, executablePath: requireChromium() });
    const pageUrl = `${server.url}${pagePath}`;
    const without: LoadSample[] = [];
    const withWidget: LoadSample[] = [];
    const unthrottled: LoadSample[] = [];
    const firstOpens: FirstOpenSample[] = [];
    const earlyOpens: FirstOpenSample[] = [];
    for (let run = 0; run < loads; run++) {
      console.error(`load ${run + 1}/${loads}`);
      without.push((await measureLoad(browser, pageUrl, { withoutWidget: true, slowdown: cpuSlowdown })).sample);
      const measured = await measureLoad(browser, pageUrl, { withoutWidget: false, slowdown: cpuSlowdown, firstOpen: true });
      withWidget.push(measured.sample);
      if (measured.firstOpen) firstOpens.push(measured.firstOpen);
      unthrottled.push((await measureLoad(browser, pageUrl, { withoutWidget: false, slowdown: 1 })).sample);
      earlyOpens.push(await measureEarlyFirstOpen(browser, pageUrl));
    }
    const streaming: StreamingSample[] = [];
    for (const characters of answerLengths) {
      console.error(`streaming ${characters} characters`);
      streaming.push(await measureStreaming(browser, pageUrl, characters));
    }
    printWidgetReport({
      browserVersion: browser.version(),
      cpuSlowdown,
      pagePath,
      budgetMilliseconds,
      settleMilliseconds,
      loads: { without, withWidget, unthrottled },
      firstOpens,
      earlyOpens,
      streaming,
    });
  } finally {
    await browser?.close();
    await server.close();
  }
} finally {
  await rm(folder, { recursive: true, force: true });
  clearTimeout(deadline);
}

/** Builds the script-tag bundle from the current source into `outputFolder` (or takes BENCH_WIDGET). */
async function buildWidget(outputFolder: string): Promise<string> {
  if (process.env.BENCH_WIDGET) return path.resolve(process.env.BENCH_WIDGET);
  // A build of its own, so `dist/` (which other commands rebuild and empty) is never read half-written.
  const { build } = await import('vite');
  await build({ root: projectRoot, configFile: path.join(projectRoot, 'vite.config.ts'), logLevel: 'warn', build: { outDir: outputFolder, emptyOutDir: true } });
  return path.join(outputFolder, 'docent.js');
}

interface LoadSettings {
  /** Cut the widget's script tag out of the page. */
  withoutWidget: boolean;
  /** CPU slowdown of this load. */
  slowdown: number;
  /** Measure the first open after the load. Default false. */
  firstOpen?: boolean;
}

/** One cold load, traced; then, if asked, the widget's first open. */
async function measureLoad(browser: Browser, pageUrl: string, settings: LoadSettings): Promise<{ sample: LoadSample; firstOpen?: FirstOpenSample }> {
  const { withoutWidget } = settings;
  const bench = await openBenchPage(browser, { cpuSlowdown: settings.slowdown, withoutWidget });
  try {
    await browser.startTracing(bench.page, { categories: widgetTraceCategories });
    let traceJson: string;
    try {
      // Nothing of the bench's runs in the page meanwhile: Playwright's own scripts (selectors,
      // waitForFunction) would be long tasks of their own.
      await bench.page.goto(pageUrl, { waitUntil: 'load', timeout: stepTimeout });
      await bench.page.waitForTimeout(settleMilliseconds);
    } finally {
      traceJson = (await browser.stopTracing()).toString('utf8');
    }
    const sample = { longTasks: await loadLongTasks(bench.page, settleMilliseconds), trace: readWidgetTrace(traceJson, pageUrl, '/docent.js') };
    if (withoutWidget) return { sample };
    if (sample.trace.evaluation === 0) throw new Error(`the widget's script did not run within ${settleMilliseconds} ms of the load event`);
    if (settings.firstOpen !== true) return { sample };
    await waitForLauncher(bench.page, stepTimeout);
    return { sample, firstOpen: await measureFirstOpen(bench.page, stepTimeout) };
  } finally {
    await bench.close();
  }
}

/**
 * A first open as early as a reader could: the launcher clicked as soon as it shows after the
 * `load` event, before the widget's idle work (loading the conversation's code) has run.
 */
async function measureEarlyFirstOpen(browser: Browser, pageUrl: string): Promise<FirstOpenSample> {
  const bench = await openBenchPage(browser, { cpuSlowdown });
  try {
    await bench.page.goto(pageUrl, { waitUntil: 'load', timeout: stepTimeout });
    await waitForLauncher(bench.page, stepTimeout);
    return await measureFirstOpen(bench.page, stepTimeout);
  } finally {
    await bench.close();
  }
}

/** Asks a question through `Docent.ask` and resolves when its answer has finished (page clock). */
function askAndWait(page: Page, text: string): Promise<number> {
  return page.evaluate(
    ({ text, timeout }) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer finished within ${timeout} ms`)), timeout);
        window.addEventListener('docent:error', (event) => reject(new Error(`the widget reported an error: ${JSON.stringify((event as CustomEvent).detail)}`)), { once: true });
        window.addEventListener('docent:finish', () => {
          clearTimeout(timer);
          resolve(performance.now());
        }, { once: true });
        window.Docent?.ask?.(text);
      }),
    { text, timeout: stepTimeout },
  );
}

/**
 * One answer of `characters` characters in an open panel, after a 1,000-character warm-up
 * answer (so the first render's one-off work is not counted): main-thread time per chunk.
 */
async function measureStreaming(browser: Browser, pageUrl: string, characters: number): Promise<StreamingSample> {
  const bench = await openBenchPage(browser, { cpuSlowdown });
  try {
    const { page, session } = bench;
    await page.goto(pageUrl, { waitUntil: 'load', timeout: stepTimeout });
    await waitForLauncher(page, stepTimeout);
    await page.getByRole('button', { name: launcherName, exact: true }).click({ timeout: stepTimeout });
    await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: stepTimeout });
    await session.send('Performance.enable');
    await askAndWait(page, longAnswerQuestion(1_000));
    await page.waitForTimeout(300);
    const before = await mainThreadTime(session);
    const startedAt = await page.evaluate(() => performance.now());
    const finishedAt = await askAndWait(page, longAnswerQuestion(characters));
    // The render after the last chunk, and saving the conversation, belong to the answer too.
    await page.waitForTimeout(300);
    const after = await mainThreadTime(session);
    const shown = await page.evaluate(() => {
      const answers = document.querySelector('[data-docent]')?.shadowRoot?.querySelectorAll('.docent-markdown');
      return answers?.[answers.length - 1]?.textContent?.length ?? 0;
    });
    // Markdown syntax (fences, `##`, list markers) is not shown: most of the text is.
    if (shown < characters * 0.8) throw new Error(`the ${characters}-character answer showed only ${shown} characters`);
    const chunks = longAnswerChunks(characters).length;
    const longTasks = await longTasksSince(page, startedAt);
    return {
      characters,
      chunks,
      seconds: (finishedAt - startedAt) / 1_000,
      scriptPerChunk: (after.script - before.script) / chunks,
      taskPerChunk: (after.task - before.task) / chunks,
      renderPerChunk: (after.layout - before.layout + after.style - before.style) / chunks,
      longestTask: Math.max(0, ...longTasks.map((task) => task.duration)),
      script: after.script - before.script,
      task: after.task - before.task,
    };
  } finally {
    await bench.close();
  }
}

function numberSetting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
