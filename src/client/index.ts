/**
 * Typed clients for the documentation platform's API, for Node, Deno, Bun and (assistant
 * only, by default) browsers: the agent-job client with polling, and the streamed assistant.
 */
export { createAdminClient } from './admin-client';
export type { AdminClient, AdminClientOptions, AgentJobsClient, CreateJobRequest, RequestOptions, WaitForOptions } from './admin-client';
export { createAssistantClient } from './assistant-client';
export type { AskContextItem, AskMessage, AskOptions, AskResult, AskSource, AssistantClient, AssistantClientOptions } from './assistant-client';
export { terminalJobStatuses } from './agent-types';
export type { AgentJob, AgentJobStatus, AgentSession, AgentSessionList, AgentTodo, HaultReason } from './agent-types';
export { DocentApiError, DocentStreamError, DocentTimeoutError } from './errors';
