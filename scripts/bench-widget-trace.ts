/**
 * Reads a Chromium trace (`browser.startTracing` / `stopTracing`) of one page load for
 * `npm run bench:widget`: the renderer's main-thread tasks, and which of them ran the widget's
 * script (its evaluation, its timers, idle callbacks and event handlers), so the widget's own
 * cost is told apart from the host page's.
 */

/** The trace categories {@link readWidgetTrace} needs. */
export const widgetTraceCategories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'];

/** One main-thread task that ran the widget's code. */
export interface WidgetTask {
  /** The whole task, in milliseconds: also the style, layout and garbage collection it caused. */
  duration: number;
  /**
   * The CPU time the thread spent on the task, in milliseconds: unlike `duration`, not inflated
   * by waiting for a core that other processes hold.
   */
  cpuDuration: number;
  /** Of `duration`, the time inside the widget's script (evaluation and calls into it), in milliseconds. */
  scriptDuration: number;
  /** What ran it: `evaluate` (the script itself), `timer`, `animation frame`, `idle callback`, `event <type>`, `other` (e.g. a promise callback). */
  kind: string;
}

/** What a trace says about the widget at page load. */
export interface WidgetTrace {
  /** `EvaluateScript` of the widget's file (compiling and running its top level), in milliseconds; 0 without it. */
  evaluation: number;
  /** Parsing the file off the main thread while it downloaded (`v8.parseOnBackground`), in milliseconds. */
  backgroundParse: number;
  /** Every main-thread task that ran the widget's code, in order. */
  tasks: WidgetTask[];
  /** Every main-thread task's duration in milliseconds, widget or not. */
  allTasks: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** CPU time of an `X` event, in microseconds. */
  tdur?: number;
  args?: {
    name?: string;
    data?: { url?: string; type?: string };
    beginData?: { url?: string };
  };
}

const microsecondsPerMillisecond = 1_000;

// The trace event that runs a task's script, and how the report names such a task.
const taskKinds: Record<string, string> = {
  EvaluateScript: 'evaluate',
  TimerFire: 'timer',
  FireAnimationFrame: 'animation frame',
  FireIdleCallback: 'idle callback',
  EventDispatch: 'event',
};

/**
 * Finds the page's main thread (the renderer thread that parsed `pageUrl`) and the tasks on it
 * that ran code from a URL containing `scriptPath`.
 */
export function readWidgetTrace(traceJson: string, pageUrl: string, scriptPath: string): WidgetTrace {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mainThreads = new Set(
    events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map(threadKey),
  );
  // Other renderers (the blank page before navigating, a page closing) are in the trace too.
  const parser = events.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url === pageUrl && mainThreads.has(threadKey(event)));
  if (parser === undefined) throw new Error(`the trace shows no renderer parsing ${pageUrl}`);
  const mainThread = threadKey(parser);
  const onMain = events.filter((event) => threadKey(event) === mainThread);
  const tasks = outermost(onMain.filter((event) => event.name === 'RunTask' && event.ph === 'X'));
  const isWidget = (event: TraceEvent) => event.args?.data?.url?.includes(scriptPath) === true;
  const widgetCalls = outermost(onMain.filter((event) => event.ph === 'X' && (event.name === 'EvaluateScript' || event.name === 'FunctionCall') && isWidget(event)));
  const starters = onMain.filter((event) => event.ph === 'X' && Object.hasOwn(taskKinds, event.name));

  const widgetTasks: WidgetTask[] = [];
  for (const task of tasks) {
    const inside = widgetCalls.filter((call) => contains(task, call));
    if (inside.length === 0) continue;
    const starter = starters.find((event) => contains(task, event) && inside.some((call) => contains(event, call)));
    const kind = starter === undefined ? 'other' : `${taskKinds[starter.name]}${starter.name === 'EventDispatch' ? ` ${starter.args?.data?.type ?? ''}` : ''}`;
    widgetTasks.push({
      duration: (task.dur ?? 0) / microsecondsPerMillisecond,
      cpuDuration: (task.tdur ?? task.dur ?? 0) / microsecondsPerMillisecond,
      scriptDuration: inside.reduce((sum, call) => sum + (call.dur ?? 0), 0) / microsecondsPerMillisecond,
      kind,
    });
  }
  const evaluation = widgetCalls.find((call) => call.name === 'EvaluateScript');
  const backgroundParse = events.filter((event) => event.name === 'v8.parseOnBackground' && event.ph === 'X' && isWidget(event));
  return {
    evaluation: (evaluation?.dur ?? 0) / microsecondsPerMillisecond,
    backgroundParse: backgroundParse.reduce((sum, event) => sum + (event.dur ?? 0), 0) / microsecondsPerMillisecond,
    tasks: widgetTasks,
    allTasks: tasks.map((task) => (task.dur ?? 0) / microsecondsPerMillisecond),
  };
}

function threadKey(event: TraceEvent): string {
  return `${event.pid}:${event.tid}`;
}

function end(event: TraceEvent): number {
  return event.ts + (event.dur ?? 0);
}

function contains(outer: TraceEvent, inner: TraceEvent): boolean {
  return inner.ts >= outer.ts && end(inner) <= end(outer);
}

/** The events not nested inside another of the list (nested run loops, calls within calls). */
function outermost(list: TraceEvent[]): TraceEvent[] {
  const sorted = [...list].sort((left, right) => left.ts - right.ts || (right.dur ?? 0) - (left.dur ?? 0));
  const result: TraceEvent[] = [];
  for (const event of sorted) {
    const previous = result[result.length - 1];
    if (previous === undefined || !contains(previous, event)) result.push(event);
  }
  return result;
}
