// Must stay the first import: zod has to be jitless before the chat SDK builds its schemas.
import '../core/jitless.js';
import { optionsFromDataset } from '../core/options.js';
import { docentVersion } from '../core/version.js';
import { replayQueue } from './command-queue.js';
import { mount, type DocentInstance } from './mount.js';

/**
 * The script-tag entry (`dist/docent.js`). Reads the options from the `data-*` attributes of
 * its own `<script>`, starts the widget in a shadow root at the end of `<body>`, installs
 * `window.Docent` and replays the calls the page queued on the stub before the script loaded.
 * Bad options produce one console message and no widget; nothing here throws into the page.
 */

type DocentGlobal = DocentInstance & { version: string; q?: unknown };

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

function start(script: HTMLScriptElement | null): void {
  const existing = window.Docent as (Record<symbol, unknown> & { q?: unknown }) | undefined;
  if (existing !== undefined && existing[loadedMarker] === true) {
    console.warn('[docent] docent.js was loaded twice; the second copy does nothing');
    return;
  }
  const instance = mount(document.body, optionsFromDataset({ ...(script?.dataset ?? {}) }), { source: 'script' });
  const api: DocentGlobal & { [loadedMarker]: true } = { ...instance, version: docentVersion, [loadedMarker]: true };
  window.Docent = api;
  replayQueue(existing?.q, instance);
}

try {
  const script = findOwnScript();
  const run = () => {
    try {
      start(script);
    } catch (error) {
      console.error('[docent] the assistant failed to start:', error);
    }
  };
  // A plain <script> in <head> runs before <body> exists.
  if (document.body === null) document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
} catch (error) {
  console.error('[docent] the assistant failed to start:', error);
}
