import { ApiError } from '../http/api-error';
import { messageBytes, type RecentMessagesBudget, type Thread } from './thread-types';

/** Size limits of one thread (config `threadLimits`). */
export interface ThreadLimits {
  /** Most messages (questions and answers). */
  maxMessages: number;
  /** Most UTF-8 bytes of message text. */
  maxBytes: number;
}

/** The limits when none are configured. */
export const defaultThreadLimits: ThreadLimits = { maxMessages: 1_000, maxBytes: 2_000_000 };

/**
 * How much of a thread a follow-up reads for the prompt and the search: the last 20 messages
 * within 32 KB. Bounded, so a follow-up costs the same in a long thread as in a short one.
 */
export const followUpHistoryBudget: RecentMessagesBudget = { maxMessages: 20, maxBytes: 32_000 };

/**
 * Refuses a question a full thread cannot take: 409 `thread_full` past the message limit (the
 * question and its answer must fit), 413 `thread_too_large` past the byte limit. Both tell the
 * client to start a new thread.
 */
export function checkThreadLimits(thread: Thread, question: string, limits: ThreadLimits = defaultThreadLimits): void {
  if (thread.messageCount + 2 > limits.maxMessages) {
    throw new ApiError(
      409,
      'thread_full',
      `This thread has reached its limit of ${limits.maxMessages} messages; start a new conversation by sending threadId null.`,
      { field: 'threadId' },
    );
  }
  if (thread.byteCount + messageBytes(question) > limits.maxBytes) {
    throw new ApiError(
      413,
      'thread_too_large',
      `This thread has reached its limit of ${limits.maxBytes} bytes of text; start a new conversation by sending threadId null.`,
      { field: 'threadId' },
    );
  }
}
