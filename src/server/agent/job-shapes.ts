import type { HaltReason, JobRecord, JobStatus, TodoItem } from './job-store';

/** The agent job in the v2 shape (spec section 2.1). */
export interface AgentJobV2 {
  id: string;
  status: JobStatus;
  source: { repository: string; ref: string };
  model: string;
  /** The pull request, or `null` while active or when no file changed. */
  prLink: string | null;
  createdAt: string;
  /** When the job was archived; `null` until then. */
  archivedAt: string | null;
}

/** The agent session in the v1 shape (spec section 2.3), field names as the spec spells them. */
export interface AgentSessionV1 {
  sessionId: string;
  subdomain: string;
  branch: string;
  /** Whether the session halted: true once the job is no longer `active`. */
  haulted: boolean;
  /**
   * Why it halted. The spec leaves this field's name out; the hosted service's public API
   * reference ("Get agent job by ID" / "Get all agent jobs", v1) names it `haultReason`, with the
   * same misspelling as `haulted`, so clients written against the hosted service read it here.
   * `null` while the job is active (and for a job archived before it ever halted).
   */
  haultReason: HaltReason | null;
  pullRequestLink: string | null;
  messageToUser: string | null;
  todos: { content: string; id: string }[];
  userId: string | null;
  title: string | null;
  createdAt: string;
}

const isoTime = (milliseconds: number) => new Date(milliseconds).toISOString();

/** A stored job in the v2 shape. */
export function toJobV2(job: JobRecord): AgentJobV2 {
  return {
    id: job.id,
    status: job.status,
    source: { repository: job.repository, ref: job.ref },
    model: job.model,
    prLink: job.prLink,
    createdAt: isoTime(job.createdAt),
    archivedAt: job.archivedAt === null ? null : isoTime(job.archivedAt),
  };
}

/**
 * A stored job in the v1 session shape. `subdomain` is the project id (the reference server's
 * projects play the hosted service's subdomains); todos show `content` and `id` as in the spec.
 */
export function toSessionV1(job: JobRecord, todos: readonly TodoItem[]): AgentSessionV1 {
  return {
    sessionId: job.id,
    subdomain: job.projectId,
    branch: job.branch,
    haulted: job.status !== 'active',
    haultReason: job.haltReason,
    pullRequestLink: job.prLink,
    messageToUser: job.messageToUser,
    todos: todos.map((todo) => ({ content: todo.content, id: todo.id })),
    userId: job.userId,
    title: job.title,
    createdAt: isoTime(job.createdAt),
  };
}
