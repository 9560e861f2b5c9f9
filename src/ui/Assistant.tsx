// Installs signals' Preact integration: a component that reads `signal.value` re-renders when it changes.
import '@preact/signals';
import type { JSX, RefObject } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { DocentUIMessage } from '../core/context-item.js';
import type { ResolvedOptions } from '../core/options.js';
import { formatShortcut, isApplePlatform, parseShortcut } from '../core/shortcut.js';
import type { Shortcut } from '../core/shortcut.js';
import type { WidgetStore } from '../core/store.js';
import { Composer } from './Composer.js';
import { ErrorNotice } from './ErrorNotice.js';
import { Launcher } from './Launcher.js';
import { messageContent } from './Message.js';
import type { FeedbackValue } from './MessageActions.js';
import { MessageList } from './MessageList.js';
import { Panel } from './Panel.js';
import { SelectionPopover, attachSelection } from './SelectionPopover.js';
import type { Source } from './Sources.js';
import { Suggestions } from './Suggestions.js';
import { useConversation } from './use-conversation.js';

/** Props of {@link Assistant}. */
export interface AssistantProps {
  /** The widget instance's state (`createWidgetStore(options)`); one store per widget. */
  store: WidgetStore;
}

const defaultZIndex = 2147483000;

/**
 * The theme options as CSS custom properties on the root element, set through the style
 * property (CSSOM, allowed under a strict CSP, unlike a style attribute). Options left at
 * their defaults are not set, so `--docent-*` variables from the host page's CSS apply.
 */
export function themeVariables(options: ResolvedOptions): Record<string, string> {
  const variables: Record<string, string> = {};
  if (options.accent) variables['--docent-accent'] = options.accent;
  if (options.radius) variables['--docent-radius'] = options.radius;
  if (options.font) variables['--docent-font'] = options.font;
  if (options.zIndex !== defaultZIndex) variables['--docent-z-index'] = String(options.zIndex);
  return variables;
}

/** A shortcut in `aria-keyshortcuts` form, e.g. `Control+I` (or `Meta+I` on Apple platforms). */
export function ariaKeyShortcut(shortcut: Shortcut, apple: boolean = isApplePlatform()): string {
  const parts = [
    shortcut.ctrl || (shortcut.mod && !apple) ? 'Control' : '',
    shortcut.meta || (shortcut.mod && apple) ? 'Meta' : '',
    shortcut.alt ? 'Alt' : '',
    shortcut.shift ? 'Shift' : '',
    shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key,
  ];
  return parts.filter(Boolean).join('+');
}

/**
 * The whole widget for one store: the launcher, the panel with the conversation, and the
 * "Ask AI" button next to text selected in the page. The conversation starts on first open
 * (or the first `ask()`), so nothing but the launcher is rendered at page load. (The shortcut
 * and keeping keystrokes from the host page's hotkeys are the embedding's job, `src/embed`.)
 *
 * @example render(<Assistant store={createWidgetStore(options)} />, shadowRoot)
 */
export function Assistant({ store }: AssistantProps): JSX.Element {
  const options = store.options.value;
  const isOpen = store.isOpen.value;
  const colorScheme = store.colorScheme.value;
  const hasPendingQuestion = store.pendingQuestion.value !== null;
  const selection = options.selection ? store.selection.value : null;
  const launcherRef = useRef<HTMLButtonElement>(null);
  const openAtLoad = useRef(isOpen && !hasPendingQuestion);
  const panelStarted = useRef(false);
  if (isOpen || hasPendingQuestion) panelStarted.current = true;
  const [focusRequest, setFocusRequest] = useState(0);
  const shortcut = useMemo(() => (options.shortcut ? parseShortcut(options.shortcut) : null), [options.shortcut]);

  return (
    <div
      class="docent-root"
      data-theme={colorScheme}
      data-position={options.position}
      style={themeVariables(options)}
    >
      {options.launcher ? (
        <Launcher
          buttonRef={launcherRef}
          label={options.labels.launcher}
          expanded={isOpen}
          shortcutHint={shortcut ? formatShortcut(shortcut) : null}
          keyShortcuts={shortcut ? ariaKeyShortcut(shortcut) : null}
          onClick={() => store.toggle()}
        />
      ) : null}
      {panelStarted.current ? (
        <AssistantPanel
          store={store}
          open={isOpen}
          launcherRef={launcherRef}
          focusOnMount={!openAtLoad.current}
          focusRequest={focusRequest}
        />
      ) : null}
      <SelectionPopover
        selection={isOpen ? null : selection}
        label={options.labels.askAboutSelection}
        text={options.labels.launcher}
        onAsk={() => {
          if (attachSelection(store)) setFocusRequest((count) => count + 1);
        }}
        onDismiss={() => (store.selection.value = null)}
      />
    </div>
  );
}

interface AssistantPanelProps {
  store: WidgetStore;
  open: boolean;
  launcherRef: RefObject<HTMLButtonElement>;
  focusOnMount: boolean;
  /** Bumped when the textbox should take focus although the panel was already open. */
  focusRequest: number;
}

function AssistantPanel({ store, open, launcherRef, focusOnMount, focusRequest }: AssistantPanelProps): JSX.Element {
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
    chat.error !== undefined && last?.role === 'assistant' && messageContent(last) !== '' ? last.id : null;

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
