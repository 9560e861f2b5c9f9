/**
 * The agent-job wire format (spec sections 2.1 to 2.4), shared by the typed client and the
 * reference server so both always agree on it.
 */

/** A job's state; `completed`, `archived` and `failed` are where polling stops (spec section 3). */
export type AgentJobStatus = 'active' | 'completed' | 'archived' | 'failed';

/** Why a session halted, spelled as the spec spells it. */
export type HaultReason = 'completed' | 'github_missconfigured' | 'error';

/** The states at which `waitFor` stops polling. */
export const terminalJobStatuses: readonly AgentJobStatus[] = ['completed', 'archived', 'failed'];

/** An agent job in the v2 shape (spec section 2.1). */
export interface AgentJob {
  /** Unique identifier of the job. */
  id: string;
  status: AgentJobStatus;
  /** The repository the job works on and the ref its branch starts from. */
  source: { repository: string; ref: string };
  /** The model the job runs with. */
  model: string;
  /** The pull request, or `null` while active or when no file changed. */
  prLink: string | null;
  /** ISO 8601 time the job was created. */
  createdAt: string;
  /** ISO 8601 time the job was archived, or `null`. */
  archivedAt: string | null;
}

/** One item of a session's todo list (spec section 2.4). */
export interface AgentTodo {
  content: string;
  id: string;
}

/** An agent job in the deprecated v1 session shape (spec section 2.3), names as the spec spells them. */
export interface AgentSession {
  sessionId: string;
  /** The subdomain (on the reference server: the project) the session belongs to. */
  subdomain: string;
  /** Git branch where the changes are made. */
  branch: string;
  /** Whether the session halted (the job is no longer `active`). */
  haulted: boolean;
  /**
   * Why it halted; `null` while active. The spec does not show this field's name; the hosted
   * service's public API reference names it `haultReason`.
   */
  haultReason: HaultReason | null;
  pullRequestLink: string | null;
  messageToUser: string | null;
  todos: AgentTodo[];
  /** Who created the session, when known. */
  userId: string | null;
  /** A generated title summarising the job. */
  title: string | null;
  /** ISO 8601 time the session was created. */
  createdAt: string;
}

/** Body of `GET /v1/agent/{projectId}/jobs`. */
export interface AgentSessionList {
  allSessions: AgentSession[];
}
