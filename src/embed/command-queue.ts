import type { DocentInstance } from './mount.js';

/** The instance methods a page may call before the script has loaded. */
export const queueableMethods = [
  'open', 'close', 'toggle', 'ask', 'addContext', 'update', 'reset', 'destroy', 'on', 'off',
] as const satisfies ReadonlyArray<keyof DocentInstance>;

/**
 * What `window.Docent` holds before the script loads: the stub of the README records calls
 * as `[method, arguments]` in `q`.
 * @example
 * window.Docent = window.Docent || { q: [] };
 * 'open close toggle ask addContext update reset destroy on off'.split(' ').forEach(function (name) {
 *   Docent[name] = Docent[name] || function () { Docent.q.push([name, arguments]); };
 * });
 */
export interface DocentStub {
  q?: ArrayLike<unknown>[];
}

const isArguments = (value: unknown): boolean => Object.prototype.toString.call(value) === '[object Arguments]';

const isArrayLike = (value: unknown): value is ArrayLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { length?: unknown }).length === 'number';

/**
 * Replays the calls a stub recorded, in order. Entries are `[method, arguments]` (the object
 * stub) or `[method, ...arguments]` (a function stub's `arguments`); unknown methods are
 * reported and skipped.
 */
export function replayQueue(queue: unknown, instance: DocentInstance): void {
  if (!Array.isArray(queue)) return;
  for (const entry of queue) {
    if (!isArrayLike(entry) || typeof entry[0] !== 'string') continue;
    const name = entry[0];
    const rest = Array.from(entry).slice(1);
    // `[name, arguments]` from the object stub; `[name, ...arguments]` from a function stub.
    const recorded = rest.length === 1 && (Array.isArray(rest[0]) || isArguments(rest[0]));
    const args = recorded ? Array.from(rest[0] as ArrayLike<unknown>) : rest;
    if (!(queueableMethods as readonly string[]).includes(name)) {
      console.warn(`[docent] queued call to unknown method "${name}" ignored; methods: ${queueableMethods.join(', ')}`);
      continue;
    }
    try {
      (instance[name as (typeof queueableMethods)[number]] as (...parameters: unknown[]) => unknown)(...args);
    } catch (error) {
      console.error(`[docent] queued ${name}() failed:`, error);
    }
  }
}
