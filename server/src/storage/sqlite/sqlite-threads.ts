import { applyMigrations, type DocentDatabase } from '../database';
import type { ThreadStorage } from '../storage';
import { storedContext, toThread, toThreadMessage, type MessageRow, type ThreadRow } from '../thread-rows';
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

// Append-only: released steps are never edited (see applyMigrations).
const migrations = [
  `CREATE TABLE threads (
    id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    fp TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  )`,
  `CREATE TABLE thread_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    text TEXT NOT NULL,
    fp TEXT NOT NULL,
    current_path TEXT,
    context TEXT NOT NULL,
    created_at INTEGER NOT NULL
  )`,
  'CREATE INDEX thread_messages_by_thread ON thread_messages (thread_id, id)',
  // Issue 11: the thread's counts (for its limits), `fp` only on the thread, context only when sent.
  `ALTER TABLE threads ADD COLUMN message_count INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE threads ADD COLUMN byte_count INTEGER NOT NULL DEFAULT 0;
   UPDATE threads SET
     message_count = (SELECT COUNT(*) FROM thread_messages WHERE thread_id = threads.id),
     byte_count = (SELECT COALESCE(SUM(length(CAST(text AS BLOB))), 0) FROM thread_messages WHERE thread_id = threads.id);
   CREATE TABLE thread_messages_compact (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
     role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
     text TEXT NOT NULL,
     current_path TEXT,
     context TEXT,
     created_at INTEGER NOT NULL
   );
   INSERT INTO thread_messages_compact (id, thread_id, role, text, current_path, context, created_at)
     SELECT id, thread_id, role, text, current_path, NULLIF(context, '[]'), created_at FROM thread_messages;
   DROP TABLE thread_messages;
   ALTER TABLE thread_messages_compact RENAME TO thread_messages;
   CREATE INDEX thread_messages_by_thread ON thread_messages (thread_id, id);
   CREATE INDEX threads_by_updated ON threads (updated_at);`,
  // Each message's size, in the index, so a follow-up picks the messages within its byte budget
  // from the index alone and reads only those rows.
  `ALTER TABLE thread_messages ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
   UPDATE thread_messages SET bytes = length(CAST(text AS BLOB));
   DROP INDEX thread_messages_by_thread;
   CREATE INDEX thread_messages_by_thread ON thread_messages (thread_id, id, bytes);`,
];

/** Threads deleted per statement by a purge. */
const purgeBatchSize = 500;

/**
 * The newest messages within the budget (`withinBudget`'s rule: newest first, up to the first
 * that passes the byte budget, the newest always), chosen from the (thread_id, id, bytes) index,
 * then only those rows read. Parameters: thread id, most messages, most bytes.
 */
const recentMessagesStatement = `
  SELECT message.role, message.text, message.current_path, message.context, message.created_at
  FROM thread_messages AS message
  JOIN (
    SELECT id FROM (
      SELECT id, bytes, SUM(bytes) OVER (ORDER BY id DESC) AS running
      FROM (SELECT id, bytes FROM thread_messages WHERE thread_id = ? ORDER BY id DESC LIMIT ?)
    ) WHERE running <= ? OR running = bytes
  ) AS kept ON kept.id = message.id
  ORDER BY message.id`;

/** Threads and their messages in SQLite (see {@link ThreadStorage}). */
export class SqliteThreads implements ThreadStorage {
  readonly #database: DocentDatabase;
  readonly #clock: () => number;

  /**
   * @param database An open database; its tables are created or migrated here (module `threads`).
   * @param clock Current time in milliseconds. Default: `Date.now`.
   */
  constructor(database: DocentDatabase, clock: () => number = Date.now) {
    applyMigrations(database, 'threads', migrations);
    this.#database = database;
    this.#clock = clock;
  }

  async createThread(options: { domain: string; fp: string }): Promise<Thread> {
    const now = this.#clock();
    const thread: Thread = { id: createThreadId(), domain: options.domain, fp: options.fp, createdAt: now, updatedAt: now, messageCount: 0, byteCount: 0 };
    this.#database
      .prepare('INSERT INTO threads (id, domain, fp, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(thread.id, thread.domain, thread.fp, thread.createdAt, thread.updatedAt);
    return thread;
  }

  async findThread(id: string): Promise<Thread | undefined> {
    const row = this.#database.prepare('SELECT * FROM threads WHERE id = ?').get(id) as ThreadRow | undefined;
    return row && toThread(row);
  }

  async findThreadWithRecentMessages(id: string, budget: RecentMessagesBudget): Promise<ThreadWithRecentMessages | undefined> {
    // In-process, so two statements cost no round trip; one read transaction keeps them consistent.
    return this.#database.transaction(() => {
      const row = this.#database.prepare('SELECT * FROM threads WHERE id = ?').get(id) as ThreadRow | undefined;
      if (!row) return undefined;
      const messages = this.#database.prepare(recentMessagesStatement).all(id, budget.maxMessages, budget.maxBytes) as MessageRow[];
      return { thread: toThread(row), recentMessages: messages.map(toThreadMessage) };
    })();
  }

  async addMessages(messages: readonly NewThreadMessage[]): Promise<ThreadUsage> {
    const threadId = threadOfBatch(messages);
    const now = this.#clock();
    const insert = this.#database.prepare(
      'INSERT INTO thread_messages (thread_id, role, text, current_path, context, created_at, bytes) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    return this.#database.transaction((): ThreadUsage => {
      for (const message of messages) {
        insert.run(threadId, message.role, message.text, message.currentPath, storedContext(message.context), now, messageBytes(message.text));
      }
      const usage = this.#database
        .prepare(
          `UPDATE threads SET updated_at = ?, message_count = message_count + ?, byte_count = byte_count + ?
           WHERE id = ? RETURNING message_count AS messageCount, byte_count AS byteCount`,
        )
        .get(now, messages.length, batchBytes(messages), threadId) as ThreadUsage | undefined;
      if (!usage) throw new Error(`no thread ${threadId} to add messages to`);
      return usage;
    })();
  }

  async recentMessages(threadId: string, budget: RecentMessagesBudget): Promise<ThreadMessage[]> {
    const rows = this.#database.prepare(recentMessagesStatement).all(threadId, budget.maxMessages, budget.maxBytes) as MessageRow[];
    return rows.map(toThreadMessage);
  }

  async count(): Promise<number> {
    return (this.#database.prepare('SELECT COUNT(*) AS count FROM threads').get() as { count: number }).count;
  }

  async purgeThreads(updatedBefore: number): Promise<number> {
    // In batches with a turn of the event loop between them: SQLite works synchronously, and one
    // large delete would stall every request meanwhile.
    const remove = this.#database.prepare('DELETE FROM threads WHERE id IN (SELECT id FROM threads WHERE updated_at < ? LIMIT ?)');
    let deleted = 0;
    for (;;) {
      const changes = remove.run(updatedBefore, purgeBatchSize).changes;
      deleted += changes;
      if (changes < purgeBatchSize) return deleted;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
