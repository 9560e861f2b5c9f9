import type { JSX } from 'preact';
import { memo } from 'preact/compat';
import type { DocentUIMessage } from '../core/context-item.js';
import type { Labels } from '../core/labels.js';
import { ContextChips } from './ContextChips.js';
import { Icon } from './icons.js';
import { Markdown } from './Markdown.js';
import { MessageActions } from './MessageActions.js';
import type { FeedbackValue } from './MessageActions.js';
import { Sources, sourceTitle } from './Sources.js';
import type { Source } from './Sources.js';

/** Props of {@link Message}. */
export interface MessageProps {
  /** The message (its `text` parts are the content, `source-url` parts the sources). */
  message: DocentUIMessage;
  /** All labels. */
  labels: Labels;
  /** This answer is streaming: its last block is unfinished and the actions wait. */
  streaming: boolean;
  /** This answer was cut off: its partial text is kept and marked incomplete. */
  incomplete: boolean;
  /** The reader's rating of this answer, if any. */
  feedback: FeedbackValue | undefined;
  /** Whether Regenerate is offered (the last answer only). */
  canRegenerate: boolean;
  /** The reader rated the answer. */
  onFeedback(message: DocentUIMessage, value: FeedbackValue): void;
  /** The reader asked for a new answer. */
  onRegenerate(): void;
  /** The reader followed a source of the answer. */
  onSourceClick(message: DocentUIMessage, source: Source): void;
}

/** The sources of a message: its `source-url` parts, titled by the service or from their URL. */
export function messageSources(message: DocentUIMessage): Source[] {
  return message.parts.flatMap((part) =>
    part.type === 'source-url' ? [{ url: part.url, title: part.title || sourceTitle(part.url) }] : [],
  );
}

/** Whether a message has any text yet (cheap: no joining while an answer streams). */
export function hasText(message: DocentUIMessage): boolean {
  return message.parts.some((part) => part.type === 'text' && part.text !== '');
}

/** The text of a message: its text parts, one after the other. */
export function messageContent(message: DocentUIMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n\n').trim();
}

function MessageView(props: MessageProps): JSX.Element {
  const { message, labels } = props;
  if (message.role === 'user') {
    const context = message.metadata?.context ?? [];
    return (
      <div class="docent-message docent-is-user">
        <span class="docent-sr-only">{labels.userAuthor}: </span>
        <div class="docent-bubble">{messageContent(message)}</div>
        <ContextChips items={context} labels={labels} />
      </div>
    );
  }
  const textParts = message.parts.flatMap((part) => (part.type === 'text' && part.text !== '' ? [part.text] : []));
  return (
    <div class="docent-message docent-is-assistant" aria-busy={props.streaming || undefined}>
      <span class="docent-sr-only">{labels.assistantAuthor}: </span>
      {textParts.map((part, index) => (
        <Markdown key={index} text={part} streaming={props.streaming && index === textParts.length - 1} labels={labels} />
      ))}
      {props.incomplete ? (
        <p class="docent-incomplete">
          <Icon name="alert" size={14} />
          <span>{labels.incompleteAnswer}</span>
        </p>
      ) : null}
      <Sources
        sources={messageSources(message)}
        heading={labels.sources}
        onSourceClick={(source) => props.onSourceClick(message, source)}
      />
      {!props.streaming && textParts.length > 0 ? (
        <MessageActions
          text={messageContent(message)}
          feedback={props.feedback}
          onFeedback={(value) => props.onFeedback(message, value)}
          onRegenerate={props.canRegenerate ? props.onRegenerate : undefined}
          labels={labels}
        />
      ) : null}
    </div>
  );
}

/**
 * One message of the conversation: the reader's question as a bubble (with the context it
 * carried), or an answer rendered from Markdown with its sources and actions. Memoised: while
 * an answer streams, the messages above it are not rendered again. The callbacks are expected
 * to keep their behaviour across renders, so they are not compared.
 */
export const Message = memo(
  MessageView,
  (previous, next) =>
    previous.message === next.message &&
    previous.streaming === next.streaming &&
    previous.incomplete === next.incomplete &&
    previous.feedback === next.feedback &&
    previous.canRegenerate === next.canRegenerate &&
    previous.labels === next.labels,
);
