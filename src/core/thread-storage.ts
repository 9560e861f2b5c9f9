import type { SafeStorage } from './safe-storage.js';

/**
 * The conversation's thread on the service: `threadId` from the `finish` event (or the
 * `x-thread-id` header), and `threadKey` when the server returns an `x-thread-key` header.
 * Both null before the first answer.
 */
export interface ThreadState {
  threadId: string | null;
  threadKey: string | null;
}

/** A thread state with neither id nor key. */
export const emptyThread: ThreadState = Object.freeze({ threadId: null, threadKey: null });

const threadKey = (prefix: string) => `${prefix}:thread`;

const optionalString = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' && value.length <= 1_000 ? value : null;

/** Reads the stored thread under `<prefix>:thread`; corrupt or missing entries read as empty. */
export function readThread(storage: SafeStorage, prefix: string): ThreadState {
  const stored = storage.read(threadKey(prefix));
  if (typeof stored !== 'object' || stored === null) return emptyThread;
  const { threadId, threadKey: key } = stored as Record<string, unknown>;
  return { threadId: optionalString(threadId), threadKey: optionalString(key) };
}

/** Stores the thread (or removes the entry when it is empty). */
export function writeThread(storage: SafeStorage, prefix: string, thread: ThreadState): void {
  if (thread.threadId === null && thread.threadKey === null) storage.remove(threadKey(prefix));
  else storage.write(threadKey(prefix), thread);
}
