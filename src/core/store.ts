import { batch, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { createColorScheme, type ColorScheme } from './color-scheme.js';
import { normalizeContextItem, type ContextItem, type DocentUIMessage } from './context-item.js';
import { clearMessages, readMessages, writeMessages } from './conversation-storage.js';
import { createEmitter, type DocentEventMap, type Emitter } from './events.js';
import type { ResolvedOptions } from './options.js';
import { readPanelOpen, writePanelOpen } from './panel-state-storage.js';
import { createSafeStorage, defaultSessionStorage, storageKeyFor, type SafeStorage } from './safe-storage.js';
import { pagePath } from './page-path.js';
import { emptyThread, readThread, writeThread, type ThreadState } from './thread-storage.js';

/** Text selected in the host page, for the "Ask AI about this selection" affordance. */
export interface PageSelection {
  /** The selected text (capped like any context value when attached). */
  text: string;
  /** Where the selection is, in viewport coordinates (from `Range.getBoundingClientRect()`). */
  rect: { top: number; left: number; bottom: number; right: number; width: number; height: number };
  /** The `id` of the section the selection is in: its heading's (see `sectionId`). */
  elementId?: string;
}

/** A question asked from outside the input (`Docent.ask()`), waiting for the UI to send it. */
export interface PendingQuestion {
  text: string;
  context: ContextItem[];
}

/** What the store may use from its surroundings; each defaults to the page's own. */
export interface StoreEnvironment {
  /** Where the thread, the conversation and the draft are kept. Default: `sessionStorage`. */
  storage?: Storage;
  /** Gives `currentPath`. Default: `location`. */
  location?: Pick<Location, 'pathname' | 'origin'>;
  /** Gives `prefers-color-scheme` and the host's `<html>`. Default: `window`. */
  window?: Window;
  /** Used by the transport. Default: `globalThis.fetch`. */
  fetch?: typeof fetch;
}

/**
 * The state of one widget instance (never shared between two widgets on a page) and its
 * actions. Core is framework-free: the UI reads the signals through `@preact/signals`.
 */
export interface WidgetStore {
  /** The resolved options; replaced by {@link WidgetStore.setOptions} (`Docent.update()`). */
  readonly options: ReadonlySignal<ResolvedOptions>;
  /**
   * Whether the panel is open. Change it through `open()`/`close()`/`toggle()` so events fire.
   * Kept per tab: a new page of the site starts with the panel as the reader left it (or, the
   * first time, as the `open` option says).
   */
  readonly isOpen: ReadonlySignal<boolean>;
  /** The text in the input; persisted per tab so it survives reloads and errors. The UI writes it. */
  readonly draft: Signal<string>;
  /** Context items attached to the next question (chips above the input). */
  readonly context: ReadonlySignal<ContextItem[]>;
  /** The service thread of the conversation; set by the transport, persisted per tab. */
  readonly thread: ReadonlySignal<ThreadState>;
  /** `light` or `dark`, from the theme option, the host page and the system setting (live). */
  readonly colorScheme: ReadonlySignal<ColorScheme>;
  /** The host page's current text selection (outside the widget), or null. Set by the selection tracker. */
  readonly selection: Signal<PageSelection | null>;
  /**
   * A question from `ask()`. The UI sends it with
   * `sendMessage({ text, metadata: { context } })` and then sets this back to null.
   */
  readonly pendingQuestion: Signal<PendingQuestion | null>;
  /** Bumped by `reset()`: the UI then clears its chat (`setMessages([])`). */
  readonly conversationVersion: ReadonlySignal<number>;
  /** The widget's events; the transport (`transportFor(store)`) emits `submit`, `finish` and `error`, the UI `feedback` and `source-click`. */
  readonly events: Emitter<DocentEventMap>;
  /** A chat id for `useChat`, stable per base URL and domain. */
  readonly chatId: string;
  /** The prefix of this widget's storage keys: `docent:v1:<baseUrl>:<domain>`. */
  readonly storageKey: string;
  /** The `fetch` the transport uses. */
  readonly fetch: typeof fetch | undefined;
  /** Path of the page the reader is on, as the server compares pages (see `pagePath`), cut to 200 characters (`currentPath`). */
  currentPath(): string;
  /** The conversation stored for this tab, for `useChat({ messages })`. */
  loadMessages(): DocentUIMessage[];
  /** Stores the conversation for this tab (call when a response finished or the messages changed). */
  saveMessages(messages: readonly DocentUIMessage[]): void;
  /** Records the thread (from the transport) and persists it. */
  setThread(thread: ThreadState): void;
  /** Opens the panel (emits `open` when it was closed). */
  open(): void;
  /** Closes the panel (emits `close` when it was open). */
  close(): void;
  /** Opens a closed panel, closes an open one. */
  toggle(): void;
  /**
   * Attaches a context item to the next question; the value is capped at 8,000 characters
   * (`truncated` set). An identical item is not attached twice.
   * @returns false (with a console warning) when the item is not valid.
   */
  addContext(item: ContextItem): boolean;
  /** Removes the attached item at `index`. */
  removeContext(index: number): void;
  /**
   * Asks a question from code: moves the attached context plus `options.context` into
   * {@link WidgetStore.pendingQuestion} and opens the panel unless `open` is false.
   */
  ask(text: string, options?: { context?: ContextItem[]; open?: boolean }): void;
  /** Starts a new conversation: clears messages, thread, attached context and pending question. */
  reset(): void;
  /** Replaces the options (`Docent.update()`); a new base URL or domain loads that scope's thread. */
  setOptions(options: ResolvedOptions): void;
  /** Stops effects and observers and removes event handlers. */
  dispose(): void;
}

/**
 * Creates the state of one widget instance.
 * @param options resolved options (see `resolveOptions`).
 * @param environment storage, location, window and fetch to use instead of the page's.
 */
export function createWidgetStore(options: ResolvedOptions, environment: StoreEnvironment = {}): WidgetStore {
  const storage: SafeStorage = createSafeStorage(environment.storage ?? defaultSessionStorage());
  const pageLocation = environment.location ?? (typeof location === 'undefined' ? undefined : location);
  const optionsSignal = signal(options);
  let prefix = storageKeyFor(options.baseUrl, options.domain);

  const readDraft = () => {
    const stored = storage.read(`${prefix}:draft`);
    return typeof stored === 'string' ? stored : '';
  };

  // Read at creation, unlike the draft and the thread: on a multi-page site the panel the reader
  // left open on the previous page is open on this one (and one they closed stays closed, even
  // with the `open` option), so the launcher's first render already needs it.
  const isOpen = signal(readPanelOpen(storage, prefix) ?? options.open);
  const context = signal<ContextItem[]>([]);
  // The draft and the thread are read from storage on first use, not at page load: the
  // launcher needs neither, and the first storage access can take milliseconds.
  let draft: Signal<string> | undefined;
  let stopDraftPersistence: (() => void) | undefined;
  const getDraft = (): Signal<string> => {
    if (draft === undefined) {
      const created = signal(readDraft());
      draft = created;
      stopDraftPersistence = effect(() => {
        const text = created.value;
        if (text === '') storage.remove(`${prefix}:draft`);
        else storage.write(`${prefix}:draft`, text);
      });
    }
    return draft;
  };
  let thread: Signal<ThreadState> | undefined;
  const getThread = (): Signal<ThreadState> => (thread ??= signal(readThread(storage, prefix)));
  const selection = signal<PageSelection | null>(null);
  const pendingQuestion = signal<PendingQuestion | null>(null);
  const conversationVersion = signal(0);
  const events = createEmitter<DocentEventMap>(
    environment.window === undefined ? {} : { target: environment.window },
  );
  const colorScheme = createColorScheme(optionsSignal, { window: environment.window });

  const store: WidgetStore = {
    options: optionsSignal,
    isOpen,
    get draft() {
      return getDraft();
    },
    context,
    get thread() {
      return getThread();
    },
    colorScheme,
    selection,
    pendingQuestion,
    conversationVersion,
    events,
    get chatId() {
      return `docent:${prefix}`;
    },
    get storageKey() {
      return prefix;
    },
    fetch: environment.fetch,
    currentPath() {
      return pagePath(pageLocation?.pathname ?? '/');
    },
    loadMessages() {
      return readMessages(storage, prefix);
    },
    saveMessages(messages) {
      writeMessages(storage, prefix, messages);
    },
    setThread(next) {
      getThread().value = next;
      writeThread(storage, prefix, next);
    },
    open() {
      if (isOpen.peek()) return;
      isOpen.value = true;
      writePanelOpen(storage, prefix, true);
      events.emit('open', {});
    },
    close() {
      if (!isOpen.peek()) return;
      isOpen.value = false;
      writePanelOpen(storage, prefix, false);
      events.emit('close', {});
    },
    toggle() {
      if (isOpen.peek()) store.close();
      else store.open();
    },
    addContext(item) {
      const result = normalizeContextItem(item);
      if ('error' in result) {
        console.warn(`[docent] addContext: ${result.error}; the item was not attached`);
        return false;
      }
      const current = context.peek();
      const duplicate = current.some(
        (existing) => existing.type === result.item.type && existing.value === result.item.value,
      );
      if (!duplicate) context.value = [...current, result.item];
      return true;
    },
    removeContext(index) {
      context.value = context.peek().filter((_, position) => position !== index);
    },
    ask(text, askOptions = {}) {
      const question = typeof text === 'string' ? text.trim() : '';
      if (question === '') {
        console.warn('[docent] ask: the question must be a non-empty string; nothing was asked');
        return;
      }
      batch(() => {
        for (const item of askOptions.context ?? []) store.addContext(item);
        pendingQuestion.value = { text: question, context: context.peek() };
        context.value = [];
        if (askOptions.open !== false) store.open();
      });
    },
    reset() {
      batch(() => {
        clearMessages(storage, prefix);
        store.setThread(emptyThread);
        context.value = [];
        pendingQuestion.value = null;
        conversationVersion.value += 1;
      });
    },
    setOptions(next) {
      const nextPrefix = storageKeyFor(next.baseUrl, next.domain);
      batch(() => {
        optionsSignal.value = next;
        if (nextPrefix !== prefix) {
          prefix = nextPrefix;
          if (thread !== undefined) thread.value = readThread(storage, prefix);
          if (draft !== undefined) draft.value = readDraft();
          context.value = [];
          conversationVersion.value += 1;
        }
      });
    },
    dispose() {
      stopDraftPersistence?.();
      events.clear();
    },
  };
  return store;
}
