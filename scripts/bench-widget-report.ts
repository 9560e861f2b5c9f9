/**
 * The report of `npm run bench:widget`: tables of the measurements, with the budgets of
 * DESIGN.md next to them.
 */
import { availableParallelism, loadavg } from 'node:os';
import { blockingTime, type LongTask } from './bench-widget-page';
import type { WidgetTrace } from './bench-widget-trace';

/** One cold load of a demo page. */
export interface LoadSample {
  /** Long tasks from the start of the document to the end of the settle time after `load`. */
  longTasks: LongTask[];
  trace: WidgetTrace;
}

/** The loads of a run. */
export interface LoadSamples {
  /** Throttled loads without the widget's script tag. */
  without: LoadSample[];
  /** Throttled loads with the widget. */
  withWidget: LoadSample[];
  /** Loads with the widget and without throttling, for the CPU-time estimate. */
  unthrottled: LoadSample[];
}

/** One first open of the panel. */
export interface FirstOpenSample {
  /** From the first pointer event on the launcher to the textbox's focus. */
  milliseconds: number;
  /** The longest task meanwhile; 0 when none reached 50 ms. */
  longestTask: number;
  /** The longest task from the pointer to a second after the focus; 0 when none reached 50 ms. */
  longestTaskAfter: number;
}

/** One streamed answer. */
export interface StreamingSample {
  characters: number;
  chunks: number;
  /** From asking to the `finish` event. */
  seconds: number;
  /** Main-thread counters (CDP `Performance.getMetrics`) over the answer, per chunk, in ms. */
  scriptPerChunk: number;
  taskPerChunk: number;
  /** Style recalculation and layout per chunk, in ms. */
  renderPerChunk: number;
  /** The longest task while it streamed; 0 when none reached 50 ms. */
  longestTask: number;
  /** Totals over the answer, in ms. */
  script: number;
  task: number;
}

/** Everything {@link printWidgetReport} prints. */
export interface WidgetReport {
  browserVersion: string;
  cpuSlowdown: number;
  pagePath: string;
  budgetMilliseconds: number;
  settleMilliseconds: number;
  loads: LoadSamples;
  firstOpens: FirstOpenSample[];
  /** First opens as soon as the launcher shows after the `load` event. */
  earlyOpens: FirstOpenSample[];
  streaming: StreamingSample[];
}

/** Prints the three tables (host page load, first open, streaming) to stdout. */
export function printWidgetReport(report: WidgetReport): void {
  const { cpuSlowdown, budgetMilliseconds, firstOpens, streaming } = report;
  const { without, withWidget, unthrottled } = report.loads;
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  console.log(`\nDocent widget benchmark: Chromium ${report.browserVersion}, CPU throttled ${cpuSlowdown}×, ${availableParallelism()} CPUs, load average ${load} at the end`);
  console.log(`Medians of ${withWidget.length} cold loads of ${report.pagePath} each (max in brackets where the budget is about the worst case)\n`);

  const longest = (sample: LoadSample) => Math.max(0, ...sample.longTasks.map((task) => task.duration));
  const blocking = (sample: LoadSample) => blockingTime(sample.longTasks);
  const mainThread = (sample: LoadSample) => sum(sample.trace.allTasks);
  const widgetLongest = (sample: LoadSample) => Math.max(0, ...sample.trace.tasks.map((task) => task.duration));
  const widgetTotal = (sample: LoadSample) => sum(sample.trace.tasks.map((task) => task.duration));
  // A busy machine stretches every task's wall time; the CPU time of an unthrottled load, times
  // the slowdown, is what the throttled task would take on an idle machine.
  const idleEstimate = (sample: LoadSample) => cpuSlowdown * Math.max(0, ...sample.trace.tasks.map((task) => task.cpuDuration));
  const estimateOver = unthrottled.filter((sample) => idleEstimate(sample) >= budgetMilliseconds).length;
  const overBudget = withWidget.filter((sample) => widgetLongest(sample) >= budgetMilliseconds).length;
  const typical = [...withWidget].sort((left, right) => widgetLongest(left) - widgetLongest(right))[Math.floor(withWidget.length / 2)];
  printTable(
    ['host page load', 'without widget', 'with widget', 'note'],
    [
      ['longest task (PerformanceObserver)', formatLongTask(median(without.map(longest))), formatLongTask(median(withWidget.map(longest))), 'the host page\'s own tasks are in both'],
      [`total blocking time (load + ${report.settleMilliseconds / 1_000} s)`, formatMilliseconds(median(without.map(blocking))), formatMilliseconds(median(withWidget.map(blocking))), 'sum of (task − 50 ms)'],
      ['main-thread busy time (trace)', formatMilliseconds(median(without.map(mainThread))), formatMilliseconds(median(withWidget.map(mainThread))), `difference ${formatMilliseconds(median(withWidget.map(mainThread)) - median(without.map(mainThread)))}`],
      ['widget: script evaluation', '—', formatMilliseconds(median(withWidget.map((sample) => sample.trace.evaluation))), `+ ${formatMilliseconds(median(withWidget.map((sample) => sample.trace.backgroundParse)))} parsing off the main thread`],
      ['widget: its longest task', '—', `${formatMilliseconds(median(withWidget.map(widgetLongest)))} [${formatMilliseconds(Math.max(...withWidget.map(widgetLongest)))}]`, `budget < ${budgetMilliseconds} ms: ${overBudget === 0 ? 'met' : `EXCEEDED in ${overBudget} of ${withWidget.length} loads`}`],
      [
        `widget: its longest task, idle-machine estimate`,
        '—',
        `${formatMilliseconds(median(unthrottled.map(idleEstimate)))} [${formatMilliseconds(Math.max(...unthrottled.map(idleEstimate)))}]`,
        `CPU time unthrottled × ${cpuSlowdown}; ${estimateOver === 0 ? 'within the budget' : `OVER in ${estimateOver} of ${unthrottled.length} loads`}`,
      ],
      ['widget: all its tasks at load', '—', formatMilliseconds(median(withWidget.map(widgetTotal))), 'tasks that ran its code, with the style, layout and paint in them'],
    ],
  );
  console.log(`\nthe widget's tasks in the median load, in order: ${typical?.trace.tasks.map((task) => `${task.kind} ${formatMilliseconds(task.duration)}`).join(', ') ?? '—'}`);
  console.log('');
  const firstOpenRows = (label: string, samples: readonly FirstOpenSample[]) => [
    [`${label}: pointer on the launcher → textbox focused`, formatMilliseconds(median(samples.map((sample) => sample.milliseconds))), formatMilliseconds(Math.max(...samples.map((sample) => sample.milliseconds))), 'target ≤ 150 ms'],
    [`${label}: longest task meanwhile`, formatLongTask(median(samples.map((sample) => sample.longestTask))), formatLongTask(Math.max(...samples.map((sample) => sample.longestTask))), `budget < ${budgetMilliseconds} ms`],
    [`${label}: longest task until 1 s after the focus`, formatLongTask(median(samples.map((sample) => sample.longestTaskAfter))), formatLongTask(Math.max(...samples.map((sample) => sample.longestTaskAfter))), 'the conversation\'s code, if not loaded yet'],
  ];
  printTable(
    [`first open (${cpuSlowdown}× CPU)`, 'median', 'max', 'note'],
    [...firstOpenRows('after the load settled', firstOpens), ...firstOpenRows('as soon as the launcher shows', report.earlyOpens)],
  );
  console.log('');
  const rows = streaming.map((sample, index) => {
    const previous = streaming[index - 1];
    const marginal = previous === undefined ? '—' : formatMilliseconds((sample.task - previous.task) / (sample.chunks - previous.chunks));
    return [
      `${sample.characters} characters`,
      String(sample.chunks),
      `${sample.seconds.toFixed(1)} s`,
      formatMilliseconds(sample.scriptPerChunk),
      formatMilliseconds(sample.taskPerChunk),
      marginal,
      formatMilliseconds(sample.renderPerChunk),
      formatLongTask(sample.longestTask),
    ];
  });
  printTable(['streaming answer', 'chunks', 'duration', 'script/chunk', 'main thread/chunk', 'marginal/chunk', 'style+layout/chunk', 'longest task'], rows);
  console.log(
    '\nscript = ScriptDuration (Chromium leaves out promise callbacks, where the stream is parsed); main thread = TaskDuration\n' +
      '(everything: script, promise callbacks, style, layout, paint); marginal = extra main-thread time per extra chunk from the row above',
  );
  // The average per chunk carries the answer's fixed costs (request, first and last render);
  // the marginal cost, the extra time per extra chunk from one length to the next, does not.
  // Work that grows with the text (re-rendering all of it per chunk) makes the marginal cost of
  // 4k→16k about 4× that of 1k→4k; 2× leaves room for a busy machine's noise.
  const marginals = streaming.slice(1).map((sample, index) => (sample.task - streaming[index]!.task) / (sample.chunks - streaming[index]!.chunks));
  if (marginals.length >= 2) {
    const growth = marginals.at(-1)! / marginals[0]!;
    console.log(`\nmain-thread cost per chunk ${growth <= 2 ? 'stays flat' : 'GROWS'} with the answer's length: marginal cost of the longest answers ${growth.toFixed(2)}× that of the shortest (aim ≤ 2×; growing with the length would give about 4×)`);
  }
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const format = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 || column === row.length - 1 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(format(row));
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A longest task, where 0 means that none reached the 50 ms of a long task. */
function formatLongTask(value: number): string {
  return value === 0 ? '< 50 ms' : formatMilliseconds(value);
}

function formatMilliseconds(value: number): string {
  return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}

