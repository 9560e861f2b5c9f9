import type { JSX } from 'preact';
import type { Labels } from '../core/labels.js';
import { Icon } from './icons.js';
import { useCopy } from './use-copy.js';

/** A reader's rating of an answer. */
export type FeedbackValue = 'up' | 'down';

/** Props of {@link MessageActions}. */
export interface MessageActionsProps {
  /** The answer's text, for the copy button. */
  text: string;
  /** The rating given so far, if any. */
  feedback: FeedbackValue | undefined;
  /** Rates the answer. */
  onFeedback(value: FeedbackValue): void;
  /** Asks for a new answer; only offered for the last answer. */
  onRegenerate?: (() => void) | undefined;
  /** Button labels. */
  labels: Pick<Labels, 'copy' | 'copied' | 'thumbsUp' | 'thumbsDown' | 'feedbackThanks' | 'regenerate'>;
}

const ratings = [
  { value: 'up', label: 'thumbsUp', icon: 'thumbsUp' },
  { value: 'down', label: 'thumbsDown', icon: 'thumbsDown' },
] as const;

/** The row under a finished answer: copy, thumbs up / down (toggle buttons), regenerate. */
export function MessageActions({ text, feedback, onFeedback, onRegenerate, labels }: MessageActionsProps): JSX.Element {
  const { copied, copy } = useCopy();
  const copyLabel = copied ? labels.copied : labels.copy;
  return (
    <div class="docent-actions">
      <button type="button" class="docent-action" aria-label={copyLabel} title={copyLabel} onClick={() => void copy(text)}>
        <Icon name={copied ? 'check' : 'copy'} size={15} />
      </button>
      {ratings.map(({ value, label, icon }) => (
        <button
          key={value}
          type="button"
          class="docent-action"
          aria-label={labels[label]}
          title={labels[label]}
          aria-pressed={feedback === value}
          onClick={() => onFeedback(value)}
        >
          <Icon name={icon} size={15} />
        </button>
      ))}
      {onRegenerate ? (
        <button type="button" class="docent-action" aria-label={labels.regenerate} title={labels.regenerate} onClick={onRegenerate}>
          <Icon name="retry" size={15} />
        </button>
      ) : null}
      <span class="docent-actions-status" role="status">
        {feedback ? labels.feedbackThanks : copied ? labels.copied : ''}
      </span>
    </div>
  );
}
