/**
 * Typed clients for the documentation platform's API, for Node, Deno, Bun and (assistant
 * only, by default) browsers: the agent-job client with polling, and the streamed assistant.
 */
export { createAdminClient } from './admin-client.js';
export type { AdminClient, AdminClientOptions, AgentJobsClient, CreateJobRequest, RequestOptions, WaitForOptions } from './admin-client.js';
export { createAssistantClient } from './assistant-client.js';
export type { AskContextItem, AskMessage, AskOptions, AskResult, AskSource, AssistantClient, AssistantClientOptions } from './assistant-client.js';
export { terminalJobStatuses } from './agent-types.js';
export type { AgentJob, AgentJobStatus, AgentSession, AgentSessionList, AgentTodo, HaultReason } from './agent-types.js';
export { DocentApiError, DocentStreamError, DocentTimeoutError } from './errors.js';
