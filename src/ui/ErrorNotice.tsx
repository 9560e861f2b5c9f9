import type { JSX } from 'preact';
import { classifyError } from '../core/assistant-error.js';
import type { AssistantError } from '../core/assistant-error.js';
import { formatLabel } from '../core/labels.js';
import type { Labels } from '../core/labels.js';
import { Icon } from './icons.js';

/** The labels the error notice uses. */
export type ErrorLabels = Pick<
  Labels,
  | 'retry'
  | 'errorNetwork'
  | 'errorAuth'
  | 'errorThreadNotFound'
  | 'errorRateLimited'
  | 'errorRateLimitedSoon'
  | 'errorServer'
  | 'errorInterrupted'
  | 'errorBadRequest'
>;

/** Props of {@link ErrorNotice}. */
export interface ErrorNoticeProps {
  /** What `useChat` reported (classified with `classifyError`). */
  error: unknown;
  /** The texts per error kind and the Retry label. */
  labels: ErrorLabels;
  /** Asks the failed question again. */
  onRetry(): void;
}

/**
 * What the reader is told for an error: by kind, from the labels (a 429 says when to try
 * again, from `Retry-After`).
 */
export function errorText(error: AssistantError, labels: ErrorLabels): string {
  switch (error.kind) {
    case 'network':
      return labels.errorNetwork;
    case 'auth':
      return labels.errorAuth;
    case 'thread-not-found':
      return labels.errorThreadNotFound;
    case 'rate-limited':
      return error.retryAfterSeconds !== undefined && error.retryAfterSeconds > 0
        ? formatLabel(labels.errorRateLimited, { seconds: error.retryAfterSeconds })
        : labels.errorRateLimitedSoon;
    case 'interrupted':
      return labels.errorInterrupted;
    case 'bad-request':
      return labels.errorBadRequest;
    case 'server':
      return labels.errorServer;
  }
}

/**
 * A failed question, shown in the conversation (and announced, as an alert) with a Retry
 * button. A partial answer stays above it; the reader's draft is untouched.
 */
export function ErrorNotice({ error, labels, onRetry }: ErrorNoticeProps): JSX.Element {
  const classified = classifyError(error);
  return (
    <div class="docent-error" role="alert" data-kind={classified.kind}>
      <Icon name="alert" size={16} />
      <p class="docent-error-text">{errorText(classified, labels)}</p>
      <button type="button" class="docent-button docent-error-retry" onClick={onRetry}>
        <Icon name="retry" size={14} />
        <span>{labels.retry}</span>
      </button>
    </div>
  );
}
