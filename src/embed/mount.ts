import { h, render } from 'preact';
import type { ContextItem } from '../core/context-item.js';
import type { DocentEventHandler, DocentEventName } from '../core/events.js';
import { mergeOptions, resolveOptions, type DocentOptions, type OptionsSource, type ResolvedOptions } from '../core/options.js';
import { createWidgetStore, type StoreEnvironment, type WidgetStore } from '../core/store.js';
import { Assistant } from '../ui/Assistant.js';
import { assistantStyles } from '../ui/styles.js';
import { connectToPage } from './page-integrations.js';
import { applyShadowStyles } from './shadow-styles.js';

/** A running widget: the API of `window.Docent`, `mount()` and `<docent-chat>`. */
export interface DocentInstance {
  /** Opens the panel. */
  open(): void;
  /** Closes the panel. */
  close(): void;
  /** Opens a closed panel, closes an open one. */
  toggle(): void;
  /**
   * Asks a question as if the reader typed it, with optional context items; opens the panel
   * unless `open` is false.
   * @example Docent.ask('How do I configure this?', { context: [{ type: 'code', value: 'npm i docent' }] })
   */
  ask(text: string, options?: { context?: ContextItem[]; open?: boolean }): void;
  /** Attaches a context item (`code` or `textSelection`) to the next question. */
  addContext(item: ContextItem): void;
  /** Changes options while running (labels are merged); invalid values are warned about and ignored. */
  update(options: Partial<DocentOptions>): void;
  /** Starts a new conversation (clears the messages and the thread). */
  reset(): void;
  /** Removes the widget and everything it added to the page. */
  destroy(): void;
  /**
   * Listens to an event: `open`, `close`, `submit`, `finish`, `error`, `feedback`, `source-click`.
   * @returns a function that removes the handler.
   */
  on<Name extends DocentEventName>(name: Name, handler: DocentEventHandler<Name>): () => void;
  /** Removes a handler added with `on`. */
  off<Name extends DocentEventName>(name: Name, handler: DocentEventHandler<Name>): void;
}

/** How `mount()` reports option problems and where the widget gets its surroundings from. */
export interface MountSettings {
  /** Names options in messages as written in that source (`data-domain` for the script tag). Default `javascript`. */
  source?: OptionsSource;
  /** Storage, location, window and fetch for the store (tests, embedding in unusual pages). */
  environment?: StoreEnvironment;
  /**
   * Runs each start-up step after the first: rendering the launcher, then connecting to the
   * page (shortcut, keystroke isolation, idle scans). Default: at once, so the widget is complete
   * when `mount()` returns. The script tag passes `(step) => setTimeout(step, 0)`, so that on a
   * slow device the host page sees a few short tasks instead of one long one.
   * @example mount(document.body, options, { scheduleStep: (step) => setTimeout(step, 0) })
   */
  scheduleStep?: (step: () => void) => void;
}

const runAtOnce = (step: () => void) => step();

/** Logs option warnings as one console warning and errors as one console error. */
function report(warnings: string[], errors: string[]): void {
  if (warnings.length > 0) console.warn(`[docent] ${warnings.join('\n[docent] ')}`);
  if (errors.length > 0) console.error(`[docent] the assistant was not started:\n[docent] ${errors.join('\n[docent] ')}`);
}

const isShadowRoot = (target: Element | ShadowRoot): target is ShadowRoot => 'host' in target && 'mode' in target;

interface Running {
  store: WidgetStore;
  teardown(): void;
}

// Three steps: the host, store and styles; then the first render; then the page integrations.
// Each of the last two runs through `scheduleStep`, and is skipped once the widget is torn down.
function start(
  target: Element | ShadowRoot,
  options: ResolvedOptions,
  environment: StoreEnvironment | undefined,
  scheduleStep: (step: () => void) => void,
): Running {
  const document = target.ownerDocument;
  let root: ShadowRoot;
  let createdHost: HTMLElement | undefined;
  if (isShadowRoot(target)) {
    root = target;
  } else {
    createdHost = document.createElement('div');
    createdHost.setAttribute('data-docent', '');
    (target as Element).append(createdHost);
    root = createdHost.attachShadow({ mode: 'open' });
  }
  const store = createWidgetStore(options, {
    ...(document.defaultView === null ? {} : { window: document.defaultView }),
    ...environment,
  });
  const removeStyles = applyShadowStyles(root, assistantStyles, options.styleNonce);
  const container = document.createElement('div');
  container.setAttribute('data-docent-root', '');
  root.append(container);
  let stopped = false;
  let rendered = false;
  let disconnect: (() => void) | undefined;
  scheduleStep(() => {
    if (stopped) return;
    render(h(Assistant, { store, pageIntegrations: false }), container);
    rendered = true;
    scheduleStep(() => {
      if (!stopped) disconnect = connectToPage(store, root.host);
    });
  });
  return {
    store,
    teardown() {
      stopped = true;
      disconnect?.();
      if (rendered) render(null, container);
      container.remove();
      removeStyles();
      createdHost?.remove();
      store.dispose();
    },
  };
}

/**
 * Starts a widget. With an element, the widget gets its own host element (with an open shadow
 * root) appended to it; with a shadow root, it renders into that root. Options are checked:
 * unknown options and bad values produce one console warning; a missing `domain`/`apiKey` or an
 * admin key produces one console error and the widget waits (a later `update()` with valid
 * options starts it). Never throws for bad options.
 * @example
 * import { mount } from 'docent';
 * const docent = mount(document.body, { domain: 'acme', apiKey: 'svc_dsc_…' });
 * docent.on('finish', ({ threadId }) => console.log(threadId));
 */
export function mount(target: Element | ShadowRoot, options: Partial<DocentOptions>, settings: MountSettings = {}): DocentInstance {
  return mountWithUntypedOptions(target, options, settings);
}

/**
 * {@link mount} for options whose names and values are not known to TypeScript: `data-*`
 * attributes of the script tag, attributes of `<docent-chat>`, objects from plain JavaScript.
 * They are checked at run time the same way (warnings for unknown options and bad values).
 */
export function mountWithUntypedOptions(
  target: Element | ShadowRoot,
  options: Readonly<Record<string, unknown>>,
  settings: MountSettings = {},
): DocentInstance {
  const pageHref = target.ownerDocument.defaultView?.location.href;
  let rawOptions: Record<string, unknown> = { ...options };
  const initial = resolveOptions(rawOptions, { source: settings.source ?? 'javascript', ...(pageHref ? { pageHref } : {}) });
  report(initial.warnings, initial.errors);
  const scheduleStep = settings.scheduleStep ?? runAtOnce;
  let running: Running | undefined = initial.options === null ? undefined : start(target, initial.options, settings.environment, scheduleStep);
  let destroyed = false;
  // Handlers added before the widget could start (bad options) are attached once it starts.
  const earlyHandlers: Array<[DocentEventName, (payload: never) => void]> = [];

  const whenRunning = (action: (store: WidgetStore) => void) => {
    if (running !== undefined && !destroyed) action(running.store);
  };

  const instance: DocentInstance = {
    open: () => whenRunning((store) => store.open()),
    close: () => whenRunning((store) => store.close()),
    toggle: () => whenRunning((store) => store.toggle()),
    ask: (text, askOptions) => whenRunning((store) => store.ask(text, askOptions)),
    addContext: (item) => whenRunning((store) => void store.addContext(item)),
    reset: () => whenRunning((store) => store.reset()),
    update(patch) {
      if (destroyed) return;
      const merged = mergeOptions(rawOptions, patch as Record<string, unknown>);
      const resolution = resolveOptions(merged, { source: 'javascript', ...(pageHref ? { pageHref } : {}) });
      report(resolution.warnings, resolution.errors);
      if (resolution.options === null) return;
      rawOptions = merged;
      if (running !== undefined) {
        running.store.setOptions(resolution.options);
        return;
      }
      running = start(target, resolution.options, settings.environment, scheduleStep);
      for (const [name, handler] of earlyHandlers.splice(0)) running.store.events.on(name, handler as never);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      running?.teardown();
      running = undefined;
    },
    on(name, handler) {
      if (running === undefined) {
        earlyHandlers.push([name, handler as (payload: never) => void]);
        return () => instance.off(name, handler);
      }
      return running.store.events.on(name, handler);
    },
    off(name, handler) {
      const index = earlyHandlers.findIndex(([earlyName, early]) => earlyName === name && early === handler);
      if (index !== -1) earlyHandlers.splice(index, 1);
      running?.store.events.off(name, handler);
    },
  };
  return instance;
}
