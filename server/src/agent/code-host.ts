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
  /** Origin links are built on, e.g. `http://127.0.0.1:4173`. */
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
];

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
}

/** The path a local pull request is served at (below the public base URL). */
export function pullRequestPath(projectId: string, number: number): string {
  return `/pulls/${encodeURIComponent(projectId)}/${number}`;
}

/**
 * The reference server's code host: there is no GitHub to reach, so the pull request (title,
 * branch, a snapshot of the diff) is recorded in the database and served by the server itself
 * at `{publicBaseUrl}/pulls/{projectId}/{number}`.
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
    const number = this.#database.transaction(() => {
      const existing = this.#database
        .prepare('SELECT number FROM local_pull_requests WHERE project_id = ? AND branch = ?')
        .get(request.projectId, request.branch) as { number: number } | undefined;
      if (existing) {
        this.#database
          .prepare(
            `UPDATE local_pull_requests SET title = ?, body = ?, files = ?, diff = ?, updated_at = ?
             WHERE project_id = ? AND number = ?`,
          )
          .run(request.title, request.body, JSON.stringify(changes.files), changes.diff, now, request.projectId, existing.number);
        return existing.number;
      }
      const next = this.#database
        .prepare('SELECT COALESCE(MAX(number), 0) + 1 AS number FROM local_pull_requests WHERE project_id = ?')
        .get(request.projectId) as { number: number };
      this.#database
        .prepare(
          `INSERT INTO local_pull_requests
             (project_id, number, job_id, branch, base_ref, title, body, files, diff, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
        );
      return next.number;
    })();
    return { number, url: `${request.publicBaseUrl.replace(/\/+$/, '')}${pullRequestPath(request.projectId, number)}` };
  }

  /** A recorded pull request, or `undefined`. */
  get(projectId: string, number: number): LocalPullRequest | undefined {
    const row = this.#database
      .prepare('SELECT * FROM local_pull_requests WHERE project_id = ? AND number = ?')
      .get(projectId, number) as PullRequestRow | undefined;
    if (!row) return undefined;
    return {
      projectId: row.project_id,
      number: row.number,
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
}
