import type { AssistantErrorKind } from './assistant-error.js';
import type { ContextItem } from './context-item.js';

/** The widget's public events and their payloads (`Docent.on(name, handler)`, `docent:<name>` on window). */
export interface DocentEventMap {
  /** The panel opened. */
  open: Record<string, never>;
  /** The panel closed. */
  close: Record<string, never>;
  /** The reader sent a question, with the context items attached to it. */
  submit: { text: string; context: ContextItem[] };
  /** An answer finished; `threadId` is the thread it belongs to (null if the service sent none). */
  finish: { threadId: string | null; messageId: string };
  /** A question failed; `kind` as in {@link AssistantErrorKind}. */
  error: { kind: AssistantErrorKind; message: string };
  /** The reader rated an answer. */
  feedback: { messageId: string; threadId: string | null; value: 'up' | 'down' };
  /** The reader followed a source link under an answer. */
  'source-click': { url: string; title: string; messageId: string };
}

/** A name of {@link DocentEventMap}. */
export type DocentEventName = keyof DocentEventMap;

/** A handler for event `Name`. */
export type DocentEventHandler<Name extends DocentEventName> = (payload: DocentEventMap[Name]) => void;

/** A small typed event emitter. */
export interface Emitter<EventMap> {
  /** Adds a handler; returns a function that removes it. */
  on<Name extends keyof EventMap>(name: Name, handler: (payload: EventMap[Name]) => void): () => void;
  /** Removes a handler added with `on`. */
  off<Name extends keyof EventMap>(name: Name, handler: (payload: EventMap[Name]) => void): void;
  /** Calls the handlers of `name` in the order they were added, then dispatches the window event. */
  emit<Name extends keyof EventMap>(name: Name, payload: EventMap[Name]): void;
  /** Removes every handler. */
  clear(): void;
}

/** Where and how emitted events are mirrored as DOM `CustomEvent`s. */
export interface EmitterOptions {
  /** Target of the mirrored events. Default: `window` when there is one; `null` disables mirroring. */
  target?: EventTarget | null;
  /** Prefix of the mirrored event names. Default `"docent:"` (so `finish` becomes `docent:finish`). */
  prefix?: string;
}

/**
 * Creates a typed emitter. Every `emit` also dispatches a `CustomEvent` named
 * `docent:<event>` (detail = payload) on `window`, so pages can listen without a reference
 * to the widget. A throwing handler is reported and does not stop the others.
 * @example
 * const events = createEmitter<DocentEventMap>();
 * const stop = events.on('finish', ({ threadId }) => console.log(threadId));
 */
export function createEmitter<EventMap>(options: EmitterOptions = {}): Emitter<EventMap> {
  const handlers = new Map<keyof EventMap, Set<(payload: never) => void>>();
  const prefix = options.prefix ?? 'docent:';
  const target = options.target !== undefined ? options.target : typeof window === 'undefined' ? null : window;

  const emitter: Emitter<EventMap> = {
    on(name, handler) {
      let set = handlers.get(name);
      if (set === undefined) {
        set = new Set();
        handlers.set(name, set);
      }
      set.add(handler as (payload: never) => void);
      return () => emitter.off(name, handler);
    },
    off(name, handler) {
      handlers.get(name)?.delete(handler as (payload: never) => void);
    },
    emit(name, payload) {
      for (const handler of [...(handlers.get(name) ?? [])]) {
        try {
          (handler as (payload: EventMap[typeof name]) => void)(payload);
        } catch (error) {
          // A host's broken listener must not break the widget or the other listeners.
          console.error(`[docent] a "${String(name)}" event handler threw:`, error);
        }
      }
      if (target !== null && typeof CustomEvent === 'function') {
        target.dispatchEvent(new CustomEvent(`${prefix}${String(name)}`, { detail: payload }));
      }
    },
    clear() {
      handlers.clear();
    },
  };
  return emitter;
}
