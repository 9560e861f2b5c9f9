import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { DocentUIMessage } from '../core/context-item.js';
import type { WidgetStore } from '../core/store.js';
import { ErrorNotice } from './ErrorNotice.js';
import { hasText } from './Message.js';
import type { FeedbackValue } from './MessageActions.js';
import { MessageList } from './MessageList.js';
import type { Source } from './Sources.js';
import { useConversation } from './use-conversation.js';

/** What the composer, outside the log, needs from the conversation. */
export interface ConversationControls {
  /** A question is on its way or its answer streams: Send waits, Stop is offered. */
  busy: boolean;
  /** Stops the streaming answer. */
  stop(): void;
}

/** Props of {@link ConversationLog}. */
export interface ConversationLogProps {
  /** The widget's state. */
  store: WidgetStore;
  /** Receives the controls whenever `busy` changes (and once on mount). */
  onControls(controls: ConversationControls): void;
  /** Shown while the conversation is empty (the suggestions). */
  empty: ComponentChildren;
}

/**
 * The conversation: `useChat` over the store's transport, the messages, the error notice and
 * (while empty) what the panel gives as `empty`, the suggestions. This module holds everything heavy (the chat SDK, Markdown,
 * highlighting), so it is loaded in slices (`conversation-loader.ts`), at idle after the
 * page's load or on first open; the panel around it renders without it.
 */
export function ConversationLog({ store, onControls, empty }: ConversationLogProps): JSX.Element {
  const { labels } = store.options.value;
  const version = store.conversationVersion.value;
  const { chat, busy } = useConversation(store);
  const [feedback, setFeedback] = useState<Record<string, FeedbackValue>>({});

  // A new conversation starts without ratings.
  useEffect(() => setFeedback({}), [version]);

  // Message rows are memoised and keep the callbacks of their first render, so the callbacks
  // read the current chat through a ref instead of closing over it.
  const latestChat = useRef(chat);
  latestChat.current = chat;
  const handlers = useMemo(
    () => ({
      onFeedback(message: DocentUIMessage, value: FeedbackValue) {
        setFeedback((current) => ({ ...current, [message.id]: value }));
        store.events.emit('feedback', { messageId: message.id, threadId: store.thread.peek().threadId, value });
      },
      onRegenerate() {
        void latestChat.current.regenerate();
      },
      onSourceClick(message: DocentUIMessage, source: Source) {
        store.events.emit('source-click', { url: source.url, title: source.title, messageId: message.id });
      },
      stop() {
        void latestChat.current.stop();
      },
    }),
    [store],
  );

  // Before paint, so Send turns into Stop in the same frame as the question appears.
  useLayoutEffect(() => onControls({ busy, stop: handlers.stop }), [busy]);

  const last = chat.messages.at(-1);
  const incompleteMessageId =
    chat.error !== undefined && last?.role === 'assistant' && hasText(last) ? last.id : null;

  return (
    <MessageList
      messages={chat.messages}
      status={chat.status}
      labels={labels}
      incompleteMessageId={incompleteMessageId}
      feedback={feedback}
      onFeedback={handlers.onFeedback}
      onRegenerate={handlers.onRegenerate}
      onSourceClick={handlers.onSourceClick}
      empty={empty}
      footer={
        chat.error !== undefined && !busy ? (
          <ErrorNotice error={chat.error} labels={labels} onRetry={handlers.onRegenerate} />
        ) : null
      }
    />
  );
}
