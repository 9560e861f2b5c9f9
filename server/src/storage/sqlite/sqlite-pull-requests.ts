import type { LocalPullRequest } from '../../agent/code-host';
import { applyMigrations, type DocentDatabase } from '../database';
import { newAccessKey, pullRequestColumns, pullRequestValues, toPullRequest, type PullRequestRow } from '../pull-request-rows';
import type { PullRequestChanges, PullRequestStorage } from '../storage';

// Append-only: released steps are never edited (see applyMigrations). The module name and its
// first steps are those the code host used when it kept this table itself, so data folders
// written then keep their pull requests.
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

/** The built-in code host's pull requests in SQLite (see {@link PullRequestStorage}). */
export class SqlitePullRequests implements PullRequestStorage {
  readonly #database: DocentDatabase;
  readonly #clock: () => number;

  /**
   * @param database An open database; its table is created or migrated here (module `local-pull-requests`).
   * @param clock Current time in milliseconds. Default: `Date.now`.
   */
  constructor(database: DocentDatabase, clock: () => number = Date.now) {
    applyMigrations(database, 'local-pull-requests', migrations);
    this.#database = database;
    this.#clock = clock;
  }

  async save(changes: PullRequestChanges): Promise<LocalPullRequest> {
    const now = this.#clock();
    const files = JSON.stringify(changes.files);
    const row = this.#database.transaction((): PullRequestRow => {
      const updated = this.#database
        .prepare(
          `UPDATE local_pull_requests SET title = ?, body = ?, files = ?, diff = ?, updated_at = ?
           WHERE project_id = ? AND branch = ? RETURNING ${pullRequestColumns}`,
        )
        .get(changes.title, changes.body, files, changes.diff, now, changes.projectId, changes.branch) as PullRequestRow | undefined;
      if (updated) return updated;
      return this.#database
        .prepare(
          `INSERT INTO local_pull_requests
             (project_id, number, access_key, job_id, branch, base_ref, title, body, files, diff, created_at, updated_at)
           SELECT ?, COALESCE(MAX(number), 0) + 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM local_pull_requests WHERE project_id = ?
           RETURNING ${pullRequestColumns}`,
        )
        .get(changes.projectId, newAccessKey(), ...pullRequestValues(changes), now, now, changes.projectId) as PullRequestRow;
    })();
    return toPullRequest(row);
  }

  async find(projectId: string, number: number): Promise<LocalPullRequest | undefined> {
    const row = this.#database
      .prepare(`SELECT ${pullRequestColumns} FROM local_pull_requests WHERE project_id = ? AND number = ?`)
      .get(projectId, number) as PullRequestRow | undefined;
    return row && toPullRequest(row);
  }

  async findByAccessKey(projectId: string, accessKey: string): Promise<LocalPullRequest | undefined> {
    const row = this.#database
      .prepare(`SELECT ${pullRequestColumns} FROM local_pull_requests WHERE project_id = ? AND access_key = ?`)
      .get(projectId, accessKey) as PullRequestRow | undefined;
    return row && toPullRequest(row);
  }
}
