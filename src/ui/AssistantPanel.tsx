import type { JSX, RefObject } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { DocentUIMessage } from '../core/context-item.js';
import type { WidgetStore } from '../core/store.js';
import { Composer } from './Composer.js';
import { ErrorNotice } from './ErrorNotice.js';
import { hasText } from './Message.js';
import type { FeedbackValue } from './MessageActions.js';
import { MessageList } from './MessageList.js';
import { Panel } from './Panel.js';
import type { Source } from './Sources.js';
import { Suggestions } from './Suggestions.js';
import { useConversation } from './use-conversation.js';

/** Props of {@link AssistantPanel}. */
export interface AssistantPanelProps {
  /** The widget's state. */
  store: WidgetStore;
  /** Whether the panel is shown (it stays mounted while closed, so answers keep streaming). */
  open: boolean;
  /** Focus returns to the launcher on close when the element focused before is gone. */
  launcherRef: RefObject<HTMLButtonElement>;
  /** Whether to move focus into the panel if it is open when it mounts. */
  focusOnMount: boolean;
  /** Bumped when the textbox should take focus although the panel was already open. */
  focusRequest: number;
}

/**
 * The panel with the conversation: `useChat` over the store's transport, the messages, the
 * error notice, the suggestions and the composer. This module holds everything heavy (the
 * chat SDK, Markdown, highlighting), so the root loads it on first open, not at page load.
 */
export function AssistantPanel({ store, open, launcherRef, focusOnMount, focusRequest }: AssistantPanelProps): JSX.Element {
  const options = store.options.value;
  const { labels } = options;
  const context = store.context.value;
  const { chat, busy } = useConversation(store);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [feedback, setFeedback] = useState<Record<string, FeedbackValue>>({});

  useEffect(() => {
    if (focusRequest > 0) textareaRef.current?.focus();
  }, [focusRequest]);

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
    }),
    [store],
  );

  const last = chat.messages.at(-1);
  const incompleteMessageId =
    chat.error !== undefined && last?.role === 'assistant' && hasText(last) ? last.id : null;

  function submit(): void {
    const text = store.draft.peek().trim();
    if (text === '' || busy) return;
    store.draft.value = '';
    // ask() moves the attached context into the pending question, which the conversation sends.
    store.ask(text);
  }

  return (
    <Panel
      open={open}
      title={options.title}
      labels={labels}
      onClose={() => store.close()}
      onNewConversation={() => {
        store.reset();
        setFeedback({});
        textareaRef.current?.focus();
      }}
      initialFocusRef={textareaRef}
      fallbackFocusRef={launcherRef}
      focusOnMount={focusOnMount}
    >
      <MessageList
        messages={chat.messages}
        status={chat.status}
        labels={labels}
        incompleteMessageId={incompleteMessageId}
        feedback={feedback}
        onFeedback={handlers.onFeedback}
        onRegenerate={handlers.onRegenerate}
        onSourceClick={handlers.onSourceClick}
        empty={
          <Suggestions
            title={options.title}
            heading={labels.suggestionsHeading}
            suggestions={options.suggestions}
            onPick={(question) => store.ask(question)}
          />
        }
        footer={
          chat.error !== undefined && !busy ? (
            <ErrorNotice error={chat.error} labels={labels} onRetry={handlers.onRegenerate} />
          ) : null
        }
      />
      <Composer
        draft={store.draft}
        context={context}
        onRemoveContext={(index) => store.removeContext(index)}
        labels={labels}
        disclaimer={options.disclaimer}
        busy={busy}
        onSubmit={submit}
        onStop={() => void chat.stop()}
        textareaRef={textareaRef}
      />
    </Panel>
  );
}
