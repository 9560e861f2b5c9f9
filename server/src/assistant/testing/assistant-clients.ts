import { callChatApi, type UIMessage as V4UIMessage } from '@ai-sdk/ui-utils';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { readUIMessageAnswer } from './read-answer-streams';

/** Request fields besides the messages, as the widget would send them. */
export interface AskOptions {
  key?: string;
  domain?: string;
  fp?: string;
  threadId?: string | null;
  /** Earlier turns, oldest first (the question is appended). */
  history?: { role: 'user' | 'assistant'; text: string }[];
  extra?: Record<string, unknown>;
}

let counter = 0;
const nextId = () => `m${++counter}`;

/**
 * Asks a question over v2 exactly as an AI SDK 5+ client does: `DefaultChatTransport` sends
 * the request and parses the stream, `readUIMessageStream` builds the assistant message.
 */
export async function askV2(baseUrl: string, question: string, options: AskOptions = {}) {
  const messages: UIMessage[] = [...(options.history ?? []), { role: 'user' as const, text: question }].map((turn) => ({
    id: nextId(),
    role: turn.role,
    parts: [{ type: 'text', text: turn.text }],
  }));
  const transport = new DefaultChatTransport<UIMessage>({
    api: `${baseUrl}/discovery/v2/assistant/${options.domain ?? 'demo'}/message`,
    headers: { Authorization: `Bearer ${options.key ?? 'svc_dsc_demo'}` },
    body: { fp: options.fp ?? 'anonymous', threadId: options.threadId ?? null, ...options.extra },
  });
  const stream = await transport.sendMessages({ trigger: 'submit-message', chatId: 'chat', messageId: undefined, messages, abortSignal: undefined });
  return readUIMessageAnswer(stream, true);
}

/**
 * Asks a question over v1 exactly as AI SDK 4's `useChat` does with
 * `streamProtocol: 'data'` and `sendExtraMessageFields: true`: through `callChatApi`, which
 * builds the assistant message (text, source parts, annotations) and collects the data parts.
 */
export async function askV1(baseUrl: string, question: string, options: AskOptions = {}) {
  const messages: V4UIMessage[] = [...(options.history ?? []), { role: 'user' as const, text: question }].map((turn) => ({
    id: nextId(),
    role: turn.role,
    content: turn.text,
    parts: [{ type: 'text', text: turn.text }],
  }));
  let message: V4UIMessage | undefined;
  let data: unknown[] = [];
  let response: Response | undefined;
  await callChatApi({
    api: `${baseUrl}/discovery/v1/assistant/${options.domain ?? 'demo'}/message`,
    body: { id: 'chat', messages, fp: options.fp ?? 'anonymous', threadId: options.threadId ?? null, ...options.extra },
    streamProtocol: 'data',
    credentials: undefined,
    headers: { Authorization: `Bearer ${options.key ?? 'svc_dsc_demo'}` },
    abortController: undefined,
    restoreMessagesOnFailure: () => {},
    onResponse: (received) => {
      response = received;
    },
    onUpdate: (update) => {
      message = update.message;
      data = update.data ?? [];
    },
    onFinish: undefined,
    onToolCall: undefined,
    generateId: nextId,
    fetch: undefined,
    lastMessage: undefined,
  });
  const annotations = (message?.annotations ?? []) as { threadId?: string; sources?: unknown[] }[];
  return {
    message,
    response,
    text: message?.content ?? '',
    sources: (message?.parts ?? []).flatMap((part) => (part.type === 'source' ? [{ url: part.source.url, title: part.source.title }] : [])),
    annotations,
    data,
    threadId: annotations.find((annotation) => annotation.threadId)?.threadId,
  };
}

/** POSTs a JSON body (or raw text) to an assistant endpoint and returns the response. */
export function postAssistant(
  baseUrl: string,
  body: unknown,
  options: { version?: 'v1' | 'v2'; domain?: string; key?: string | null; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
  if (options.key !== null) headers.Authorization = `Bearer ${options.key ?? 'svc_dsc_demo'}`;
  return fetch(`${baseUrl}/discovery/${options.version ?? 'v2'}/assistant/${options.domain ?? 'demo'}/message`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: options.signal,
  });
}

/** A minimal valid v2 body asking `question`. */
export function v2Body(question: string, extra: Record<string, unknown> = {}) {
  return { fp: 'anonymous', messages: [{ id: nextId(), role: 'user', parts: [{ type: 'text', text: question }] }], ...extra };
}
