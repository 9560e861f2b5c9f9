/**
 * Loads the conversation's code (the chat SDK, Markdown, Prism and the message components) in
 * slices, one module group per task. Evaluated at once, that code takes about 200 ms on a slow
 * phone: one long task, during which the page cannot paint or handle input. Each slice here
 * evaluates one group, so no task comes near the 50 ms of a long task, and a module already
 * evaluated by an earlier slice costs nothing in a later one.
 *
 * Two ways in: {@link preloadConversation} when the page is idle after load (each slice in an
 * idle callback, so readers who never open the panel are not slowed down), and
 * {@link loadConversation} when the panel needs it now (each slice in the next task; one that a
 * preload has evaluated already costs nothing).
 */

/** The lazily loaded module: the conversation log with the chat SDK behind it. */
export type ConversationModule = typeof import('./ConversationLog.js');

/**
 * Runs a callback when the page is idle; returns a function that cancels it if it has not run.
 * `src/embed/idle.ts`'s `whenIdle` has this shape.
 */
export type IdleScheduler = (callback: () => void) => () => void;

// One module group per slice: Prism's core, its grammars, marked's lexer, the chat SDK (with
// the transport), then the components left. Each import evaluates its module's dependencies
// first, so any order is correct; this one is the order in which the bundle lays the modules
// out (as ConversationLog.tsx imports them), which keeps the script tag ~0.4 kB gzip smaller.
const slices: ReadonlyArray<() => Promise<unknown>> = [
  () => import('./prism.js'),
  () => import('./highlight.js'),
  () => import('./markdown-blocks.js'),
  () => import('./use-conversation.js'),
  () => import('./ConversationLog.js'),
];

let loading: Promise<ConversationModule> | undefined;
let markPreloadStarted: () => void = () => {};

/**
 * Resolves when the page has been idle after its load and the conversation's code starts
 * loading there ({@link preloadConversation}): the moment to prepare what the first open needs.
 */
export const preloadStarted = new Promise<void>((resolve) => (markPreloadStarted = resolve));

/**
 * Loads the conversation's code now: each slice in the next task. Resolves with the module
 * once every slice has run; the same promise for every caller.
 * @example const { ConversationLog } = await loadConversation();
 */
export function loadConversation(): Promise<ConversationModule> {
  // A preload under way goes on beside this: a slice that one has evaluated costs nothing here.
  return (loading ??= runSlices((callback) => setTimeout(callback, 0)));
}

/**
 * Loads the conversation's code while the page is idle, one slice per idle callback. A later
 * {@link loadConversation} does not wait for it. Failures are left to that call.
 */
export function preloadConversation(whenIdle: IdleScheduler): void {
  markPreloadStarted();
  if (loading !== undefined) return;
  runSlices(whenIdle).then(
    (module) => void (loading ??= Promise.resolve(module)),
    () => {},
  );
}

async function runSlices(nextTask: (callback: () => void) => unknown): Promise<ConversationModule> {
  let module: unknown;
  for (const slice of slices) {
    // Started from the task's own callback, the import's evaluation runs in that task (in its
    // microtasks): the slice's task, nothing more, and profilers see whose task it is.
    module = await new Promise((resolve, reject) => nextTask(() => slice().then(resolve, reject)));
  }
  return module as ConversationModule;
}
