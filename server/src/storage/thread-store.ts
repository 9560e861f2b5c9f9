import { randomBytes } from 'node:crypto';
import { applyMigrations, type DocentDatabase } from './database';

/** A conversation on one domain. */
export interface Thread {
  /** Unguessable id: 192 random bits, base64url (32 characters). */
  id: string;
  domain: string;
  /** The fingerprint (`fp`) of the request that started it. */
  fp: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
}

/** One stored turn of a thread. */
export interface ThreadMessage {
  threadId: string;
  role: 'user' | 'assistant';
  text: string;
  fp: string;
  /** The page the reader was on, when the client sent it. */
  currentPath: string | null;
  /** The context items sent with the question (`[]` when none). */
  context: unknown[];
  createdAt: number;
}

/** What {@link ThreadStore.addMessage} needs; the time comes from the store's clock. */
export type NewThreadMessage = Omit<ThreadMessage, 'createdAt'>;

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
];

interface MessageRow {
  thread_id: string;
  role: 'user' | 'assistant';
  text: string;
  fp: string;
  current_path: string | null;
  context: string;
  created_at: number;
}

interface ThreadRow {
  id: string;
  domain: string;
  fp: string;
  created_at: number;
  updated_at: number;
}

/** Creates a thread id: 24 random bytes, base64url, so 192 bits nobody can guess. */
export function createThreadId(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Threads and their messages in SQLite, so a restart loses nothing.
 *
 * @example
 * const threads = new ThreadStore(database);
 * const thread = threads.createThread({ domain: 'demo', fp: 'anonymous' });
 * threads.addMessage({ threadId: thread.id, role: 'user', text: 'Hi', fp: 'anonymous', currentPath: null, context: [] });
 */
export class ThreadStore {
  readonly #database: DocentDatabase;
  readonly #clock: () => number;

  /**
   * @param database An open database; the store creates its tables on first use.
   * @param clock Current time in milliseconds. Default: `Date.now`.
   */
  constructor(database: DocentDatabase, clock: () => number = Date.now) {
    applyMigrations(database, 'threads', migrations);
    this.#database = database;
    this.#clock = clock;
  }

  /** Starts a new thread on a domain. */
  createThread(options: { domain: string; fp: string }): Thread {
    const now = this.#clock();
    const thread: Thread = { id: createThreadId(), domain: options.domain, fp: options.fp, createdAt: now, updatedAt: now };
    this.#database
      .prepare('INSERT INTO threads (id, domain, fp, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(thread.id, thread.domain, thread.fp, thread.createdAt, thread.updatedAt);
    return thread;
  }

  /** The thread with this id, or `undefined`. */
  findThread(id: string): Thread | undefined {
    const row = this.#database.prepare('SELECT * FROM threads WHERE id = ?').get(id) as ThreadRow | undefined;
    return row && { id: row.id, domain: row.domain, fp: row.fp, createdAt: row.created_at, updatedAt: row.updated_at };
  }

  /** Appends a message to a thread and marks the thread updated. */
  addMessage(message: NewThreadMessage): void {
    const now = this.#clock();
    this.#database.transaction(() => {
      this.#database
        .prepare(
          `INSERT INTO thread_messages (thread_id, role, text, fp, current_path, context, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(message.threadId, message.role, message.text, message.fp, message.currentPath, JSON.stringify(message.context), now);
      this.#database.prepare('UPDATE threads SET updated_at = ? WHERE id = ?').run(now, message.threadId);
    })();
  }

  /** A thread's messages, oldest first. */
  listMessages(threadId: string): ThreadMessage[] {
    const rows = this.#database
      .prepare('SELECT * FROM thread_messages WHERE thread_id = ? ORDER BY id')
      .all(threadId) as MessageRow[];
    return rows.map((row) => ({
      threadId: row.thread_id,
      role: row.role,
      text: row.text,
      fp: row.fp,
      currentPath: row.current_path,
      context: JSON.parse(row.context) as unknown[],
      createdAt: row.created_at,
    }));
  }
}
