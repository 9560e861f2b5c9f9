import { applyMigrations, type DocentDatabase } from '../storage/database';
import type { HaltReason, JobOutcome, JobRecord, JobStatus, NewJob, QueuedPrompt, TodoItem } from './job-types';

const migrations = [
  `CREATE TABLE agent_jobs (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active', 'completed', 'archived', 'failed')),
    repository TEXT NOT NULL,
    ref TEXT NOT NULL,
    branch TEXT NOT NULL,
    model TEXT NOT NULL,
    title TEXT,
    message_to_user TEXT,
    halt_reason TEXT CHECK (halt_reason IN ('completed', 'github_missconfigured', 'error')),
    pr_link TEXT,
    user_id TEXT,
    public_base_url TEXT NOT NULL,
    conversation TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    archived_at INTEGER
  )`,
  'CREATE INDEX agent_jobs_by_project ON agent_jobs (project_id, created_at DESC)',
  'CREATE INDEX agent_jobs_by_status ON agent_jobs (status)',
  `CREATE TABLE agent_prompts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id TEXT NOT NULL REFERENCES agent_jobs(id) ON DELETE CASCADE,
    prompt TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'running', 'done')),
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  )`,
  'CREATE INDEX agent_prompts_by_job ON agent_prompts (job_id, state, id)',
  `CREATE TABLE agent_todos (
    job_id TEXT NOT NULL REFERENCES agent_jobs(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    id TEXT NOT NULL,
    content TEXT NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (job_id, position)
  )`,
];

interface JobRow {
  id: string;
  project_id: string;
  status: JobStatus;
  repository: string;
  ref: string;
  branch: string;
  model: string;
  title: string | null;
  message_to_user: string | null;
  halt_reason: HaltReason | null;
  pr_link: string | null;
  user_id: string | null;
  public_base_url: string;
  created_at: number;
  updated_at: number;
  archived_at: number | null;
}

const jobColumns = `id, project_id, status, repository, ref, branch, model, title, message_to_user, halt_reason,
  pr_link, user_id, public_base_url, created_at, updated_at, archived_at`;

function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    status: row.status,
    repository: row.repository,
    ref: row.ref,
    branch: row.branch,
    model: row.model,
    title: row.title,
    messageToUser: row.message_to_user,
    haltReason: row.halt_reason,
    prLink: row.pr_link,
    userId: row.user_id,
    publicBaseUrl: row.public_base_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    archivedAt: row.archived_at,
  };
}

/**
 * Agent jobs, their prompt queue, todo lists, conversations and outcomes in SQLite. Every
 * method is synchronous and therefore atomic with respect to the rest of the server, which is
 * what keeps "finish unless a follow-up is waiting" free of races.
 *
 * @example
 * const jobs = new JobStore(openDatabase('.docent'));
 * jobs.create({ id, projectId: 'demo', …, prompt: 'Fix the typos' });
 */
export class JobStore {
  readonly #database: DocentDatabase;
  readonly #now: () => number;

  /**
   * @param database The server's database; the store creates its tables (module `agent-jobs`).
   * @param now Clock in milliseconds. Default: `Date.now`.
   */
  constructor(database: DocentDatabase, now: () => number = Date.now) {
    applyMigrations(database, 'agent-jobs', migrations);
    this.#database = database;
    this.#now = now;
  }

  /** Stores a new `active` job with its first prompt pending. */
  create(job: NewJob): JobRecord {
    const now = this.#now();
    this.#database.transaction(() => {
      this.#database
        .prepare(
          `INSERT INTO agent_jobs (id, project_id, status, repository, ref, branch, model, user_id, public_base_url, created_at, updated_at)
           VALUES (?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(job.id, job.projectId, job.repository, job.ref, job.branch, job.model, job.userId, job.publicBaseUrl, now, now);
      this.#insertPrompt(job.id, job.prompt, now);
    })();
    return this.get(job.id) as JobRecord;
  }

  /** A job by id, or `undefined`. */
  get(id: string): JobRecord | undefined {
    const row = this.#database.prepare(`SELECT ${jobColumns} FROM agent_jobs WHERE id = ?`).get(id) as JobRow | undefined;
    return row && toRecord(row);
  }

  /** A project's jobs, newest first. */
  list(projectId: string): JobRecord[] {
    const rows = this.#database
      .prepare(`SELECT ${jobColumns} FROM agent_jobs WHERE project_id = ? ORDER BY created_at DESC, rowid DESC`)
      .all(projectId) as JobRow[];
    return rows.map(toRecord);
  }

  /** Jobs left `active` (at start-up: the ones a stop interrupted). */
  listActive(): JobRecord[] {
    const rows = this.#database
      .prepare(`SELECT ${jobColumns} FROM agent_jobs WHERE status = 'active' ORDER BY created_at, rowid`)
      .all() as JobRow[];
    return rows.map(toRecord);
  }

  /**
   * Adds a follow-up prompt. A `completed` or `failed` job becomes `active` again (its halt
   * reason cleared); an `active` job keeps running and the prompt waits its turn.
   * @returns the job after the change, or `undefined` when it is archived (nothing changes).
   */
  addPrompt(id: string, prompt: string): JobRecord | undefined {
    const now = this.#now();
    return this.#database.transaction(() => {
      const job = this.get(id);
      if (!job || job.status === 'archived') return undefined;
      if (job.status !== 'active') {
        this.#database
          .prepare(`UPDATE agent_jobs SET status = 'active', halt_reason = NULL, updated_at = ? WHERE id = ?`)
          .run(now, id);
      }
      this.#insertPrompt(id, prompt, now);
      return this.get(id);
    })();
  }

  #insertPrompt(jobId: string, prompt: string, now: number): void {
    this.#database
      .prepare(`INSERT INTO agent_prompts (job_id, prompt, state, created_at) VALUES (?, ?, 'pending', ?)`)
      .run(jobId, prompt, now);
  }

  /** The prompt the job was created with (empty when there is no such job). */
  firstPrompt(jobId: string): string {
    const row = this.#database
      .prepare('SELECT prompt FROM agent_prompts WHERE job_id = ? ORDER BY id LIMIT 1')
      .get(jobId) as { prompt: string } | undefined;
    return row?.prompt ?? '';
  }

  /** Whether prompts are waiting for the agent. */
  hasPendingPrompts(jobId: string): boolean {
    return (
      this.#database.prepare(`SELECT 1 FROM agent_prompts WHERE job_id = ? AND state = 'pending' LIMIT 1`).get(jobId) !==
      undefined
    );
  }

  /** Takes every pending prompt (oldest first), marking them `running` and counting the attempt. */
  takePendingPrompts(jobId: string): QueuedPrompt[] {
    return this.#database.transaction(() => {
      const prompts = this.#database
        .prepare(`SELECT id, prompt, attempts FROM agent_prompts WHERE job_id = ? AND state = 'pending' ORDER BY id`)
        .all(jobId) as QueuedPrompt[];
      const mark = this.#database.prepare(`UPDATE agent_prompts SET state = 'running', attempts = attempts + 1 WHERE id = ?`);
      for (const prompt of prompts) mark.run(prompt.id);
      return prompts.map((prompt) => ({ ...prompt, attempts: prompt.attempts + 1 }));
    })();
  }

  /** Marks every prompt not yet handled (waiting or taken) as handled: the job cannot run them. */
  dropQueuedPrompts(jobId: string): void {
    this.#database.prepare(`UPDATE agent_prompts SET state = 'done' WHERE job_id = ? AND state != 'done'`).run(jobId);
  }

  /** Marks taken prompts as handled. */
  completePrompts(promptIds: readonly number[]): void {
    const mark = this.#database.prepare(`UPDATE agent_prompts SET state = 'done' WHERE id = ?`);
    this.#database.transaction(() => promptIds.forEach((promptId) => mark.run(promptId)))();
  }

  /**
   * Puts prompts a stop interrupted (`running`) back in the queue.
   * @returns the most attempts any of them has had (0 when none was interrupted).
   */
  requeueInterruptedPrompts(jobId: string): number {
    return this.#database.transaction(() => {
      const row = this.#database
        .prepare(`SELECT MAX(attempts) AS attempts FROM agent_prompts WHERE job_id = ? AND state = 'running'`)
        .get(jobId) as { attempts: number | null };
      this.#database.prepare(`UPDATE agent_prompts SET state = 'pending' WHERE job_id = ? AND state = 'running'`).run(jobId);
      return row.attempts ?? 0;
    })();
  }

  /** The model conversation so far (AI SDK model messages), for follow-ups to continue. */
  conversation(jobId: string): unknown[] {
    const row = this.#database.prepare('SELECT conversation FROM agent_jobs WHERE id = ?').get(jobId) as
      | { conversation: string }
      | undefined;
    return row ? (JSON.parse(row.conversation) as unknown[]) : [];
  }

  /** Replaces the stored conversation. */
  saveConversation(jobId: string, messages: readonly unknown[]): void {
    this.#database
      .prepare('UPDATE agent_jobs SET conversation = ?, updated_at = ? WHERE id = ?')
      .run(JSON.stringify(messages), this.#now(), jobId);
  }

  /** The job's todo list, in order. */
  todos(jobId: string): TodoItem[] {
    return this.#database
      .prepare('SELECT id, content, status FROM agent_todos WHERE job_id = ? ORDER BY position')
      .all(jobId) as TodoItem[];
  }

  /** Replaces the job's todo list. */
  saveTodos(jobId: string, todos: readonly TodoItem[]): void {
    const insert = this.#database.prepare(
      'INSERT INTO agent_todos (job_id, position, id, content, status) VALUES (?, ?, ?, ?, ?)',
    );
    this.#database.transaction(() => {
      this.#database.prepare('DELETE FROM agent_todos WHERE job_id = ?').run(jobId);
      todos.forEach((todo, position) => insert.run(jobId, position, todo.id, todo.content, todo.status));
    })();
  }

  /** Records a title as soon as the agent chooses one. */
  saveTitle(jobId: string, title: string): void {
    this.#database.prepare('UPDATE agent_jobs SET title = ?, updated_at = ? WHERE id = ?').run(title, this.#now(), jobId);
  }

  /**
   * Ends an `active` job with `outcome`, unless prompts are waiting (then the agent must run
   * again and nothing changes) or the job is no longer active (it was archived meanwhile).
   * @returns whether the job ended.
   */
  finish(jobId: string, outcome: JobOutcome): boolean {
    return this.#database.transaction(() => {
      const job = this.get(jobId);
      if (!job || job.status !== 'active' || this.hasPendingPrompts(jobId)) return false;
      this.#database
        .prepare(
          `UPDATE agent_jobs SET status = ?, halt_reason = ?, message_to_user = ?, title = COALESCE(?, title),
             pr_link = COALESCE(?, pr_link), updated_at = ? WHERE id = ?`,
        )
        .run(
          outcome.status,
          outcome.haltReason,
          outcome.messageToUser,
          outcome.title ?? null,
          outcome.prLink ?? null,
          this.#now(),
          jobId,
        );
      return true;
    })();
  }

  /**
   * Archives a job: waiting prompts are dropped. A job archived while active keeps a
   * `messageToUser` saying so.
   * @returns the archived job, or `undefined` when there is no such job.
   */
  archive(jobId: string): JobRecord | undefined {
    const now = this.#now();
    return this.#database.transaction(() => {
      const job = this.get(jobId);
      if (!job) return undefined;
      if (job.status === 'archived') return job;
      this.dropQueuedPrompts(jobId);
      this.#database
        .prepare(
          `UPDATE agent_jobs SET status = 'archived', archived_at = ?, updated_at = ?,
             message_to_user = CASE WHEN status = 'active'
               THEN 'The job was archived while the agent was working; its unfinished work was not committed.'
               ELSE message_to_user END
           WHERE id = ?`,
        )
        .run(now, now, jobId);
      return this.get(jobId);
    })();
  }
}
