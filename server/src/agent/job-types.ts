import type { AgentJobStatus, HaultReason } from '../../../src/client/agent-types';

/* What the agent-job modules pass around: stored jobs, queued prompts, todos and outcomes. */

/** A job's state (spec section 3); `completed`, `archived` and `failed` are where polling stops. */
export type JobStatus = AgentJobStatus;

/** Why a session halted (spec section 2.3, spelled as the spec spells it). */
export type HaltReason = HaultReason;

/** One item of the agent's todo list. */
export interface TodoItem {
  /** Stable id the agent gave (or the store made) for the item. */
  id: string;
  /** What is to be done. */
  content: string;
  /** Where the agent is with it. Kept for the agent's own bookkeeping; the v1 shape shows `content` and `id`. */
  status: 'pending' | 'in_progress' | 'completed';
}

/** A stored agent job. Times are milliseconds since the epoch. */
export interface JobRecord {
  id: string;
  projectId: string;
  status: JobStatus;
  /** The repository the job works on (the project's repository path). */
  repository: string;
  /** The ref the job's branch starts from. */
  ref: string;
  /** The job's own branch, `docent/<id>`. */
  branch: string;
  /** The model id the job runs with. */
  model: string;
  title: string | null;
  messageToUser: string | null;
  /** `null` until the agent halts for the first time. */
  haltReason: HaltReason | null;
  prLink: string | null;
  userId: string | null;
  /** Origin prefixed to links the job creates (its pull request page). */
  publicBaseUrl: string;
  createdAt: number;
  updatedAt: number;
  archivedAt: number | null;
}

/** A prompt waiting for (or taken by) the agent. */
export interface QueuedPrompt {
  id: number;
  prompt: string;
  /** How many times a run has taken it; above 1 means a restart interrupted it. */
  attempts: number;
}

/** How a run of the agent ended, as written by {@link JobStore.finish}. */
export interface JobOutcome {
  status: 'completed' | 'failed';
  haltReason: HaltReason;
  messageToUser: string;
  title?: string | null;
  prLink?: string | null;
}

/** What a new job starts with. */
export interface NewJob {
  id: string;
  projectId: string;
  repository: string;
  ref: string;
  branch: string;
  model: string;
  prompt: string;
  userId: string | null;
  publicBaseUrl: string;
}
