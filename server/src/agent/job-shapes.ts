import type { AgentJob, AgentSession } from '../../../src/client/agent-types';
import type { JobRecord, TodoItem } from './job-types';

const isoTime = (milliseconds: number) => new Date(milliseconds).toISOString();

/** A stored job in the v2 shape (spec section 2.1). */
export function toJobV2(job: JobRecord): AgentJob {
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
 * A stored job in the v1 session shape (spec section 2.3). `subdomain` is the project id (the
 * reference server's projects play the hosted service's subdomains); todos show `content` and
 * `id` as the spec lists them.
 *
 * The halt reason's field name is not in the spec. The hosted service's public API reference
 * ("Get agent job by ID" and "Get all agent jobs", v1) calls it `haultReason`, misspelt like
 * `haulted`, so that is the name used here: clients written against the hosted service read it
 * unchanged. It is `null` while the job is active (and for a job archived before it ever halted).
 */
export function toSessionV1(job: JobRecord, todos: readonly TodoItem[]): AgentSession {
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
