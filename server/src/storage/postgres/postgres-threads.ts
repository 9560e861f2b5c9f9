import type pg from 'pg';
import { storedContext, toThread, toThreadMessage, type MessageRow, type ThreadRow } from '../thread-rows';
import type { ThreadStorage } from '../storage';
import {
  createThreadId,
  batchBytes,
  messageBytes,
  threadOfBatch,
  type NewThreadMessage,
  type RecentMessagesBudget,
  type Thread,
  type ThreadMessage,
  type ThreadUsage,
  type ThreadWithRecentMessages,
} from '../thread-types';

const purgeBatchSize = 1_000;

/**
 * Ids of the newest messages within the budget (`withinBudget`'s rule: newest first, up to the
 * first that passes the byte budget, the newest always), chosen from the (thread_id, id, bytes)
 * index alone, as on SQLite. Parameters: $1 thread id, $2 most messages, $3 most bytes.
 */
const keptMessageIds = `
  SELECT id FROM (
    SELECT id, bytes, SUM(bytes) OVER (ORDER BY id DESC) AS running
    FROM (SELECT id, bytes FROM thread_messages WHERE thread_id = $1 ORDER BY id DESC LIMIT $2) AS newest
  ) AS counted WHERE running <= $3 OR running = bytes`;

/** Threads and their messages in PostgreSQL (see {@link ThreadStorage}); one round trip per call. */
export class PostgresThreads implements ThreadStorage {
  readonly #pool: pg.Pool;
  readonly #clock: () => number;

  /**
   * @param pool The storage's pool (migrations already applied).
   * @param clock Current time in milliseconds. Default: `Date.now`.
   */
  constructor(pool: pg.Pool, clock: () => number = Date.now) {
    this.#pool = pool;
    this.#clock = clock;
  }

  async createThread(options: { domain: string; fp: string }): Promise<Thread> {
    const now = this.#clock();
    const thread: Thread = { id: createThreadId(), domain: options.domain, fp: options.fp, createdAt: now, updatedAt: now, messageCount: 0, byteCount: 0 };
    await this.#pool.query('INSERT INTO threads (id, domain, fp, created_at, updated_at) VALUES ($1, $2, $3, $4, $5)', [
      thread.id,
      thread.domain,
      thread.fp,
      thread.createdAt,
      thread.updatedAt,
    ]);
    return thread;
  }

  async findThread(id: string): Promise<Thread | undefined> {
    const result = await this.#pool.query('SELECT * FROM threads WHERE id = $1', [id]);
    return result.rows[0] && toThread(result.rows[0]);
  }

  async addMessages(messages: readonly NewThreadMessage[]): Promise<ThreadUsage> {
    const threadId = threadOfBatch(messages);
    const now = this.#clock();
    // One statement: the messages (in order) and the thread's counts change together or not at all.
    const result = await this.#pool.query<{ message_count: number; byte_count: string }>(
      `WITH inserted AS (
         INSERT INTO thread_messages (thread_id, role, text, current_path, context, created_at, bytes)
         SELECT $1, item.role, item.text, item.current_path, item.context, $2, item.bytes
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $9::integer[])
           WITH ORDINALITY AS item(role, text, current_path, context, bytes, position)
         ORDER BY item.position
       )
       UPDATE threads SET updated_at = $2, message_count = message_count + $7, byte_count = byte_count + $8
       WHERE id = $1 RETURNING message_count, byte_count`,
      [
        threadId,
        now,
        messages.map((message) => message.role),
        messages.map((message) => message.text),
        messages.map((message) => message.currentPath),
        messages.map((message) => storedContext(message.context)),
        messages.length,
        batchBytes(messages),
        messages.map((message) => messageBytes(message.text)),
      ],
    );
    const row = result.rows[0];
    if (!row) throw new Error(`no thread ${threadId} to add messages to`);
    return { messageCount: Number(row.message_count), byteCount: Number(row.byte_count) };
  }

  async recentMessages(threadId: string, budget: RecentMessagesBudget): Promise<ThreadMessage[]> {
    const result = await this.#pool.query<MessageRow>(
      `SELECT message.role, message.text, message.current_path, message.context, message.created_at
       FROM thread_messages AS message JOIN (${keptMessageIds}) AS kept ON kept.id = message.id
       ORDER BY message.id`,
      [threadId, budget.maxMessages, budget.maxBytes],
    );
    return result.rows.map(toThreadMessage);
  }

  async findThreadWithRecentMessages(id: string, budget: RecentMessagesBudget): Promise<ThreadWithRecentMessages | undefined> {
    // One statement: the thread row, its chosen messages as one JSON array beside it.
    const result = await this.#pool.query<ThreadRow & { recent_messages: MessageRow[] }>(
      `SELECT thread.*, COALESCE(recent.messages, '[]'::json) AS recent_messages
       FROM threads AS thread
       LEFT JOIN LATERAL (
         SELECT json_agg(json_build_object(
           'role', message.role, 'text', message.text, 'current_path', message.current_path,
           'context', message.context, 'created_at', message.created_at) ORDER BY message.id) AS messages
         FROM thread_messages AS message JOIN (${keptMessageIds}) AS kept ON kept.id = message.id
       ) AS recent ON true
       WHERE thread.id = $1`,
      [id, budget.maxMessages, budget.maxBytes],
    );
    const row = result.rows[0];
    return row && { thread: toThread(row), recentMessages: row.recent_messages.map(toThreadMessage) };
  }

  async count(): Promise<number> {
    const result = await this.#pool.query<{ count: string }>('SELECT COUNT(*) AS count FROM threads');
    return Number(result.rows[0]?.count ?? 0);
  }

  async purgeThreads(updatedBefore: number): Promise<number> {
    // In batches, so a large purge never holds many row locks (or one long transaction) at once.
    let deleted = 0;
    for (;;) {
      const result = await this.#pool.query(
        'DELETE FROM threads WHERE id IN (SELECT id FROM threads WHERE updated_at < $1 LIMIT $2)',
        [updatedBefore, purgeBatchSize],
      );
      deleted += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < purgeBatchSize) return deleted;
    }
  }
}
