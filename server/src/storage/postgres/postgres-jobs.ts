import type pg from 'pg';
import type { JobOutcome, JobRecord, JobStatus, NewJob, QueuedPrompt, TodoItem } from '../../agent/job-types';
import { archivedWhileActiveMessage, jobColumns, toCountsByStatus, toJobRecord, type JobRow } from '../job-rows';
import type { JobClaim, JobStorage } from '../storage';
import { inTransaction } from './transaction';

interface PromptRow {
  id: string;
  prompt: string;
  attempts: number;
}

const toPrompt = (row: PromptRow): QueuedPrompt => ({ id: Number(row.id), prompt: row.prompt, attempts: Number(row.attempts) });

/**
 * Agent jobs in PostgreSQL (see {@link JobStorage}). Changes that must not interleave (a
 * follow-up arriving while the job finishes, an archive) lock the job's row first; claims are
 * single conditional updates, and `claimNext` skips rows another instance is claiming.
 */
export class PostgresJobs implements JobStorage {
  readonly #pool: pg.Pool;
  readonly #now: () => number;

  /**
   * @param pool The storage's pool (migrations already applied).
   * @param now Clock in milliseconds. Default: `Date.now`.
   */
  constructor(pool: pg.Pool, now: () => number = Date.now) {
    this.#pool = pool;
    this.#now = now;
  }

  async create(job: NewJob): Promise<JobRecord> {
    const now = this.#now();
    const result = await this.#pool.query<JobRow>(
      `WITH job AS (
         INSERT INTO agent_jobs (id, project_id, status, repository, ref, branch, model, user_id, public_base_url, created_at, updated_at)
         VALUES ($1, $2, 'active', $3, $4, $5, $6, $7, $8, $9, $9) RETURNING ${jobColumns}
       ), prompt AS (
         INSERT INTO agent_prompts (job_id, prompt, state, created_at) SELECT id, $10, 'pending', $9 FROM job
       )
       SELECT * FROM job`,
      [job.id, job.projectId, job.repository, job.ref, job.branch, job.model, job.userId, job.publicBaseUrl, now, job.prompt],
    );
    return toJobRecord(result.rows[0] as JobRow);
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const result = await this.#pool.query<JobRow>(`SELECT ${jobColumns} FROM agent_jobs WHERE id = $1`, [id]);
    return result.rows[0] && toJobRecord(result.rows[0]);
  }

  async list(projectId: string): Promise<JobRecord[]> {
    const result = await this.#pool.query<JobRow>(
      `SELECT ${jobColumns} FROM agent_jobs WHERE project_id = $1 ORDER BY created_at DESC, sequence DESC`,
      [projectId],
    );
    return result.rows.map(toJobRecord);
  }

  async addPrompt(id: string, prompt: string): Promise<JobRecord | undefined> {
    const now = this.#now();
    return inTransaction(this.#pool, async (client) => {
      const locked = await client.query<{ status: string }>('SELECT status FROM agent_jobs WHERE id = $1 FOR UPDATE', [id]);
      const status = locked.rows[0]?.status;
      if (status === undefined || status === 'archived') return undefined;
      await client.query(`INSERT INTO agent_prompts (job_id, prompt, state, created_at) VALUES ($1, $2, 'pending', $3)`, [id, prompt, now]);
      const updated = await client.query<JobRow>(
        `UPDATE agent_jobs SET status = 'active', updated_at = $2,
           halt_reason = CASE WHEN status = 'active' THEN halt_reason ELSE NULL END
         WHERE id = $1 RETURNING ${jobColumns}`,
        [id, now],
      );
      return toJobRecord(updated.rows[0] as JobRow);
    });
  }

  async firstPrompt(jobId: string): Promise<string> {
    const result = await this.#pool.query<{ prompt: string }>('SELECT prompt FROM agent_prompts WHERE job_id = $1 ORDER BY id LIMIT 1', [jobId]);
    return result.rows[0]?.prompt ?? '';
  }

  async hasPendingPrompts(jobId: string): Promise<boolean> {
    const result = await this.#pool.query(`SELECT 1 FROM agent_prompts WHERE job_id = $1 AND state = 'pending' LIMIT 1`, [jobId]);
    return result.rows.length > 0;
  }

  async takePendingPrompts(jobId: string): Promise<QueuedPrompt[]> {
    const result = await this.#pool.query<PromptRow>(
      `UPDATE agent_prompts SET state = 'running', attempts = attempts + 1
       WHERE job_id = $1 AND state = 'pending' RETURNING id, prompt, attempts`,
      [jobId],
    );
    return result.rows.map(toPrompt).sort((first, second) => first.id - second.id);
  }

  async dropQueuedPrompts(jobId: string): Promise<void> {
    await this.#pool.query(`UPDATE agent_prompts SET state = 'done' WHERE job_id = $1 AND state != 'done'`, [jobId]);
  }

  async completePrompts(promptIds: readonly number[]): Promise<void> {
    if (promptIds.length === 0) return;
    await this.#pool.query(`UPDATE agent_prompts SET state = 'done' WHERE id = ANY($1::bigint[])`, [promptIds]);
  }

  async requeueInterruptedPrompts(jobId: string): Promise<number> {
    const result = await this.#pool.query<{ attempts: number | null }>(
      `WITH requeued AS (
         UPDATE agent_prompts SET state = 'pending' WHERE job_id = $1 AND state = 'running' RETURNING attempts
       ) SELECT MAX(attempts) AS attempts FROM requeued`,
      [jobId],
    );
    return Number(result.rows[0]?.attempts ?? 0);
  }

  async conversation(jobId: string): Promise<unknown[]> {
    const result = await this.#pool.query<{ conversation: string }>('SELECT conversation FROM agent_jobs WHERE id = $1', [jobId]);
    const row = result.rows[0];
    return row ? (JSON.parse(row.conversation) as unknown[]) : [];
  }

  async saveConversation(jobId: string, messages: readonly unknown[]): Promise<void> {
    await this.#pool.query('UPDATE agent_jobs SET conversation = $2, updated_at = $3 WHERE id = $1', [jobId, JSON.stringify(messages), this.#now()]);
  }

  async todos(jobId: string): Promise<TodoItem[]> {
    const result = await this.#pool.query<TodoItem>('SELECT id, content, status FROM agent_todos WHERE job_id = $1 ORDER BY position', [jobId]);
    return result.rows;
  }

  async saveTodos(jobId: string, todos: readonly TodoItem[]): Promise<void> {
    // One statement: the new items overwrite positions 0…n-1, and whatever lies past them goes.
    await this.#pool.query(
      `WITH written AS (
         INSERT INTO agent_todos (job_id, position, id, content, status)
         SELECT $1, item.position - 1, item.id, item.content, item.status
         FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS item(id, content, status, position)
         ON CONFLICT (job_id, position) DO UPDATE SET id = EXCLUDED.id, content = EXCLUDED.content, status = EXCLUDED.status
       )
       DELETE FROM agent_todos WHERE job_id = $1 AND position >= $5`,
      [jobId, todos.map((todo) => todo.id), todos.map((todo) => todo.content), todos.map((todo) => todo.status), todos.length],
    );
  }

  async saveTitle(jobId: string, title: string): Promise<void> {
    await this.#pool.query('UPDATE agent_jobs SET title = $2, updated_at = $3 WHERE id = $1', [jobId, title, this.#now()]);
  }

  async finish(jobId: string, outcome: JobOutcome, instanceId?: string): Promise<boolean> {
    return inTransaction(this.#pool, async (client) => {
      // The row lock orders this against addPrompt: a follow-up is either seen here or arrives after.
      const locked = await client.query<{ status: string; claimed_by: string | null }>(
        'SELECT status, claimed_by FROM agent_jobs WHERE id = $1 FOR UPDATE',
        [jobId],
      );
      const job = locked.rows[0];
      if (!job || job.status !== 'active') return false;
      if (instanceId !== undefined && job.claimed_by !== instanceId) return false;
      const updated = await client.query(
        `UPDATE agent_jobs SET status = $2, halt_reason = $3, message_to_user = $4, title = COALESCE($5, title),
           pr_link = COALESCE($6, pr_link), updated_at = $7, claimed_by = NULL, lease_until = NULL
         WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM agent_prompts WHERE job_id = $1 AND state = 'pending')`,
        [jobId, outcome.status, outcome.haltReason, outcome.messageToUser, outcome.title ?? null, outcome.prLink ?? null, this.#now()],
      );
      return updated.rowCount === 1;
    });
  }

  async archive(jobId: string): Promise<JobRecord | undefined> {
    const now = this.#now();
    return inTransaction(this.#pool, async (client) => {
      const locked = await client.query<JobRow>(`SELECT ${jobColumns} FROM agent_jobs WHERE id = $1 FOR UPDATE`, [jobId]);
      const row = locked.rows[0];
      if (!row) return undefined;
      if (row.status === 'archived') return toJobRecord(row);
      await client.query(`UPDATE agent_prompts SET state = 'done' WHERE job_id = $1 AND state != 'done'`, [jobId]);
      const updated = await client.query<JobRow>(
        `UPDATE agent_jobs SET status = 'archived', archived_at = $2, updated_at = $2, claimed_by = NULL, lease_until = NULL,
           message_to_user = CASE WHEN status = 'active' THEN $3 ELSE message_to_user END
         WHERE id = $1 RETURNING ${jobColumns}`,
        [jobId, now, archivedWhileActiveMessage],
      );
      return toJobRecord(updated.rows[0] as JobRow);
    });
  }

  async claim(jobId: string, claim: JobClaim, now: number): Promise<boolean> {
    const result = await this.#pool.query(
      `UPDATE agent_jobs SET claimed_by = $2, lease_until = $3
       WHERE id = $1 AND status = 'active' AND (claimed_by IS NULL OR lease_until < $4 OR claimed_by = $2)`,
      [jobId, claim.instanceId, now + claim.leaseMilliseconds, now],
    );
    return result.rowCount === 1;
  }

  async claimNext(claim: JobClaim, now: number): Promise<JobRecord | undefined> {
    const result = await this.#pool.query<JobRow>(
      `UPDATE agent_jobs SET claimed_by = $1, lease_until = $2
       WHERE id = (
         SELECT id FROM agent_jobs WHERE status = 'active' AND (claimed_by IS NULL OR lease_until < $3)
         ORDER BY created_at, sequence LIMIT 1 FOR UPDATE SKIP LOCKED
       ) RETURNING ${jobColumns}`,
      [claim.instanceId, now + claim.leaseMilliseconds, now],
    );
    return result.rows[0] && toJobRecord(result.rows[0]);
  }

  async renewLease(jobId: string, claim: JobClaim, now: number): Promise<boolean> {
    const result = await this.#pool.query(
      `UPDATE agent_jobs SET lease_until = $3 WHERE id = $1 AND claimed_by = $2 AND status = 'active'`,
      [jobId, claim.instanceId, now + claim.leaseMilliseconds],
    );
    return result.rowCount === 1;
  }

  async release(jobId: string, instanceId: string): Promise<void> {
    await this.#pool.query('UPDATE agent_jobs SET claimed_by = NULL, lease_until = NULL WHERE id = $1 AND claimed_by = $2', [jobId, instanceId]);
  }

  async countByStatus(): Promise<Partial<Record<JobStatus, number>>> {
    const result = await this.#pool.query<{ status: JobStatus; count: string }>('SELECT status, COUNT(*) AS count FROM agent_jobs GROUP BY status');
    return toCountsByStatus(result.rows);
  }
}
