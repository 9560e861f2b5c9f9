/**
 * Keeps a run of promise callbacks from holding the main thread. Reading a stream whose data is
 * already buffered never leaves the microtask queue: on a slow device, a backlog of answer
 * chunks (a network burst, a busy moment) would be processed as one long task, during which the
 * page cannot paint or handle input. A slicer notices when the current task has run for longer
 * than its budget and then waits for a new task.
 */
export interface TaskSlicer {
  /**
   * `null` while the current task is within the budget (go on at once); otherwise a promise
   * that resolves in a new task of the event loop, where a new slice starts.
   */
  pause(): Promise<void> | null;
}

/** Options of {@link createTaskSlicer}. */
export interface TaskSlicerOptions {
  /** Milliseconds a task may run before the slicer yields. Default 10: well under a 50 ms long task. */
  budgetMilliseconds?: number;
  /** The clock in milliseconds. Default `performance.now`. */
  now?: () => number;
  /** Resolves in a new task of the event loop. Default: `scheduler.yield` or a `MessageChannel` message. */
  waitForNewTask?: () => Promise<void>;
}

/**
 * Creates a {@link TaskSlicer}.
 * @example
 * const slicer = createTaskSlicer();
 * for (;;) { await slicer.pause(); const { done } = await reader.read(); if (done) break; }
 */
export function createTaskSlicer(options: TaskSlicerOptions = {}): TaskSlicer {
  const budget = options.budgetMilliseconds ?? 10;
  const now = options.now ?? (() => performance.now());
  const waitForNewTask = options.waitForNewTask ?? nextTask;
  // When the current slice began, undefined between slices. A slice ends when the slicer
  // yields, or when the task it began in has ended: a message posted at its start is only
  // delivered after that task (with all its promise callbacks). Slices are numbered so that a
  // late message cannot end a newer slice.
  let sliceStart: number | undefined;
  let slice = 0;
  return {
    pause() {
      const time = now();
      if (sliceStart === undefined) {
        sliceStart = time;
        const current = ++slice;
        void waitForNewTask().then(() => {
          if (slice === current) sliceStart = undefined;
        });
        return null;
      }
      if (time - sliceStart < budget) return null;
      sliceStart = undefined;
      slice += 1;
      return waitForNewTask();
    },
  };
}

interface SchedulerWithYield {
  yield(): Promise<void>;
}

/**
 * Resolves in a new task: `scheduler.yield()` where there is one (it keeps the task's priority),
 * else a `MessageChannel` message. Not a timer: timers of background tabs are throttled to one
 * a second, which would stall an answer streaming in a tab the reader switched away from.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
