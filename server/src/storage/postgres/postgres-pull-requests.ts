import type pg from 'pg';
import type { LocalPullRequest } from '../../agent/code-host';
import { newAccessKey, pullRequestColumns, pullRequestValues, toPullRequest, type PullRequestRow } from '../pull-request-rows';
import type { PullRequestChanges, PullRequestStorage } from '../storage';

/** Tries of a new pull request's number before giving up (each lost race costs one). */
const numberAttempts = 16;

/** Whether the error is another instance having taken the same number first. */
function isNumberTaken(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'local_pull_requests_pkey';
}

/** The built-in code host's pull requests in PostgreSQL (see {@link PullRequestStorage}); one round trip per call. */
export class PostgresPullRequests implements PullRequestStorage {
  readonly #pool: pg.Pool;
  readonly #clock: () => number;

  /**
   * @param pool The storage's pool (migrations already applied).
   * @param clock Current time in milliseconds. Default: `Date.now`.
   */
  constructor(pool: pg.Pool, clock: () => number = Date.now) {
    this.#pool = pool;
    this.#clock = clock;
  }

  async save(changes: PullRequestChanges): Promise<LocalPullRequest> {
    const now = this.#clock();
    for (let attempt = 1; ; attempt++) {
      try {
        // Insert with the project's next number, or update the branch's pull request: one
        // statement. Two instances opening pull requests of one project at once may pick the
        // same number; the loser gets a unique violation and tries again with the next one.
        const result = await this.#pool.query<PullRequestRow>(
          `INSERT INTO local_pull_requests
             (project_id, number, access_key, job_id, branch, base_ref, title, body, files, diff, created_at, updated_at)
           SELECT $1, COALESCE(MAX(number), 0) + 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10 FROM local_pull_requests WHERE project_id = $1
           ON CONFLICT (project_id, branch) DO UPDATE SET
             title = EXCLUDED.title, body = EXCLUDED.body, files = EXCLUDED.files, diff = EXCLUDED.diff, updated_at = EXCLUDED.updated_at
           RETURNING ${pullRequestColumns}`,
          [changes.projectId, newAccessKey(), ...pullRequestValues(changes), now],
        );
        return toPullRequest(result.rows[0] as PullRequestRow);
      } catch (error) {
        if (!isNumberTaken(error) || attempt >= numberAttempts) throw error;
      }
    }
  }

  async find(projectId: string, number: number): Promise<LocalPullRequest | undefined> {
    const result = await this.#pool.query<PullRequestRow>(
      `SELECT ${pullRequestColumns} FROM local_pull_requests WHERE project_id = $1 AND number = $2`,
      [projectId, number],
    );
    return result.rows[0] && toPullRequest(result.rows[0]);
  }

  async findByAccessKey(projectId: string, accessKey: string): Promise<LocalPullRequest | undefined> {
    const result = await this.#pool.query<PullRequestRow>(
      `SELECT ${pullRequestColumns} FROM local_pull_requests WHERE project_id = $1 AND access_key = $2`,
      [projectId, accessKey],
    );
    return result.rows[0] && toPullRequest(result.rows[0]);
  }
}
