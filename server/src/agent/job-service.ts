import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { DocentConfig } from '../config';
import { ApiError } from '../http/api-error';
import type { DocentDatabase } from '../storage/database';
import type { JobClaim, JobStorage } from '../storage/storage';
import type { AgentModelProvider } from './agent-model';
import { LocalCodeHost, type CodeHost } from './code-host';
import { isSafeRefName, jobBranchName, refExists, RepositoryMisconfiguredError, removeJobWorktree } from './git-workspace';
import { createInstanceId, defaultLeaseMilliseconds, startHeartbeat } from './job-lease';
import type { JobRecord } from './job-types';
import { createProjectRepositories, type ProjectRepositories } from './project-repositories';
import { JobSlots } from './job-slots';
import { jobWorktreePath, runJobUntilEnded, type JobRunnerDependencies } from './runner';

/** Model id a job shows when no agent model is configured. */
export const unconfiguredModelId = 'unconfigured';

/** What the job service is built from. */
export interface AgentJobServiceOptions {
  /** Where jobs are kept (`storage.jobs`): SQLite or PostgreSQL. */
  jobs: JobStorage;
  /** The local SQLite database the built-in code host keeps its pull requests in (unused with `codeHost`). */
  database: DocentDatabase;
  /** Projects (and their repositories), domains (for the embedded default) and the data folder. */
  config: Pick<DocentConfig, 'projects' | 'domains' | 'dataDir'>;
  /** The tool-calling model; `undefined` when none is configured (jobs then fail with a hint). */
  agentModel?: AgentModelProvider;
  /** Where pull requests are opened. Default: a {@link LocalCodeHost} on the same database. */
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

interface RunningJob {
  controller: AbortController;
  done: Promise<void>;
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
 * A job runs on the instance holding its claim (see `JobStorage.claim`), which renews the lease
 * while it works; so with many instances on one database a job never runs twice at once.
 */
export class AgentJobService {
  /** The jobs' storage. */
  readonly store: JobStorage;
  /** The built-in code host when no other was given (serves `/pulls/...`). */
  readonly localCodeHost: LocalCodeHost | undefined;
  readonly #repositories: ProjectRepositories;
  readonly #runner: JobRunnerDependencies;
  readonly #agentModel: AgentModelProvider | undefined;
  readonly #slots: JobSlots;
  readonly #maxResumes: number;
  readonly #onUnexpectedError: (jobId: string, error: unknown) => void;
  readonly #claim: JobClaim;
  #pollTimer: NodeJS.Timeout | undefined;
  readonly #running = new Map<string, RunningJob>();
  readonly #background = new Set<Promise<unknown>>();
  #closed = false;

  constructor(options: AgentJobServiceOptions) {
    this.store = options.jobs;
    this.#claim = {
      instanceId: options.instanceId ?? createInstanceId(),
      leaseMilliseconds: options.leaseMilliseconds ?? defaultLeaseMilliseconds,
    };
    this.localCodeHost = options.codeHost ? undefined : new LocalCodeHost(options.database);
    this.#repositories = createProjectRepositories(options.config);
    this.#agentModel = options.agentModel;
    this.#slots = new JobSlots(options.maxConcurrentJobs ?? 2);
    this.#maxResumes = options.maxResumes ?? 2;
    this.#onUnexpectedError = options.onUnexpectedError ?? (() => undefined);
    this.#runner = {
      store: this.store,
      repositories: this.#repositories,
      worktreeDirectory: path.join(options.config.dataDir, 'agent', 'worktrees'),
      codeHost: options.codeHost ?? (this.localCodeHost as LocalCodeHost),
      agentModel: options.agentModel,
      maxSteps: options.maxSteps,
    };
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
    this.#schedule(id);
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
    this.#schedule(jobId);
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
    if (before.status !== 'archived') {
      const running = this.#running.get(jobId);
      running?.controller.abort();
      this.#track(
        jobId,
        (async () => {
          await running?.done;
          await removeJobWorktree(job.repository, jobWorktreePath(this.#runner.worktreeDirectory, job));
        })(),
      );
    }
    return job;
  }

  /**
   * Resumes the jobs nobody runs: those a stop left `active`, and those whose instance died
   * (lease expired). A job whose prompt was already interrupted `maxResumes` times is marked
   * `failed` with a reason instead. Call at start-up once the server listens; {@link startPolling}
   * repeats it.
   * @returns how many jobs were resumed and how many failed.
   */
  async recoverActiveJobs(): Promise<{ resumed: number; failed: number }> {
    let resumed = 0;
    let failed = 0;
    // Only as many as this instance can run now: the rest stay unclaimed for idle instances
    // (or for this one's next look).
    while (!this.#closed && this.#running.size < this.#slots.size) {
      const job = await this.store.claimNext(this.#claim, Date.now());
      if (!job) break;
      const attempts = await this.store.requeueInterruptedPrompts(job.id);
      if (attempts >= this.#maxResumes) {
        await this.store.dropQueuedPrompts(job.id);
        await this.store.finish(
          job.id,
          {
            status: 'failed',
            haltReason: 'error',
            messageToUser: `The server stopped ${attempts} times while the agent was working on this job, so it was not resumed again. Send a follow-up to this job to try again.`,
          },
          this.#claim.instanceId,
        );
        failed++;
      } else {
        this.#schedule(job.id);
        resumed++;
      }
    }
    return { resumed, failed };
  }

  /**
   * Looks for jobs nobody runs (an instance died) every `intervalMilliseconds` (default: half a
   * lease) and resumes them here. The timer never keeps the process alive.
   */
  startPolling(intervalMilliseconds = Math.max(50, Math.floor(this.#claim.leaseMilliseconds / 2))): void {
    if (this.#pollTimer || this.#closed) return;
    this.#pollTimer = setInterval(() => {
      this.recoverActiveJobs().catch((error: unknown) => this.#onUnexpectedError('(recovery)', error));
    }, intervalMilliseconds);
    this.#pollTimer.unref();
  }

  /** Resolves once no job is running and no clean-up is pending (for tests and shutdown). */
  async whenIdle(): Promise<void> {
    while (this.#running.size > 0 || this.#background.size > 0) {
      await Promise.allSettled([...[...this.#running.values()].map((running) => running.done), ...this.#background]);
    }
  }

  /**
   * Stops every running agent without recording an outcome: their jobs stay `active` with the
   * interrupted prompt queued and their claims released, so {@link recoverActiveJobs} resumes
   * them (here at the next start, or on another instance).
   */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#pollTimer);
    for (const running of this.#running.values()) running.controller.abort();
    this.#slots.openAll();
    await this.whenIdle();
  }

  #track(jobId: string, promise: Promise<unknown>): void {
    const tracked = promise
      .catch((error: unknown) => this.#onUnexpectedError(jobId, error))
      .finally(() => this.#background.delete(tracked));
    this.#background.add(tracked);
  }

  #schedule(jobId: string): void {
    // A running job picks up new prompts itself (the store refuses to finish while any wait).
    if (this.#closed || this.#running.has(jobId)) return;
    const controller = new AbortController();
    const running: RunningJob = { controller, done: Promise.resolve() };
    this.#running.set(jobId, running);
    running.done = this.#drive(jobId, controller);
  }

  async #drive(jobId: string, controller: AbortController): Promise<void> {
    const signal = controller.signal;
    let ended = false;
    try {
      // Another instance holding the job runs it (and picks up any new prompt itself).
      if (!(await this.store.claim(jobId, this.#claim, Date.now()))) return;
      // Holding the claim, nothing else runs the job: a prompt still marked running was left by
      // an instance that died (a follow-up reached this one first); it runs again with the rest.
      await this.store.requeueInterruptedPrompts(jobId);
      const heartbeat = startHeartbeat(this.store, jobId, this.#claim, () => controller.abort(), (error) =>
        this.#onUnexpectedError(jobId, error),
      );
      try {
        await this.#slots.acquire();
        try {
          ended = await runJobUntilEnded(this.#runner, jobId, signal, {
            instanceId: this.#claim.instanceId,
            onUnexpectedError: (error) => this.#onUnexpectedError(jobId, error),
          });
        } finally {
          this.#slots.release();
        }
      } finally {
        heartbeat.stop();
      }
    } catch (error) {
      // Only storage failing (e.g. the database closed under a running job) gets here; the job
      // stays `active` with its prompt queued, and a later recovery resumes it.
      this.#onUnexpectedError(jobId, error);
    } finally {
      if (!ended) await this.store.release(jobId, this.#claim.instanceId).catch(() => undefined);
      this.#running.delete(jobId);
      // A follow-up stored while `finish` was on its way back found this run still listed and
      // left the prompt to it: run again for it (the claim keeps this single across instances).
      if (ended && !this.#closed) {
        this.#track(jobId, this.store.hasPendingPrompts(jobId).then((pending) => pending && this.#schedule(jobId)));
      }
    }
  }
}
