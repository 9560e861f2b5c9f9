import type { ChatStatus } from 'ai';
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { DocentUIMessage } from '../core/context-item.js';
import type { Labels } from '../core/labels.js';
import { Message, hasText, messageContent } from './Message.js';
import type { FeedbackValue } from './MessageActions.js';
import { markdownToPlainText } from './plain-text.js';
import type { Source } from './Sources.js';

/** Props of {@link MessageList}. */
export interface MessageListProps {
  /** The conversation. */
  messages: readonly DocentUIMessage[];
  /** `useChat`'s status. */
  status: ChatStatus;
  /** All labels. */
  labels: Labels;
  /** The id of an answer cut off midway (shown as incomplete), or null. */
  incompleteMessageId: string | null;
  /** Ratings given so far, by message id. */
  feedback: Readonly<Record<string, FeedbackValue>>;
  /** Rates an answer. */
  onFeedback(message: DocentUIMessage, value: FeedbackValue): void;
  /** Asks for a new last answer. */
  onRegenerate(): void;
  /** A source link was followed. */
  onSourceClick(message: DocentUIMessage, source: Source): void;
  /** Shown when there are no messages yet (the suggestions). */
  empty?: ComponentChildren;
  /** Shown after the messages (the error notice). */
  footer?: ComponentChildren;
}

// Within this distance of the bottom, the reader counts as following the answer.
const followDistance = 48;

/**
 * The conversation, a `log` whose own live announcements are off: streamed text is not read
 * out token by token. Instead a separate polite live region announces each finished answer
 * once ("Answer ready" and its text). New text keeps the view at the bottom unless the reader
 * has scrolled up to read; sending a question follows the conversation again.
 */
export function MessageList(props: MessageListProps): JSX.Element {
  const { messages, status, labels } = props;
  const busy = status === 'submitted' || status === 'streaming';
  const last = messages.at(-1);
  const lastIsAnswer = last?.role === 'assistant';
  const waiting = busy && !(lastIsAnswer && hasText(last));

  const logRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const lastScrollTop = useRef(0);
  const messageCount = useRef(messages.length);

  if (messages.length > messageCount.current && last?.role === 'user') following.current = true;
  messageCount.current = messages.length;

  // Reading scrollHeight forces a layout; doing it in an animation frame means at most one per
  // frame, at the moment the browser lays out anyway, however many chunks rendered meanwhile.
  const frame = useRef(0);
  useLayoutEffect(() => {
    if (!following.current || frame.current !== 0) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const log = logRef.current;
      if (!log || !following.current) return;
      log.scrollTop = log.scrollHeight;
      lastScrollTop.current = log.scrollTop;
    });
  });
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  function onScroll(): void {
    const log = logRef.current;
    if (!log) return;
    // Growth never moves scrollTop, so a smaller one means the reader scrolled up.
    if (log.scrollTop < lastScrollTop.current - 1) following.current = false;
    if (log.scrollHeight - log.scrollTop - log.clientHeight <= followDistance) following.current = true;
    lastScrollTop.current = log.scrollTop;
  }

  const announcement = useAnswerAnnouncement(messages, status, labels.answerReady);

  return (
    <>
      <div
        ref={logRef}
        class="docent-log"
        role="log"
        aria-live="off"
        aria-label={labels.conversation}
        tabIndex={0}
        onScroll={onScroll}
      >
        {messages.length === 0 && !busy ? props.empty : null}
        {messages.map((message, index) => {
          const isLast = index === messages.length - 1;
          return (
            <Message
              key={message.id}
              message={message}
              labels={labels}
              streaming={busy && isLast && message.role === 'assistant'}
              incomplete={message.id === props.incompleteMessageId}
              feedback={props.feedback[message.id]}
              canRegenerate={isLast && !busy}
              onFeedback={props.onFeedback}
              onRegenerate={props.onRegenerate}
              onSourceClick={props.onSourceClick}
            />
          );
        })}
        {waiting ? (
          <div class="docent-typing" role="status">
            <span class="docent-typing-dot" />
            <span class="docent-typing-dot" />
            <span class="docent-typing-dot" />
            <span class="docent-sr-only">{labels.thinking}</span>
          </div>
        ) : null}
        {props.footer}
      </div>
      <div class="docent-sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </>
  );
}

/** The text for the live region: empty while a question is pending, the answer once finished. */
function useAnswerAnnouncement(messages: readonly DocentUIMessage[], status: ChatStatus, answerReady: string): string {
  const [announcement, setAnnouncement] = useState('');
  const previousStatus = useRef(status);
  useEffect(() => {
    const previous = previousStatus.current;
    previousStatus.current = status;
    if (status === 'submitted') {
      // Cleared so that an identical next answer is announced again.
      setAnnouncement('');
      return;
    }
    const finished = (previous === 'streaming' || previous === 'submitted') && status === 'ready';
    const last = messages.at(-1);
    if (!finished || last?.role !== 'assistant') return;
    const text = markdownToPlainText(messageContent(last));
    // An answer stopped (or failed) before its first word has nothing to announce as ready.
    if (text === '') return;
    setAnnouncement(`${answerReady}. ${text}`);
  }, [status]);
  return announcement;
}
