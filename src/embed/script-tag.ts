// Must stay the first import: zod has to be jitless before the chat SDK builds its schemas.
import '../core/jitless.js';
import { optionsFromDataset } from '../core/options.js';
import { docentVersion } from '../core/version.js';
import { queueableMethods, replayQueue } from './command-queue.js';
import { mount, type DocentInstance } from './mount.js';

/**
 * The script-tag entry (`dist/docent.js`). Reads the options from the `data-*` attributes of
 * its own `<script>`, installs `window.Docent` at once, and starts the widget (a shadow root at
 * the end of `<body>`) in tasks of its own: the host, store and styles; the launcher's first
 * render; the page integrations. The host page so sees several short tasks instead of one long
 * one. Calls made before the widget started (on the README's stub or on `window.Docent`) are
 * replayed in order once the launcher is rendered.
 * Bad options produce one console message and no widget; nothing here throws into the page.
 */

type DocentGlobal = DocentInstance & { version: string };

declare global {
  interface Window {
    /** The widget's API (see the README); a `{ q: [] }` stub before the script has loaded. */
    Docent?: Partial<DocentGlobal> & { q?: unknown };
  }
}

const loadedMarker = Symbol.for('docent.instance');

/** The `<script>` that loaded this file. */
function findOwnScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  // Loaded in a way that leaves no currentScript (some loaders): the last tag that configures us.
  const candidates = document.querySelectorAll<HTMLScriptElement>('script[data-domain], script[src*="docent"]');
  return candidates[candidates.length - 1] ?? null;
}

/** Installs `window.Docent`; its calls wait in a queue until `start` gives them an instance. */
function install(): ((instance: DocentInstance) => void) | undefined {
  const existing = window.Docent as (Record<symbol, unknown> & { q?: unknown }) | undefined;
  if (existing !== undefined && existing[loadedMarker] === true) {
    console.warn('[docent] docent.js was loaded twice; the second copy does nothing');
    return undefined;
  }
  const queue: unknown[][] = Array.isArray(existing?.q) ? [...(existing.q as unknown[][])] : [];
  let instance: DocentInstance | undefined;
  const api: Record<string | symbol, unknown> = { version: docentVersion, [loadedMarker]: true };
  for (const name of queueableMethods) {
    api[name] = (...parameters: unknown[]) => {
      if (instance !== undefined) return (instance[name] as (...parameters: unknown[]) => unknown)(...parameters);
      queue.push([name, parameters]);
      // `on` returns its remover even before the widget has started.
      return name === 'on' ? () => (api.off as (...parameters: unknown[]) => void)(...parameters) : undefined;
    };
  }
  window.Docent = api as Window['Docent'];
  return (started) => {
    instance = started;
    replayQueue(queue.splice(0), started);
  };
}

try {
  const script = findOwnScript();
  const options = optionsFromDataset({ ...(script?.dataset ?? {}) });
  const ready = install();
  // Each start-up step in a task of its own: on a slow phone, one task for all of them would
  // be a long task for the host page (DESIGN.md: none of 50 ms or more at load).
  const nextTask = (step: () => void) => {
    setTimeout(() => {
      try {
        step();
      } catch (error) {
        console.error('[docent] the assistant failed to start:', error);
      }
    }, 0);
  };
  const start = () => {
    try {
      const instance = mount(document.body, options, { source: 'script', scheduleStep: nextTask });
      // Queued after the render step (timers of equal delay run in order), so replayed calls
      // such as open() meet a rendered launcher, as calls on a running widget do.
      nextTask(() => ready?.(instance));
    } catch (error) {
      console.error('[docent] the assistant failed to start:', error);
    }
  };
  // A plain <script> in <head> runs before <body> exists.
  if (ready === undefined) {
    // Loaded twice: nothing to start.
  } else if (document.body === null) document.addEventListener('DOMContentLoaded', start, { once: true });
  else setTimeout(start, 0);
} catch (error) {
  console.error('[docent] the assistant failed to start:', error);
}
