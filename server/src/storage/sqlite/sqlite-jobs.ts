import type { JobOutcome, JobRecord, JobStatus, NewJob, QueuedPrompt, TodoItem } from '../../agent/job-types';
import { applyMigrations, type DocentDatabase } from '../database';
import { archivedWhileActiveMessage, jobColumns, toCountsByStatus, toJobRecord, type JobRow } from '../job-rows';
import type { JobClaim, JobStorage } from '../storage';

// Append-only: released steps are never edited (see applyMigrations).
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
  // Claims: the instance running the job and until when its lease holds.
  'ALTER TABLE agent_jobs ADD COLUMN claimed_by TEXT; ALTER TABLE agent_jobs ADD COLUMN lease_until INTEGER;',
];

/**
 * Agent jobs in SQLite (see {@link JobStorage}). Each method runs synchronously inside one
 * transaction, so it is atomic with respect to the rest of the process; claims follow the same
 * contract as on PostgreSQL, though one process is all that ever uses the file.
 */
export class SqliteJobs implements JobStorage {
  readonly #database: DocentDatabase;
  readonly #now: () => number;

  /**
   * @param database An open database; its tables are created or migrated here (module `agent-jobs`).
   * @param now Clock in milliseconds. Default: `Date.now`.
   */
  constructor(database: DocentDatabase, now: () => number = Date.now) {
    applyMigrations(database, 'agent-jobs', migrations);
    this.#database = database;
    this.#now = now;
  }

  /** Drops every claim: at start-up the process holding the data-folder lock is the only runner. */
  releaseAllClaims(): void {
    this.#database.prepare('UPDATE agent_jobs SET claimed_by = NULL, lease_until = NULL WHERE claimed_by IS NOT NULL').run();
  }

  async create(job: NewJob): Promise<JobRecord> {
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
    return this.#get(job.id) as JobRecord;
  }

  async get(id: string): Promise<JobRecord | undefined> {
    return this.#get(id);
  }

  #get(id: string): JobRecord | undefined {
    const row = this.#database.prepare(`SELECT ${jobColumns} FROM agent_jobs WHERE id = ?`).get(id) as JobRow | undefined;
    return row && toJobRecord(row);
  }

  async list(projectId: string): Promise<JobRecord[]> {
    const rows = this.#database
      .prepare(`SELECT ${jobColumns} FROM agent_jobs WHERE project_id = ? ORDER BY created_at DESC, rowid DESC`)
      .all(projectId) as JobRow[];
    return rows.map(toJobRecord);
  }

  async addPrompt(id: string, prompt: string): Promise<JobRecord | undefined> {
    const now = this.#now();
    return this.#database.transaction(() => {
      const job = this.#get(id);
      if (!job || job.status === 'archived') return undefined;
      if (job.status !== 'active') {
        this.#database
          .prepare(`UPDATE agent_jobs SET status = 'active', halt_reason = NULL, updated_at = ? WHERE id = ?`)
          .run(now, id);
      }
      this.#insertPrompt(id, prompt, now);
      return this.#get(id);
    })();
  }

  #insertPrompt(jobId: string, prompt: string, now: number): void {
    this.#database
      .prepare(`INSERT INTO agent_prompts (job_id, prompt, state, created_at) VALUES (?, ?, 'pending', ?)`)
      .run(jobId, prompt, now);
  }

  async firstPrompt(jobId: string): Promise<string> {
    const row = this.#database
      .prepare('SELECT prompt FROM agent_prompts WHERE job_id = ? ORDER BY id LIMIT 1')
      .get(jobId) as { prompt: string } | undefined;
    return row?.prompt ?? '';
  }

  async hasPendingPrompts(jobId: string): Promise<boolean> {
    return this.#hasPendingPrompts(jobId);
  }

  #hasPendingPrompts(jobId: string): boolean {
    return (
      this.#database.prepare(`SELECT 1 FROM agent_prompts WHERE job_id = ? AND state = 'pending' LIMIT 1`).get(jobId) !==
      undefined
    );
  }

  async takePendingPrompts(jobId: string): Promise<QueuedPrompt[]> {
    return this.#database.transaction(() => {
      const prompts = this.#database
        .prepare(`SELECT id, prompt, attempts FROM agent_prompts WHERE job_id = ? AND state = 'pending' ORDER BY id`)
        .all(jobId) as QueuedPrompt[];
      const mark = this.#database.prepare(`UPDATE agent_prompts SET state = 'running', attempts = attempts + 1 WHERE id = ?`);
      for (const prompt of prompts) mark.run(prompt.id);
      return prompts.map((prompt) => ({ ...prompt, attempts: prompt.attempts + 1 }));
    })();
  }

  async dropQueuedPrompts(jobId: string): Promise<void> {
    this.#dropQueuedPrompts(jobId);
  }

  #dropQueuedPrompts(jobId: string): void {
    this.#database.prepare(`UPDATE agent_prompts SET state = 'done' WHERE job_id = ? AND state != 'done'`).run(jobId);
  }

  async completePrompts(promptIds: readonly number[]): Promise<void> {
    const mark = this.#database.prepare(`UPDATE agent_prompts SET state = 'done' WHERE id = ?`);
    this.#database.transaction(() => promptIds.forEach((promptId) => mark.run(promptId)))();
  }

  async requeueInterruptedPrompts(jobId: string): Promise<number> {
    return this.#database.transaction(() => {
      const row = this.#database
        .prepare(`SELECT MAX(attempts) AS attempts FROM agent_prompts WHERE job_id = ? AND state = 'running'`)
        .get(jobId) as { attempts: number | null };
      this.#database.prepare(`UPDATE agent_prompts SET state = 'pending' WHERE job_id = ? AND state = 'running'`).run(jobId);
      return row.attempts ?? 0;
    })();
  }

  async conversation(jobId: string): Promise<unknown[]> {
    const row = this.#database.prepare('SELECT conversation FROM agent_jobs WHERE id = ?').get(jobId) as
      | { conversation: string }
      | undefined;
    return row ? (JSON.parse(row.conversation) as unknown[]) : [];
  }

  async saveConversation(jobId: string, messages: readonly unknown[]): Promise<void> {
    this.#database
      .prepare('UPDATE agent_jobs SET conversation = ?, updated_at = ? WHERE id = ?')
      .run(JSON.stringify(messages), this.#now(), jobId);
  }

  async todos(jobId: string): Promise<TodoItem[]> {
    return this.#database
      .prepare('SELECT id, content, status FROM agent_todos WHERE job_id = ? ORDER BY position')
      .all(jobId) as TodoItem[];
  }

  async saveTodos(jobId: string, todos: readonly TodoItem[]): Promise<void> {
    const insert = this.#database.prepare('INSERT INTO agent_todos (job_id, position, id, content, status) VALUES (?, ?, ?, ?, ?)');
    this.#database.transaction(() => {
      this.#database.prepare('DELETE FROM agent_todos WHERE job_id = ?').run(jobId);
      todos.forEach((todo, position) => insert.run(jobId, position, todo.id, todo.content, todo.status));
    })();
  }

  async saveTitle(jobId: string, title: string): Promise<void> {
    this.#database.prepare('UPDATE agent_jobs SET title = ?, updated_at = ? WHERE id = ?').run(title, this.#now(), jobId);
  }

  async finish(jobId: string, outcome: JobOutcome, instanceId?: string): Promise<boolean> {
    return this.#database.transaction(() => {
      const job = this.#get(jobId);
      if (!job || job.status !== 'active' || this.#hasPendingPrompts(jobId)) return false;
      if (instanceId !== undefined && !this.#holds(jobId, instanceId)) return false;
      this.#database
        .prepare(
          `UPDATE agent_jobs SET status = ?, halt_reason = ?, message_to_user = ?, title = COALESCE(?, title),
             pr_link = COALESCE(?, pr_link), updated_at = ?, claimed_by = NULL, lease_until = NULL WHERE id = ?`,
        )
        .run(outcome.status, outcome.haltReason, outcome.messageToUser, outcome.title ?? null, outcome.prLink ?? null, this.#now(), jobId);
      return true;
    })();
  }

  async archive(jobId: string): Promise<JobRecord | undefined> {
    const now = this.#now();
    return this.#database.transaction(() => {
      const job = this.#get(jobId);
      if (!job) return undefined;
      if (job.status === 'archived') return job;
      this.#dropQueuedPrompts(jobId);
      this.#database
        .prepare(
          `UPDATE agent_jobs SET status = 'archived', archived_at = ?, updated_at = ?, claimed_by = NULL, lease_until = NULL,
             message_to_user = CASE WHEN status = 'active' THEN ? ELSE message_to_user END
           WHERE id = ?`,
        )
        .run(now, now, archivedWhileActiveMessage, jobId);
      return this.#get(jobId);
    })();
  }

  #holds(jobId: string, instanceId: string): boolean {
    return this.#database.prepare('SELECT 1 FROM agent_jobs WHERE id = ? AND claimed_by = ?').get(jobId, instanceId) !== undefined;
  }

  async claim(jobId: string, claim: JobClaim, now: number): Promise<boolean> {
    return this.#claim(jobId, claim, now);
  }

  #claim(jobId: string, claim: JobClaim, now: number): boolean {
    const result = this.#database
      .prepare(
        `UPDATE agent_jobs SET claimed_by = ?, lease_until = ?
         WHERE id = ? AND status = 'active' AND (claimed_by IS NULL OR lease_until < ? OR claimed_by = ?)`,
      )
      .run(claim.instanceId, now + claim.leaseMilliseconds, jobId, now, claim.instanceId);
    return result.changes === 1;
  }

  async claimNext(claim: JobClaim, now: number): Promise<JobRecord | undefined> {
    return this.#database.transaction(() => {
      const row = this.#database
        .prepare(
          `SELECT id FROM agent_jobs WHERE status = 'active' AND (claimed_by IS NULL OR lease_until < ?)
           ORDER BY created_at, rowid LIMIT 1`,
        )
        .get(now) as { id: string } | undefined;
      if (!row || !this.#claim(row.id, claim, now)) return undefined;
      return this.#get(row.id);
    })();
  }

  async renewLease(jobId: string, claim: JobClaim, now: number): Promise<boolean> {
    const result = this.#database
      .prepare(`UPDATE agent_jobs SET lease_until = ? WHERE id = ? AND claimed_by = ? AND status = 'active'`)
      .run(now + claim.leaseMilliseconds, jobId, claim.instanceId);
    return result.changes === 1;
  }

  async release(jobId: string, instanceId: string): Promise<void> {
    this.#database
      .prepare('UPDATE agent_jobs SET claimed_by = NULL, lease_until = NULL WHERE id = ? AND claimed_by = ?')
      .run(jobId, instanceId);
  }

  async countByStatus(): Promise<Partial<Record<JobStatus, number>>> {
    const rows = this.#database.prepare('SELECT status, COUNT(*) AS count FROM agent_jobs GROUP BY status').all() as { status: JobStatus; count: number }[];
    return toCountsByStatus(rows);
  }
}
