import type { LocalPullRequest } from '../agent/code-host';
import type { JobOutcome, JobRecord, JobStatus, NewJob, QueuedPrompt, TodoItem } from '../agent/job-types';
import type { RateLimitDecision, RateLimitRule } from './rate-limit-windows';
import type { NewThreadMessage, RecentMessagesBudget, Thread, ThreadMessage, ThreadUsage, ThreadWithRecentMessages } from './thread-types';

/*
 * The one storage interface of the server: threads, rate-limit counters, agent jobs and the
 * built-in code host's pull requests. Two
 * engines implement it (SQLite for one process, PostgreSQL for many); `storage.contract.test.ts`
 * runs the same tests against both. Every method is async and atomic on its own.
 */

/** Threads and their messages. */
export interface ThreadStorage {
  /** Starts a new thread on a domain. */
  createThread(options: { domain: string; fp: string }): Promise<Thread>;
  /** The thread with this id, or `undefined`. */
  findThread(id: string): Promise<Thread | undefined>;
  /**
   * The thread with this id and its newest messages within `budget` (as {@link recentMessages}
   * picks them), in one round trip: a follow-up that sends only its new question needs both.
   * @returns `undefined` when there is no such thread.
   */
  findThreadWithRecentMessages(id: string, budget: RecentMessagesBudget): Promise<ThreadWithRecentMessages | undefined>;
  /**
   * Appends messages of one thread, in order (a question and its answer go together: one round
   * trip), and updates the thread's counts, atomically.
   * @returns the thread's counts after the messages.
   */
  addMessages(messages: readonly NewThreadMessage[]): Promise<ThreadUsage>;
  /**
   * The newest messages of a thread, oldest first: at most `budget.maxMessages`, and only as
   * many of the newest as fit in `budget.maxBytes` (at least the newest one). Its cost does not
   * grow with the thread's length.
   */
  recentMessages(threadId: string, budget: RecentMessagesBudget): Promise<ThreadMessage[]>;
  /**
   * Deletes threads (and their messages) not updated since `updatedBefore` (ms since the epoch).
   * @returns how many threads were deleted.
   */
  purgeThreads(updatedBefore: number): Promise<number>;
  /** How many threads are stored (the `docent_threads` gauge). */
  count(): Promise<number>;
}

/** Fixed-window request counters. */
export interface RateLimitStorage {
  /**
   * Counts one request against every rule, unless one of them is already exhausted: a request
   * is charged to all its counters or to none. Exact under concurrency, across instances.
   * @param rules At least one counter to charge.
   * @param now Current time in milliseconds.
   */
  consume(rules: readonly RateLimitRule[], now: number): Promise<RateLimitDecision>;
}

/** Who holds a job and until when (see {@link JobStorage.claim}). */
export interface JobClaim {
  /** The instance running the job (see `instanceId` in `openStorage`). */
  instanceId: string;
  /** How long the claim lasts without a heartbeat, in milliseconds. */
  leaseMilliseconds: number;
}

/**
 * Agent jobs: records, their prompt queue, todo lists, conversations and claims. A job runs on
 * one instance at a time: the one holding its claim, whose lease it renews by heartbeats; a claim
 * whose lease expired (its instance died) can be taken by another instance.
 */
export interface JobStorage {
  /** Stores a new `active` job with its first prompt pending. */
  create(job: NewJob): Promise<JobRecord>;
  /** A job by id, or `undefined`. */
  get(id: string): Promise<JobRecord | undefined>;
  /** A project's jobs, newest first. */
  list(projectId: string): Promise<JobRecord[]>;
  /**
   * Adds a follow-up prompt. A `completed` or `failed` job becomes `active` again (its halt
   * reason cleared); an `active` job keeps running and the prompt waits its turn.
   * @returns the job after the change, or `undefined` when it is archived or missing (nothing changes).
   */
  addPrompt(id: string, prompt: string): Promise<JobRecord | undefined>;
  /** The prompt the job was created with (empty when there is no such job). */
  firstPrompt(jobId: string): Promise<string>;
  /** Whether prompts are waiting for the agent. */
  hasPendingPrompts(jobId: string): Promise<boolean>;
  /** Takes every pending prompt (oldest first), marking them `running` and counting the attempt. */
  takePendingPrompts(jobId: string): Promise<QueuedPrompt[]>;
  /** Marks every prompt not yet handled (waiting or taken) as handled: the job cannot run them. */
  dropQueuedPrompts(jobId: string): Promise<void>;
  /** Marks taken prompts as handled. */
  completePrompts(promptIds: readonly number[]): Promise<void>;
  /**
   * Puts prompts an interrupted run left `running` back in the queue (call right after claiming).
   * @returns the most attempts any of them has had (0 when none was interrupted).
   */
  requeueInterruptedPrompts(jobId: string): Promise<number>;
  /** The model conversation so far (AI SDK model messages), for follow-ups to continue. */
  conversation(jobId: string): Promise<unknown[]>;
  /** Replaces the stored conversation. */
  saveConversation(jobId: string, messages: readonly unknown[]): Promise<void>;
  /** The job's todo list, in order. */
  todos(jobId: string): Promise<TodoItem[]>;
  /** Replaces the job's todo list. */
  saveTodos(jobId: string, todos: readonly TodoItem[]): Promise<void>;
  /** Records a title as soon as the agent chooses one. */
  saveTitle(jobId: string, title: string): Promise<void>;
  /**
   * Ends an `active` job with `outcome` and drops its claim, unless prompts are waiting (then
   * the agent must run again and nothing changes), the job is no longer active, or
   * `instanceId` is given and does not hold the job's claim.
   * @returns whether the job ended.
   */
  finish(jobId: string, outcome: JobOutcome, instanceId?: string): Promise<boolean>;
  /**
   * Archives a job: waiting prompts are dropped, the claim too. A job archived while active
   * keeps a `messageToUser` saying so.
   * @returns the archived job, or `undefined` when there is no such job.
   */
  archive(jobId: string): Promise<JobRecord | undefined>;
  /**
   * Claims an `active` job for `claim.instanceId` when nobody holds it, its lease expired, or
   * the instance already holds it.
   * @returns whether the instance now holds the job.
   */
  claim(jobId: string, claim: JobClaim, now: number): Promise<boolean>;
  /**
   * Claims the oldest `active` job nobody holds (or whose lease expired), skipping jobs another
   * instance is claiming at the same moment.
   * @returns the claimed job, or `undefined` when there is none.
   */
  claimNext(claim: JobClaim, now: number): Promise<JobRecord | undefined>;
  /**
   * Heartbeat: extends the instance's lease on a job.
   * @returns `false` when the instance no longer holds it (lease taken over, job archived or ended).
   */
  renewLease(jobId: string, claim: JobClaim, now: number): Promise<boolean>;
  /** Gives a claim up (a stop interrupted the run); the job stays `active` for another run. */
  release(jobId: string, instanceId: string): Promise<void>;
  /** How many jobs are in each state (states without jobs are left out), for the `docent_agent_jobs` gauge. */
  countByStatus(): Promise<Partial<Record<JobStatus, number>>>;
}

/** What the built-in code host records of a branch's pull request (see `LocalCodeHost`). */
export type PullRequestChanges = Pick<LocalPullRequest, 'projectId' | 'jobId' | 'branch' | 'baseRef' | 'title' | 'body' | 'files' | 'diff'>;

/**
 * The built-in code host's pull requests, kept with the rest of the state so that any instance
 * serves a pull request's page (`/pulls/{project}/{id}`), whichever instance opened it.
 */
export interface PullRequestStorage {
  /**
   * Records the pull request of `changes.branch`; when the branch has one, updates its title,
   * body, files and diff instead (its number, access key and base stay). A new one gets the
   * project's next number (from 1) and an unguessable access key. Atomic across instances.
   * @returns the pull request as stored.
   */
  save(changes: PullRequestChanges): Promise<LocalPullRequest>;
  /** A project's pull request by number (for the project's admin keys), or `undefined`. */
  find(projectId: string, number: number): Promise<LocalPullRequest | undefined>;
  /** A project's pull request by its access key (the id in `prLink`), or `undefined`. */
  findByAccessKey(projectId: string, accessKey: string): Promise<LocalPullRequest | undefined>;
}

/** Which engine a storage runs on. */
export type StorageEngine = 'sqlite' | 'postgres';

/** Everything the server keeps: one object per server, built by `openStorage`. */
export interface Storage {
  readonly engine: StorageEngine;
  readonly threads: ThreadStorage;
  readonly rateLimits: RateLimitStorage;
  readonly jobs: JobStorage;
  readonly pullRequests: PullRequestStorage;
  /**
   * Runs `task` only if no other instance is running a task under the same name (PostgreSQL:
   * a session advisory lock; SQLite: one process anyway).
   * @returns the task's result, or `undefined` when another instance holds the name.
   */
  exclusively<T>(name: string, task: () => Promise<T>): Promise<T | undefined>;
  /** Whether the database answers (for readiness checks). */
  ping(): Promise<boolean>;
  /** Closes the connections (and the data-folder lock). Safe to call twice. */
  close(): Promise<void>;
}
