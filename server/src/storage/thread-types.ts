import { randomBytes } from 'node:crypto';

/* Threads as the storage engines hand them out, and the budget rules both engines share. */

/** A conversation on one domain. */
export interface Thread {
  /** Unguessable id: 192 random bits, base64url (32 characters). */
  id: string;
  domain: string;
  /** The fingerprint (`fp`) of the request that started it (stored once, on the thread). */
  fp: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
  /** Messages stored so far. */
  messageCount: number;
  /** UTF-8 bytes of the stored messages' text. */
  byteCount: number;
}

/** One stored turn of a thread. */
export interface ThreadMessage {
  role: 'user' | 'assistant';
  text: string;
  /** The page the reader was on, when the client sent it. */
  currentPath: string | null;
  /** The context items sent with the question (`[]` when none; stored only when there are some). */
  context: unknown[];
  createdAt: number;
}

/** A message to store (`ThreadStorage.addMessages`); the time comes from the storage's clock. */
export interface NewThreadMessage {
  threadId: string;
  role: 'user' | 'assistant';
  text: string;
  currentPath: string | null;
  context: unknown[];
}

/** A thread with the newest messages a follow-up reads (`ThreadStorage.findThreadWithRecentMessages`). */
export interface ThreadWithRecentMessages {
  thread: Thread;
  /** Oldest first, within the budget asked for. */
  recentMessages: ThreadMessage[];
}

/** A thread's size after a message was added. */
export interface ThreadUsage {
  messageCount: number;
  byteCount: number;
}

/** How much of a thread a follow-up reads. */
export interface RecentMessagesBudget {
  /** At most this many of the newest messages. */
  maxMessages: number;
  /** At most this many UTF-8 bytes of text (the newest message is always kept). */
  maxBytes: number;
}

/** Creates a thread id: 24 random bytes, base64url, so 192 bits nobody can guess. */
export function createThreadId(): string {
  return randomBytes(24).toString('base64url');
}

/** UTF-8 size of a message's text, as counted against the thread's byte limit. */
export function messageBytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** UTF-8 size of a batch of messages' text. */
export function batchBytes(messages: readonly { text: string }[]): number {
  return messages.reduce((total, message) => total + messageBytes(message.text), 0);
}

/**
 * The newest items that fit the budget, oldest first: walks back from the newest and stops at
 * the first that would pass `maxBytes` (the newest is always kept) or at `maxMessages`.
 *
 * @param items Oldest first.
 * @example withinBudget(turns, { maxMessages: 20, maxBytes: 32_000 }, (turn) => turn.text)
 */
export function withinBudget<T>(items: readonly T[], budget: RecentMessagesBudget, textOf: (item: T) => string): T[] {
  const kept: T[] = [];
  let bytes = 0;
  for (let index = items.length - 1; index >= 0 && kept.length < budget.maxMessages; index--) {
    const item = items[index] as T;
    bytes += messageBytes(textOf(item));
    if (kept.length > 0 && bytes > budget.maxBytes) break;
    kept.push(item);
  }
  return kept.reverse();
}

/** The one thread a batch of new messages belongs to. @throws Error for an empty or mixed batch. */
export function threadOfBatch(messages: readonly NewThreadMessage[]): string {
  const threadId = messages[0]?.threadId;
  if (threadId === undefined || messages.some((message) => message.threadId !== threadId)) {
    throw new Error('addMessages needs at least one message, all of one thread');
  }
  return threadId;
}
