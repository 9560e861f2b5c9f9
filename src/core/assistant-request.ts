import { toRequestContextItem, type ContextItem, type DocentUIMessage } from './context-item.js';
import type { ResolvedOptions } from './options.js';
import type { ThreadState } from './thread-storage.js';

/** A message as sent to the service (api-spec 2.6, v2 shape): text parts only. */
export interface AssistantRequestMessage {
  id: string;
  role: DocentUIMessage['role'];
  parts: Array<{ type: 'text'; text: string }>;
}

/** The request body of `POST /discovery/v2/assistant/{domain}/message`, exactly api-spec 2.5. */
export interface AssistantRequestBody {
  fp: string;
  messages: AssistantRequestMessage[];
  threadId: string | null;
  /** Only when the server handed out a key (`x-thread-key`) for the thread. */
  threadKey?: string;
  retrievalPageSize: number;
  /** Only when the `filter` option is set. */
  filter?: Record<string, unknown>;
  /** Only when context is attached to the question. */
  context?: Array<Omit<ContextItem, 'truncated'>>;
  currentPath: string;
}

/** The assistant endpoint for the options: `{baseUrl}/discovery/v2/assistant/{domain}/message`. */
export function assistantEndpoint(options: Pick<ResolvedOptions, 'baseUrl' | 'domain'>): string {
  return `${options.baseUrl}/discovery/v2/assistant/${encodeURIComponent(options.domain)}/message`;
}

/** The text of a message (its text parts joined). */
export function messageText(message: Pick<DocentUIMessage, 'parts'>): string {
  return message.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('');
}

/**
 * The context of the question being answered: the one attached to the last user message
 * (for a regenerate, that is the original question, since the SDK drops the old answer first).
 */
export function questionContext(messages: readonly DocentUIMessage[]): ContextItem[] {
  const question = messages.findLast((message) => message.role === 'user');
  return question?.metadata?.context ?? [];
}

/**
 * Builds the request body. Messages keep only their text parts (sources, metadata and the
 * SDK's bookkeeping stay in the browser); messages without text (an answer that failed
 * before its first token) are left out.
 */
export function buildAssistantRequestBody(input: {
  options: Pick<ResolvedOptions, 'userId' | 'retrievalPageSize' | 'filter'>;
  thread: ThreadState;
  messages: readonly DocentUIMessage[];
  currentPath: string;
}): AssistantRequestBody {
  const messages: AssistantRequestMessage[] = [];
  for (const message of input.messages) {
    const parts = message.parts.flatMap((part) =>
      part.type === 'text' && part.text !== '' ? [{ type: 'text' as const, text: part.text }] : [],
    );
    if (parts.length > 0) messages.push({ id: message.id, role: message.role, parts });
  }
  const context = questionContext(input.messages).map(toRequestContextItem);
  const { threadId, threadKey } = input.thread;
  const { userId, retrievalPageSize, filter } = input.options;
  // Spec order (2.5); optional fields only when they carry something.
  const body: AssistantRequestBody = {
    fp: userId,
    messages,
    threadId,
    ...(threadKey === null ? {} : { threadKey }),
    retrievalPageSize,
    ...(filter === null ? {} : { filter }),
    ...(context.length === 0 ? {} : { context }),
    currentPath: input.currentPath.slice(0, 200),
  };
  return body;
}
