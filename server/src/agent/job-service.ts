import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { DocentConfig } from '../config';
import { ApiError } from '../http/api-error';
import type { JobStorage, PullRequestStorage } from '../storage/storage';
import type { AgentModelProvider } from './agent-model';
import { LocalCodeHost, type CodeHost } from './code-host';
import { isSafeRefName, jobBranchName, refExists, RepositoryMisconfiguredError } from './git-workspace';
import { createInstanceId, defaultLeaseMilliseconds } from './job-lease';
import { JobRuns } from './job-runs';
import type { JobRecord } from './job-types';
import { createProjectRepositories, type ProjectRepositories } from './project-repositories';

/** Model id a job shows when no agent model is configured. */
export const unconfiguredModelId = 'unconfigured';

/** What the job service is built from. */
export interface AgentJobServiceOptions {
  /** Where jobs are kept (`storage.jobs`): SQLite or PostgreSQL. */
  jobs: JobStorage;
  /** Where the built-in code host keeps its pull requests (`storage.pullRequests`; unused with `codeHost`). */
  pullRequests: PullRequestStorage;
  /** Projects (and their repositories), domains (for the embedded default) and the data folder. */
  config: Pick<DocentConfig, 'projects' | 'domains' | 'dataDir'>;
  /** The tool-calling model; `undefined` when none is configured (jobs then fail with a hint). */
  agentModel?: AgentModelProvider;
  /** Where pull requests are opened. Default: a {@link LocalCodeHost} on `pullRequests`. */
  codeHost?: CodeHost;
  /** Step budget per agent run. Default: the agent loop's default (24). */
  maxSteps?: number;
  /** Jobs running at once; others wait (still `active`). Default: 2. */
  maxConcurrentJobs?: number;
  /**
   * Times a prompt may be interrupted by a server stop and resumed; past it the job is marked
   * `failed` at start-up rather than resumed again. Default: 2.
   */
  maxResumes?: number;
  /** This instance's name in job claims. Default: host, pid and a random suffix. */
  instanceId?: string;
  /**
   * How long a claim on a job holds without a heartbeat: a job whose instance died is taken
   * over by another after this. Default: 30 s.
   */
  leaseMilliseconds?: number;
  /** Called with a job's unexpected error (for the server log). Default: nothing. */
  onUnexpectedError?: (jobId: string, error: unknown) => void;
}

/** What creating a job takes. */
export interface CreateJobRequest {
  prompt: string;
  /** Ref to branch from. Default: the repository's default branch. */
  ref?: string;
  /** Model id. Default: the configured agent model. */
  model?: string;
  /** Origin for the links the job creates (its pull request page). */
  publicBaseUrl: string;
  userId?: string | null;
}

/**
 * Agent jobs and their state machine:
 * - a new job is `active`; the agent runs in the background;
 * - success → `completed` (with `prLink` when the branch changed files, else `null`);
 *   an unrecoverable error → `failed`;
 * - a follow-up on a `completed` or `failed` job makes it `active` again; on an `active` job it
 *   is queued and handed to the agent after its current step; on an `archived` job → 409;
 * - jobs left `active` by a stop (or by an instance that died) are resumed by
 *   {@link recoverActiveJobs}, or marked `failed` once a prompt has been interrupted too often.
 *
 * This class answers the endpoints; the runs themselves (claims, heartbeats, slots, recovery)
 * are {@link JobRuns}'.
 */
export class AgentJobService {
  /** The jobs' storage. */
  readonly store: JobStorage;
  /** The built-in code host when no other was given (serves `/pulls/...`). */
  readonly localCodeHost: LocalCodeHost | undefined;
  readonly #repositories: ProjectRepositories;
  readonly #agentModel: AgentModelProvider | undefined;
  readonly #runs: JobRuns;
  readonly #leaseMilliseconds: number;

  constructor(options: AgentJobServiceOptions) {
    this.store = options.jobs;
    this.#leaseMilliseconds = options.leaseMilliseconds ?? defaultLeaseMilliseconds;
    this.localCodeHost = options.codeHost ? undefined : new LocalCodeHost(options.pullRequests);
    this.#repositories = createProjectRepositories(options.config);
    this.#agentModel = options.agentModel;
    this.#runs = new JobRuns({
      runner: {
        store: this.store,
        repositories: this.#repositories,
        worktreeDirectory: path.join(options.config.dataDir, 'agent', 'worktrees'),
        codeHost: options.codeHost ?? (this.localCodeHost as LocalCodeHost),
        agentModel: options.agentModel,
        maxSteps: options.maxSteps,
      },
      claim: { instanceId: options.instanceId ?? createInstanceId(), leaseMilliseconds: this.#leaseMilliseconds },
      maxConcurrentJobs: options.maxConcurrentJobs ?? 2,
      maxResumes: options.maxResumes ?? 2,
      onUnexpectedError: options.onUnexpectedError ?? (() => undefined),
    });
  }

  /** Whether the project is configured. */
  hasProject(projectId: string): boolean {
    return this.#repositories.has(projectId);
  }

  #requireProject(projectId: string): void {
    if (!this.hasProject(projectId)) {
      throw new ApiError(404, 'project_not_found', `No project "${projectId}"; use a project id from the server's configuration.`);
    }
  }

  /**
   * A job of the project.
   * @throws ApiError 404 for an unknown project or job.
   */
  async get(projectId: string, jobId: string): Promise<JobRecord> {
    this.#requireProject(projectId);
    const job = await this.store.get(jobId);
    if (!job || job.projectId !== projectId) {
      throw new ApiError(404, 'job_not_found', `No job "${jobId}" in project "${projectId}"; list the project's jobs to find its id.`);
    }
    return job;
  }

  /** The project's jobs, newest first. @throws ApiError 404 for an unknown project. */
  async list(projectId: string): Promise<JobRecord[]> {
    this.#requireProject(projectId);
    return this.store.list(projectId);
  }

  /**
   * Creates an `active` job and starts the agent on it.
   * @throws ApiError 404 for an unknown project, 400 (field `ref`) for a ref the repository lacks.
   */
  async create(projectId: string, request: CreateJobRequest): Promise<JobRecord> {
    this.#requireProject(projectId);
    if (request.ref !== undefined && !isSafeRefName(request.ref)) {
      throw new ApiError(400, 'invalid_ref', `"${request.ref}" is not a usable git ref; give a branch, tag or commit id such as "main".`, {
        field: 'ref',
      });
    }
    let ref = request.ref;
    try {
      const repository = await this.#repositories.prepare(projectId);
      if (ref === undefined) ref = repository.defaultBranch;
      else if (!(await refExists(repository.path, ref))) {
        throw new ApiError(400, 'unknown_ref', `The repository has no ref "${ref}"; give an existing branch, tag or commit id.`, {
          field: 'ref',
        });
      }
    } catch (error) {
      // An unusable repository is the job's outcome (github_missconfigured), not a request error.
      if (!(error instanceof RepositoryMisconfiguredError)) throw error;
    }
    const id = randomUUID();
    const job = await this.store.create({
      id,
      projectId,
      repository: this.#repositories.locate(projectId),
      ref: ref ?? 'main',
      branch: jobBranchName(id),
      model: request.model ?? this.#agentModel?.defaultModelId ?? unconfiguredModelId,
      prompt: request.prompt,
      userId: request.userId ?? null,
      publicBaseUrl: request.publicBaseUrl,
    });
    this.#runs.schedule(id);
    return job;
  }

  /**
   * Sends a follow-up prompt (see the class description for what it does in each state).
   * @throws ApiError 404 for an unknown project or job, 409 for an archived job.
   */
  async sendMessage(projectId: string, jobId: string, prompt: string): Promise<JobRecord> {
    await this.get(projectId, jobId);
    const job = await this.store.addPrompt(jobId, prompt);
    if (!job) {
      throw new ApiError(409, 'job_archived', `Job "${jobId}" is archived and takes no more messages; create a new job instead.`);
    }
    this.#runs.schedule(jobId);
    return job;
  }

  /**
   * Archives a job (again: no change). An active agent is stopped; its worktree is removed,
   * its branch and pull request stay.
   * @throws ApiError 404 for an unknown project or job.
   */
  async archive(projectId: string, jobId: string): Promise<JobRecord> {
    const before = await this.get(projectId, jobId);
    const job = (await this.store.archive(jobId)) as JobRecord;
    if (before.status !== 'archived') this.#runs.stopAndRemoveWorktree(job);
    return job;
  }

  /**
   * Resumes the jobs nobody runs: those a stop left `active`, and those whose instance died
   * (lease expired). A job whose prompt was already interrupted `maxResumes` times is marked
   * `failed` with a reason instead. Call at start-up once the server listens; {@link startPolling}
   * repeats it.
   * @returns how many jobs were resumed and how many failed.
   */
  recoverActiveJobs(): Promise<{ resumed: number; failed: number }> {
    return this.#runs.recoverActiveJobs();
  }

  /**
   * Looks for jobs nobody runs (an instance died) every `intervalMilliseconds` (default: half a
   * lease) and resumes them here. The timer never keeps the process alive.
   */
  startPolling(intervalMilliseconds = Math.max(50, Math.floor(this.#leaseMilliseconds / 2))): void {
    this.#runs.startPolling(intervalMilliseconds);
  }

  /** Resolves once no job is running and no clean-up is pending (for tests and shutdown). */
  whenIdle(): Promise<void> {
    return this.#runs.whenIdle();
  }

  /**
   * Stops every running agent without recording an outcome: their jobs stay `active` with the
   * interrupted prompt queued and their claims released, so {@link recoverActiveJobs} resumes
   * them (here at the next start, or on another instance).
   */
  close(): Promise<void> {
    return this.#runs.close();
  }
}
