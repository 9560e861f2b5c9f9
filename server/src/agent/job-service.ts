import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { DocentConfig } from '../config';
import { ApiError } from '../http/api-error';
import type { DocentDatabase } from '../storage/database';
import type { AgentModelProvider } from './agent-model';
import { LocalCodeHost, type CodeHost } from './code-host';
import { isSafeRefName, jobBranchName, refExists, RepositoryMisconfiguredError, removeJobWorktree } from './git-workspace';
import { JobStore } from './job-store';
import type { JobRecord } from './job-types';
import { createProjectRepositories, type ProjectRepositories } from './project-repositories';
import { jobWorktreePath, runJob, type JobRunnerDependencies } from './runner';

/** Model id a job shows when no agent model is configured. */
export const unconfiguredModelId = 'unconfigured';

/** What the job service is built from. */
export interface AgentJobServiceOptions {
  /** The server's database (jobs and local pull requests get their own tables). */
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
 * - jobs left `active` by a stop are resumed by {@link recoverActiveJobs}, or marked `failed`
 *   once a prompt has been interrupted too often.
 */
export class AgentJobService {
  /** The jobs' storage. */
  readonly store: JobStore;
  /** The built-in code host when no other was given (serves `/pulls/...`). */
  readonly localCodeHost: LocalCodeHost | undefined;
  readonly #repositories: ProjectRepositories;
  readonly #runner: JobRunnerDependencies;
  readonly #agentModel: AgentModelProvider | undefined;
  readonly #maxConcurrentJobs: number;
  readonly #maxResumes: number;
  readonly #onUnexpectedError: (jobId: string, error: unknown) => void;
  readonly #running = new Map<string, RunningJob>();
  readonly #background = new Set<Promise<unknown>>();
  readonly #waitingForSlot: (() => void)[] = [];
  #slotsInUse = 0;
  #closed = false;

  constructor(options: AgentJobServiceOptions) {
    this.store = new JobStore(options.database);
    this.localCodeHost = options.codeHost ? undefined : new LocalCodeHost(options.database);
    this.#repositories = createProjectRepositories(options.config);
    this.#agentModel = options.agentModel;
    this.#maxConcurrentJobs = options.maxConcurrentJobs ?? 2;
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
  get(projectId: string, jobId: string): JobRecord {
    this.#requireProject(projectId);
    const job = this.store.get(jobId);
    if (!job || job.projectId !== projectId) {
      throw new ApiError(404, 'job_not_found', `No job "${jobId}" in project "${projectId}"; list the project's jobs to find its id.`);
    }
    return job;
  }

  /** The project's jobs, newest first. @throws ApiError 404 for an unknown project. */
  list(projectId: string): JobRecord[] {
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
    const job = this.store.create({
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
  sendMessage(projectId: string, jobId: string, prompt: string): JobRecord {
    this.get(projectId, jobId);
    const job = this.store.addPrompt(jobId, prompt);
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
  archive(projectId: string, jobId: string): JobRecord {
    const before = this.get(projectId, jobId);
    const job = this.store.archive(jobId) as JobRecord;
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
   * Resumes the jobs a stop left `active` (call once at start-up). A job whose prompt was
   * already interrupted `maxResumes` times is marked `failed` with a reason instead.
   * @returns how many jobs were resumed and how many failed.
   */
  recoverActiveJobs(): { resumed: number; failed: number } {
    let resumed = 0;
    let failed = 0;
    for (const job of this.store.listActive()) {
      if (this.#running.has(job.id)) continue;
      const attempts = this.store.requeueInterruptedPrompts(job.id);
      if (attempts >= this.#maxResumes) {
        this.store.dropQueuedPrompts(job.id);
        this.store.finish(job.id, {
          status: 'failed',
          haltReason: 'error',
          messageToUser: `The server stopped ${attempts} times while the agent was working on this job, so it was not resumed again. Send a follow-up to this job to try again.`,
        });
        failed++;
      } else {
        this.#schedule(job.id);
        resumed++;
      }
    }
    return { resumed, failed };
  }

  /** Resolves once no job is running and no clean-up is pending (for tests and shutdown). */
  async whenIdle(): Promise<void> {
    while (this.#running.size > 0 || this.#background.size > 0) {
      await Promise.allSettled([...[...this.#running.values()].map((running) => running.done), ...this.#background]);
    }
  }

  /**
   * Stops every running agent without recording an outcome: their jobs stay `active` with the
   * interrupted prompt queued, and {@link recoverActiveJobs} resumes them at the next start.
   */
  async close(): Promise<void> {
    this.#closed = true;
    for (const running of this.#running.values()) running.controller.abort();
    this.#waitingForSlot.splice(0).forEach((release) => release());
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
    running.done = this.#drive(jobId, controller.signal);
  }

  async #drive(jobId: string, signal: AbortSignal): Promise<void> {
    try {
      await this.#acquireSlot();
      try {
        while (!signal.aborted) {
          let outcome;
          try {
            outcome = await runJob(this.#runner, jobId, signal);
          } catch (error) {
            if (signal.aborted) return;
            this.#onUnexpectedError(jobId, error);
            this.store.dropQueuedPrompts(jobId);
            outcome = {
              status: 'failed' as const,
              haltReason: 'error' as const,
              messageToUser: `The job met an unexpected error: ${(error as Error).message}. Send a follow-up to this job to try again.`,
            };
          }
          if (outcome === undefined || this.store.finish(jobId, outcome)) return;
          // Not finished: a follow-up arrived at the last moment (run again), or the job was archived.
          if (this.store.get(jobId)?.status !== 'active') return;
        }
      } finally {
        this.#releaseSlot();
      }
    } catch (error) {
      // Only storage failing (e.g. the database closed under a running job) gets here; the job
      // stays `active` with its prompt queued, and the next start resumes it.
      this.#onUnexpectedError(jobId, error);
    } finally {
      // Synchronously after `finish`: a follow-up arriving from now on schedules a new run.
      this.#running.delete(jobId);
    }
  }

  async #acquireSlot(): Promise<void> {
    if (this.#slotsInUse >= this.#maxConcurrentJobs) {
      await new Promise<void>((resolve) => this.#waitingForSlot.push(resolve));
    }
    this.#slotsInUse++;
  }

  #releaseSlot(): void {
    this.#slotsInUse--;
    this.#waitingForSlot.shift()?.();
  }
}
