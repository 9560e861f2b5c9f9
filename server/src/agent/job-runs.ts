import type { JobClaim, JobStorage } from '../storage/storage';
import { removeJobWorktree } from './git-workspace';
import { startHeartbeat } from './job-lease';
import { JobSlots } from './job-slots';
import type { JobRecord } from './job-types';
import { jobWorktreePath, runJobUntilEnded, type JobRunnerDependencies } from './runner';

/** What {@link JobRuns} is built from. */
export interface JobRunsOptions {
  /** What running a job needs (its `store` holds the claims too). */
  runner: JobRunnerDependencies;
  /** This instance's name in claims and how long a claim holds without a heartbeat. */
  claim: JobClaim;
  /** Jobs running at once; others wait (still `active`). */
  maxConcurrentJobs: number;
  /** Times a prompt may be interrupted by a stop and resumed before the job is marked `failed`. */
  maxResumes: number;
  /** Called with a job's unexpected error (for the server log). */
  onUnexpectedError: (jobId: string, error: unknown) => void;
}

interface RunningJob {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * The agent runs of one instance: which jobs run here now, their claims and heartbeats, the
 * slots bounding them, resuming the jobs nobody runs, and stopping them all on shutdown.
 *
 * A job runs on the instance holding its claim (see `JobStorage.claim`), which renews the lease
 * while it works; so with many instances on one database a job never runs twice at once.
 */
export class JobRuns {
  readonly #store: JobStorage;
  readonly #runner: JobRunnerDependencies;
  readonly #claim: JobClaim;
  readonly #slots: JobSlots;
  readonly #maxResumes: number;
  readonly #onUnexpectedError: (jobId: string, error: unknown) => void;
  readonly #running = new Map<string, RunningJob>();
  readonly #background = new Set<Promise<unknown>>();
  #pollTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: JobRunsOptions) {
    this.#runner = options.runner;
    this.#store = options.runner.store;
    this.#claim = options.claim;
    this.#slots = new JobSlots(options.maxConcurrentJobs);
    this.#maxResumes = options.maxResumes;
    this.#onUnexpectedError = options.onUnexpectedError;
  }

  /** Starts the agent on a job unless it already runs here (a running job picks up new prompts itself). */
  schedule(jobId: string): void {
    if (this.#closed || this.#running.has(jobId)) return;
    const controller = new AbortController();
    const running: RunningJob = { controller, done: Promise.resolve() };
    this.#running.set(jobId, running);
    running.done = this.#drive(jobId, controller);
  }

  /** Stops the job's agent if it runs here, then removes its worktree (in the background). */
  stopAndRemoveWorktree(job: JobRecord): void {
    const running = this.#running.get(job.id);
    running?.controller.abort();
    this.#track(
      job.id,
      (async () => {
        await running?.done;
        await removeJobWorktree(job.repository, jobWorktreePath(this.#runner.worktreeDirectory, job));
      })(),
    );
  }

  /**
   * Resumes the jobs nobody runs: those a stop left `active`, and those whose instance died
   * (lease expired). A job whose prompt was already interrupted `maxResumes` times is marked
   * `failed` with a reason instead.
   * @returns how many jobs were resumed and how many failed.
   */
  async recoverActiveJobs(): Promise<{ resumed: number; failed: number }> {
    let resumed = 0;
    let failed = 0;
    // Only as many as this instance can run now: the rest stay unclaimed for idle instances
    // (or for this one's next look).
    while (!this.#closed && this.#running.size < this.#slots.size) {
      const job = await this.#store.claimNext(this.#claim, Date.now());
      if (!job) break;
      const attempts = await this.#store.requeueInterruptedPrompts(job.id);
      if (attempts >= this.#maxResumes) {
        await this.#store.dropQueuedPrompts(job.id);
        await this.#store.finish(
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
        this.schedule(job.id);
        resumed++;
      }
    }
    return { resumed, failed };
  }

  /** Calls {@link recoverActiveJobs} every `intervalMilliseconds`; the timer never keeps the process alive. */
  startPolling(intervalMilliseconds: number): void {
    if (this.#pollTimer || this.#closed) return;
    this.#pollTimer = setInterval(() => {
      this.recoverActiveJobs().catch((error: unknown) => this.#onUnexpectedError('(recovery)', error));
    }, intervalMilliseconds);
    this.#pollTimer.unref();
  }

  /** Resolves once no job is running and no clean-up is pending. */
  async whenIdle(): Promise<void> {
    while (this.#running.size > 0 || this.#background.size > 0) {
      await Promise.allSettled([...[...this.#running.values()].map((running) => running.done), ...this.#background]);
    }
  }

  /** Stops every running agent without recording an outcome and releases their claims. */
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

  async #drive(jobId: string, controller: AbortController): Promise<void> {
    const signal = controller.signal;
    let ended = false;
    try {
      // Another instance holding the job runs it (and picks up any new prompt itself).
      if (!(await this.#store.claim(jobId, this.#claim, Date.now()))) return;
      // Holding the claim, nothing else runs the job: a prompt still marked running was left by
      // an instance that died (a follow-up reached this one first); it runs again with the rest.
      await this.#store.requeueInterruptedPrompts(jobId);
      const heartbeat = startHeartbeat(this.#store, jobId, this.#claim, () => controller.abort(), (error) =>
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
      if (!ended) await this.#store.release(jobId, this.#claim.instanceId).catch(() => undefined);
      this.#running.delete(jobId);
      // A follow-up stored while `finish` was on its way back found this run still listed and
      // left the prompt to it: run again for it (the claim keeps this single across instances).
      if (ended && !this.#closed) {
        this.#track(jobId, this.#store.hasPendingPrompts(jobId).then((pending) => pending && this.schedule(jobId)));
      }
    }
  }
}
