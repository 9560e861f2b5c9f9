import { useChat, type UseChatHelpers } from '@ai-sdk/react';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { classifyError } from '../core/assistant-error.js';
import { transportFor } from '../core/assistant-transport.js';
import type { ContextItem, DocentUIMessage } from '../core/context-item.js';
import type { WidgetStore } from '../core/store.js';
import { emptyThread } from '../core/thread-storage.js';

/** While an answer streams, the conversation is saved at most this often (milliseconds). */
export const streamingSaveInterval = 1000;

/** How often `useChat` re-renders while tokens arrive (milliseconds): about three frames. */
const renderThrottle = 50;

/** The conversation as the components use it: `useChat`'s helpers plus the widget's actions. */
export interface Conversation {
  /** The chat SDK's helpers (`messages`, `status`, `error`, `stop`, `regenerate`, …). */
  chat: UseChatHelpers<DocentUIMessage>;
  /** `true` while a question is sent or its answer streams: sending waits, Stop is offered. */
  busy: boolean;
  /** Sends a question with its context (the context travels in the message's metadata). */
  send(text: string, context: readonly ContextItem[]): void;
}

/**
 * Runs the widget's conversation: `useChat` over the store's transport, restored from and
 * saved to the tab's storage (throttled while streaming, so not on every token), cleared when
 * the store's `conversationVersion` changes (`reset()`, "New conversation"), and sending the
 * store's `pendingQuestion` (from `ask()` and the composer) as soon as the chat is ready.
 * When the service no longer knows the stored thread, the thread is forgotten so that Retry
 * starts a new one.
 */
export function useConversation(store: WidgetStore): Conversation {
  const version = store.conversationVersion.value;
  const chatId = store.chatId;
  // Read once per conversation scope: `useChat` only uses it when it creates the chat.
  const restored = useMemo(() => store.loadMessages(), [chatId]);
  const chat = useChat<DocentUIMessage>({
    id: chatId,
    transport: transportFor(store),
    messages: restored,
    experimental_throttle: renderThrottle,
  });
  const busy = chat.status === 'submitted' || chat.status === 'streaming';

  function send(text: string, context: readonly ContextItem[]): void {
    void chat.sendMessage({ text, metadata: context.length > 0 ? { context: [...context] } : {} });
  }

  usePersistence(store, chatId, chat.messages, busy);

  const handled = useRef({ version, chatId });
  useEffect(() => {
    const previous = handled.current;
    handled.current = { version, chatId };
    // A new scope (another base URL or domain) got a new chat from its own stored messages.
    if (previous.version === version || previous.chatId !== chatId) return;
    if (busy) void chat.stop();
    chat.clearError();
    chat.setMessages([]);
  }, [version, chatId]);

  useEffect(() => {
    if (chat.error !== undefined && classifyError(chat.error).kind === 'thread-not-found') store.setThread(emptyThread);
  }, [chat.error]);

  const pending = store.pendingQuestion.value;
  useEffect(() => {
    if (pending === null || busy) return;
    store.pendingQuestion.value = null;
    send(pending.text, pending.context);
  }, [pending, busy]);

  return { chat, busy, send };
}

function usePersistence(store: WidgetStore, chatId: string, messages: DocentUIMessage[], busy: boolean): void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ chatId, messages });
  latest.current = { chatId, messages };

  // Effects and timers run after the render that scheduled them; if the options moved the
  // store to another scope meanwhile, these messages belong to the old one and are not written.
  const saved = useRef<readonly DocentUIMessage[]>(messages);
  const save = (scope: string, list: readonly DocentUIMessage[]) => {
    if (store.chatId !== scope) return;
    store.saveMessages(list);
    saved.current = list;
  };

  const savedCount = useRef(messages.length);

  useEffect(() => {
    // A new question is written at once: a reader who follows a link right after asking must
    // find the question (and the thread it started) on the next page.
    if (!busy || messages.length !== savedCount.current) {
      clearTimeout(timer.current);
      timer.current = undefined;
      savedCount.current = messages.length;
      save(chatId, messages);
      if (!busy) return;
    }
    // While streaming: one save per interval with the newest messages, not one per token.
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      save(latest.current.chatId, latest.current.messages);
    }, streamingSaveInterval);
  }, [messages, busy, chatId]);

  useEffect(() => {
    // Leaving the page keeps what the reader saw (sessionStorage writes are synchronous, so they
    // complete inside pagehide). Not only a pending streaming save: when the last words and the
    // end of an answer arrive together, the finished answer is rendered before the effect that
    // saves it runs, and a reader who reloads at once would otherwise get it back half-written.
    const flush = () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      if (latest.current.messages !== saved.current) save(latest.current.chatId, latest.current.messages);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
}
