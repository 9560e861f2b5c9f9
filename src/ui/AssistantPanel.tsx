import type { JSX, RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { WidgetStore } from '../core/store.js';
import { Composer } from './Composer.js';
import type { ConversationControls, ConversationLog as ConversationLogComponent } from './ConversationLog.js';
import { loadConversation } from './conversation-loader.js';
import { Panel } from './Panel.js';
import { Suggestions } from './Suggestions.js';

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

const idleControls: ConversationControls = { busy: false, stop: () => {} };

/**
 * The panel: the dialog with its header, the conversation log and the composer. The dialog,
 * the focused textbox and the suggestions render at once from code evaluated with the launcher;
 * the conversation (the chat SDK, Markdown, highlighting) comes in when its code has loaded
 * (`conversation-loader.ts`), usually already at idle after the page's load. A question asked
 * before that waits in the store's `pendingQuestion` and is sent as soon as the chat is ready.
 */
export function AssistantPanel({ store, open, launcherRef, focusOnMount, focusRequest }: AssistantPanelProps): JSX.Element {
  const options = store.options.value;
  const { labels } = options;
  const context = store.context.value;
  // Rendered closed ahead of the first open, the panel starts the conversation (which renders
  // a stored one) only when it opens or a question waits: the host page's load never pays for it.
  const conversationStarted = useRef(false);
  if (open || store.pendingQuestion.value !== null) conversationStarted.current = true;
  const ConversationLog = useConversationLog(conversationStarted.current);
  const [controls, setControls] = useState<ConversationControls>(idleControls);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (focusRequest > 0) textareaRef.current?.focus();
  }, [focusRequest]);

  function submit(): void {
    const text = store.draft.peek().trim();
    if (text === '' || controls.busy) return;
    store.draft.value = '';
    // ask() moves the attached context into the pending question, which the conversation sends.
    store.ask(text);
  }

  const suggestions = (
    <Suggestions
      title={options.title}
      heading={labels.suggestionsHeading}
      suggestions={options.suggestions}
      onPick={(question) => store.ask(question)}
    />
  );

  return (
    <Panel
      open={open}
      position={options.position}
      title={options.title}
      labels={labels}
      onClose={() => store.close()}
      onNewConversation={() => {
        store.reset();
        textareaRef.current?.focus();
      }}
      initialFocusRef={textareaRef}
      fallbackFocusRef={launcherRef}
      focusOnMount={focusOnMount}
    >
      {ConversationLog ? (
        <ConversationLog store={store} onControls={setControls} empty={suggestions} />
      ) : (
        // The log until its code is there: the suggestions of a new conversation; empty once a
        // question waits (it appears with the code), or in a conversation under way (a thread).
        <div class="docent-log" role="log" aria-live="off" aria-label={labels.conversation} tabIndex={0}>
          {store.pendingQuestion.value ?? store.thread.value.threadId ? null : suggestions}
        </div>
      )}
      <Composer
        draft={store.draft}
        context={context}
        onRemoveContext={(index) => store.removeContext(index)}
        labels={labels}
        disclaimer={options.disclaimer}
        busy={controls.busy}
        onSubmit={submit}
        onStop={controls.stop}
        textareaRef={textareaRef}
      />
    </Panel>
  );
}

/**
 * The conversation log component once `needed` and its code has loaded, never in the render
 * that opens the panel: the dialog, focus and suggestions get a task of their own, and the log
 * (creating the chat, rendering a stored conversation) the next one, so that neither is a long
 * task on a slow phone.
 */
function useConversationLog(needed: boolean): typeof ConversationLogComponent | null {
  const [component, setComponent] = useState<typeof ConversationLogComponent | null>(null);
  useEffect(() => {
    if (!needed) return;
    let mounted = true;
    loadConversation().then(
      (module) => setTimeout(() => mounted && setComponent(() => module.ConversationLog), 0),
      (error: unknown) => console.error('[docent] the assistant panel failed to load:', error),
    );
    return () => {
      mounted = false;
    };
  }, [needed]);
  return component;
}
