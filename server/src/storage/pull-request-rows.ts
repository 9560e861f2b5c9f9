import { randomBytes } from 'node:crypto';
import type { LocalPullRequest } from '../agent/code-host';
import type { PullRequestChanges } from './storage';

/* The `local_pull_requests` row both engines share, and its mapping to a LocalPullRequest. */

/** A row of `local_pull_requests` (PostgreSQL's BIGINT columns arrive as strings). */
export interface PullRequestRow {
  project_id: string;
  number: number;
  access_key: string;
  job_id: string;
  branch: string;
  base_ref: string;
  title: string;
  body: string;
  /** JSON array of paths. */
  files: string;
  diff: string;
  created_at: number | string;
  updated_at: number | string;
}

/** The columns of a {@link PullRequestRow}, for `SELECT` and `RETURNING`. */
export const pullRequestColumns = 'project_id, number, access_key, job_id, branch, base_ref, title, body, files, diff, created_at, updated_at';

/**
 * The values of columns `job_id, branch, base_ref, title, body, files, diff` (in that order)
 * for a pull request's changes.
 */
export function pullRequestValues(changes: PullRequestChanges): [string, string, string, string, string, string, string] {
  return [changes.jobId, changes.branch, changes.baseRef, changes.title, changes.body, JSON.stringify(changes.files), changes.diff];
}

/** A new page id: 16 random bytes (128 bits), base64url, 22 characters. */
export function newAccessKey(): string {
  return randomBytes(16).toString('base64url');
}

/** A pull-request row as the storage interface hands it out (both engines). */
export function toPullRequest(row: PullRequestRow): LocalPullRequest {
  return {
    projectId: row.project_id,
    number: Number(row.number),
    accessKey: row.access_key,
    jobId: row.job_id,
    branch: row.branch,
    baseRef: row.base_ref,
    title: row.title,
    body: row.body,
    files: JSON.parse(row.files) as string[],
    diff: row.diff,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
