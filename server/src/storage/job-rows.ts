import type { HaltReason, JobRecord, JobStatus } from '../agent/job-types';

/* The `agent_jobs` row shape both engines share, and its mapping to a JobRecord. */

/** A row of `agent_jobs` as selected with {@link jobColumns}. */
export interface JobRow {
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
  created_at: number | string;
  updated_at: number | string;
  archived_at: number | string | null;
}

/** The columns of a {@link JobRow}, for `SELECT`. */
export const jobColumns = `id, project_id, status, repository, ref, branch, model, title, message_to_user, halt_reason,
  pr_link, user_id, public_base_url, created_at, updated_at, archived_at`;

/** The message a job archived mid-run keeps. */
export const archivedWhileActiveMessage =
  'The job was archived while the agent was working; its unfinished work was not committed.';

/** A row as the storage interface hands it out (PostgreSQL's BIGINT times arrive as strings). */
export function toJobRecord(row: JobRow): JobRecord {
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
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    archivedAt: row.archived_at === null ? null : Number(row.archived_at),
  };
}

/** Rows of `SELECT status, COUNT(*) AS count … GROUP BY status` as counts by state (both engines). */
export function toCountsByStatus(rows: readonly { status: JobStatus; count: number | string }[]): Partial<Record<JobStatus, number>> {
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}
