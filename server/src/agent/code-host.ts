import type { PullRequestStorage } from '../storage/storage';
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

/** Whether a path segment can be a page id (so anything else is refused before a query). */
export function isAccessKey(value: string): boolean {
  return /^[A-Za-z0-9_-]{22,64}$/.test(value) && !/^[0-9]+$/.test(value);
}

/**
 * The path a local pull request is served at (below the public base URL): its unguessable
 * id, or its number (which only an admin key of the project can open).
 */
export function pullRequestPath(projectId: string, reference: string | number): string {
  return `/pulls/${encodeURIComponent(projectId)}/${encodeURIComponent(String(reference))}`;
}

/** The largest number a pull request can have (the column is a 32-bit integer on PostgreSQL). */
const largestNumber = 2 ** 31 - 1;

/**
 * The reference server's code host: there is no GitHub to reach, so the pull request (title,
 * branch, a snapshot of the diff) is recorded in the storage, shared by every instance, and
 * served by the server itself at `{publicBaseUrl}/pulls/{projectId}/{accessKey}`, an address
 * nobody can guess.
 */
export class LocalCodeHost implements CodeHost {
  readonly #pullRequests: PullRequestStorage;

  /** @param pullRequests Where pull requests are kept (`storage.pullRequests`). */
  constructor(pullRequests: PullRequestStorage) {
    this.#pullRequests = pullRequests;
  }

  /** Records (or refreshes) the pull request for the request's branch. */
  async openPullRequest(request: PullRequestRequest): Promise<PullRequestReference> {
    const changes = await branchChanges(request.repositoryPath, request.baseRef, request.branch);
    const recorded = await this.#pullRequests.save({
      projectId: request.projectId,
      jobId: request.jobId,
      branch: request.branch,
      baseRef: request.baseRef,
      title: request.title,
      body: request.body,
      files: changes.files,
      diff: changes.diff,
    });
    const base = request.publicBaseUrl.replace(/\/+$/, '');
    return { number: recorded.number, url: `${base}${pullRequestPath(request.projectId, recorded.accessKey)}` };
  }

  /** A recorded pull request by number (for admin keys of the project), or `undefined`. */
  async get(projectId: string, number: number): Promise<LocalPullRequest | undefined> {
    if (!Number.isSafeInteger(number) || number < 1 || number > largestNumber) return undefined;
    return this.#pullRequests.find(projectId, number);
  }

  /** A recorded pull request by its unguessable id (the one in `prLink`), or `undefined`. */
  async getByAccessKey(projectId: string, accessKey: string): Promise<LocalPullRequest | undefined> {
    if (!isAccessKey(accessKey)) return undefined;
    return this.#pullRequests.findByAccessKey(projectId, accessKey);
  }
}
