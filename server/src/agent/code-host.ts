import { randomBytes } from 'node:crypto';
import { applyMigrations, type DocentDatabase } from '../storage/database';
import { branchChanges } from './git-workspace';

/** What a job asks of the code host when its branch has changes. */
export interface PullRequestRequest {
  projectId: string;
  /** The job that made the changes. */
  jobId: string;
  /** Path of the project's repository (the job's branch lives there). */
  repositoryPath: string;
  /** The job's branch, e.g. `docent/<job-id>`. */
  branch: string;
  /** The branch the changes are proposed for, e.g. `main`. */
  baseRef: string;
  title: string;
  /** Description shown on the pull request (the agent's message to the user). */
  body: string;
  /** Base links are built on (the configured `publicUrl`), e.g. `https://docs-api.example.com`. */
  publicBaseUrl: string;
}

/** A pull request as the code host knows it. */
export interface PullRequestReference {
  /** Number within the project, from 1. */
  number: number;
  /** Where a person reads it (the job's `prLink`). */
  url: string;
}

/**
 * Where jobs propose their changes. `openPullRequest` is idempotent per branch: calling it again
 * for a branch that already has a pull request updates that one (as pushing to a branch updates
 * its pull request on GitHub) and returns the same reference. A GitHub implementation would push
 * the branch and call the pull-request API here.
 */
export interface CodeHost {
  openPullRequest(request: PullRequestRequest): Promise<PullRequestReference>;
}

/** A pull request recorded by {@link LocalCodeHost}. */
export interface LocalPullRequest {
  projectId: string;
  number: number;
  /**
   * The unguessable id in the page's address (128 random bits, base64url): whoever has the
   * link can read the page; without it, only an admin key of the project can (by number).
   */
  accessKey: string;
  jobId: string;
  branch: string;
  baseRef: string;
  title: string;
  body: string;
  /** Changed paths, relative to the repository root. */
  files: string[];
  /** Unified diff of the branch against its base, as of the last update. */
  diff: string;
  createdAt: number;
  updatedAt: number;
}

const migrations = [
  `CREATE TABLE local_pull_requests (
    project_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    job_id TEXT NOT NULL,
    branch TEXT NOT NULL,
    base_ref TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    files TEXT NOT NULL,
    diff TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (project_id, number),
    UNIQUE (project_id, branch)
  )`,
  // Pages used to be served at their sequential number, so anyone could list every proposal.
  // Rows from then get a random key too (hex; new ones are base64url, both 128 bits).
  `ALTER TABLE local_pull_requests ADD COLUMN access_key TEXT`,
  `UPDATE local_pull_requests SET access_key = lower(hex(randomblob(16))) WHERE access_key IS NULL`,
  `CREATE UNIQUE INDEX local_pull_requests_access_key ON local_pull_requests (project_id, access_key)`,
];

/** A new page id: 16 random bytes (128 bits), base64url, 22 characters. */
function newAccessKey(): string {
  return randomBytes(16).toString('base64url');
}

/** Whether a path segment can be a page id (so anything else is refused before a query). */
export function isAccessKey(value: string): boolean {
  return /^[A-Za-z0-9_-]{22,64}$/.test(value) && !/^[0-9]+$/.test(value);
}

interface PullRequestRow {
  project_id: string;
  number: number;
  job_id: string;
  branch: string;
  base_ref: string;
  title: string;
  body: string;
  files: string;
  diff: string;
  created_at: number;
  updated_at: number;
  access_key: string;
}

/**
 * The path a local pull request is served at (below the public base URL): its unguessable
 * id, or its number (which only an admin key of the project can open).
 */
export function pullRequestPath(projectId: string, reference: string | number): string {
  return `/pulls/${encodeURIComponent(projectId)}/${encodeURIComponent(String(reference))}`;
}

/**
 * The reference server's code host: there is no GitHub to reach, so the pull request (title,
 * branch, a snapshot of the diff) is recorded in the database and served by the server itself
 * at `{publicBaseUrl}/pulls/{projectId}/{accessKey}`, an address nobody can guess.
 */
export class LocalCodeHost implements CodeHost {
  readonly #database: DocentDatabase;
  readonly #now: () => number;

  /**
   * @param database The server's database; the host creates its table (module `local-pull-requests`).
   * @param now Clock in milliseconds. Default: `Date.now`.
   */
  constructor(database: DocentDatabase, now: () => number = Date.now) {
    applyMigrations(database, 'local-pull-requests', migrations);
    this.#database = database;
    this.#now = now;
  }

  /** Records (or refreshes) the pull request for the request's branch. */
  async openPullRequest(request: PullRequestRequest): Promise<PullRequestReference> {
    const changes = await branchChanges(request.repositoryPath, request.baseRef, request.branch);
    const now = this.#now();
    const recorded = this.#database.transaction(() => {
      const existing = this.#database
        .prepare('SELECT number, access_key AS accessKey FROM local_pull_requests WHERE project_id = ? AND branch = ?')
        .get(request.projectId, request.branch) as { number: number; accessKey: string } | undefined;
      if (existing) {
        this.#database
          .prepare(
            `UPDATE local_pull_requests SET title = ?, body = ?, files = ?, diff = ?, updated_at = ?
             WHERE project_id = ? AND number = ?`,
          )
          .run(request.title, request.body, JSON.stringify(changes.files), changes.diff, now, request.projectId, existing.number);
        return existing;
      }
      const accessKey = newAccessKey();
      const next = this.#database
        .prepare('SELECT COALESCE(MAX(number), 0) + 1 AS number FROM local_pull_requests WHERE project_id = ?')
        .get(request.projectId) as { number: number };
      this.#database
        .prepare(
          `INSERT INTO local_pull_requests
             (project_id, number, job_id, branch, base_ref, title, body, files, diff, created_at, updated_at, access_key)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          request.projectId,
          next.number,
          request.jobId,
          request.branch,
          request.baseRef,
          request.title,
          request.body,
          JSON.stringify(changes.files),
          changes.diff,
          now,
          now,
          accessKey,
        );
      return { number: next.number, accessKey };
    })();
    const base = request.publicBaseUrl.replace(/\/+$/, '');
    return { number: recorded.number, url: `${base}${pullRequestPath(request.projectId, recorded.accessKey)}` };
  }

  /** A recorded pull request by number (for admin keys of the project), or `undefined`. */
  get(projectId: string, number: number): LocalPullRequest | undefined {
    const row = this.#database
      .prepare('SELECT * FROM local_pull_requests WHERE project_id = ? AND number = ?')
      .get(projectId, number) as PullRequestRow | undefined;
    return row && toPullRequest(row);
  }

  /** A recorded pull request by its unguessable id (the one in `prLink`), or `undefined`. */
  getByAccessKey(projectId: string, accessKey: string): LocalPullRequest | undefined {
    if (!isAccessKey(accessKey)) return undefined;
    const row = this.#database
      .prepare('SELECT * FROM local_pull_requests WHERE project_id = ? AND access_key = ?')
      .get(projectId, accessKey) as PullRequestRow | undefined;
    return row && toPullRequest(row);
  }
}

function toPullRequest(row: PullRequestRow): LocalPullRequest {
  return {
    projectId: row.project_id,
    number: row.number,
    accessKey: row.access_key,
    jobId: row.job_id,
    branch: row.branch,
    baseRef: row.base_ref,
    title: row.title,
    body: row.body,
    files: JSON.parse(row.files) as string[],
    diff: row.diff,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
