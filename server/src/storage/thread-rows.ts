import type { Thread, ThreadMessage } from './thread-types';

/* The thread tables' rows both engines share, and their mapping to what the storage hands out. */

/** A row of `threads` (PostgreSQL's BIGINT columns arrive as strings). */
export interface ThreadRow {
  id: string;
  domain: string;
  fp: string;
  created_at: number | string;
  updated_at: number | string;
  message_count: number | string;
  byte_count: number | string;
}

/** A row of `thread_messages` as a follow-up selects it. */
export interface MessageRow {
  role: 'user' | 'assistant';
  text: string;
  current_path: string | null;
  context: string | null;
  created_at: number | string;
}

/** A thread row as the storage interface hands it out (both engines). */
export function toThread(row: ThreadRow): Thread {
  return {
    id: row.id,
    domain: row.domain,
    fp: row.fp,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    messageCount: Number(row.message_count),
    byteCount: Number(row.byte_count),
  };
}

/** A message row as the storage interface hands it out (both engines). */
export function toThreadMessage(row: MessageRow): ThreadMessage {
  return {
    role: row.role,
    text: row.text,
    currentPath: row.current_path,
    context: row.context === null ? [] : (JSON.parse(row.context) as unknown[]),
    createdAt: Number(row.created_at),
  };
}

/** The stored form of a message's context: `null` when there is none, so nothing repeats per message. */
export function storedContext(context: readonly unknown[]): string | null {
  return context.length === 0 ? null : JSON.stringify(context);
}
