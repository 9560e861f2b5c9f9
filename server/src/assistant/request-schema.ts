import { z } from 'zod/v4';
import { ApiError } from '../http/api-error';
import { describeIssues } from '../http/validation-issue';

/** Which assistant endpoint a body was sent to: v2 (AI SDK 5+) or the deprecated v1 (AI SDK 4). */
export type AssistantApiVersion = 'v1' | 'v2';

/** Most sections `retrievalPageSize` may ask for. */
export const maximumRetrievalPageSize = 20;
/** Longest `currentPath` accepted (spec section 8). */
export const maximumCurrentPathLength = 200;

const partSchema = z
  .looseObject({ type: z.string({ error: 'each part needs a type, e.g. "text"' }) })
  .superRefine((part, context) => {
    if (part.type !== 'text') return;
    const text = (part as { text?: unknown }).text;
    if (typeof text !== 'string') {
      context.addIssue({ code: 'custom', path: ['text'], message: 'a text part needs text: a string with the message text' });
    }
  });

const v2MessageSchema = z.looseObject({
  // Checked first: a v1-style message sent to v2 is best told about parts before anything else.
  content: z
    .undefined({
      error: 'v2 messages carry parts, not content: send parts: [{ "type": "text", "text": "…" }], or use /discovery/v1 for AI SDK 4 messages',
    })
    .optional(),
  id: z.string({ error: 'each message needs an id (a string); build messages with the chat SDK' }),
  role: z.enum(['user', 'assistant', 'system'], { error: 'role must be "user", "assistant" or "system"' }),
  parts: z.array(partSchema, { error: 'v2 messages carry parts: [{ "type": "text", "text": "…" }]' }),
});

const v1MessageSchema = z.looseObject({
  id: z.string({ error: 'a message id must be a string' }).optional(),
  role: z.enum(['user', 'assistant', 'system', 'data'], { error: 'role must be "user", "assistant", "system" or "data"' }),
  content: z.string({ error: 'v1 messages carry content: the message text as a string' }),
  parts: z.array(partSchema, { error: 'parts must be an array of parts' }).optional(),
});

const contextItemSchema = z.object({
  type: z.enum(['code', 'textSelection'], { error: 'a context item type is "code" or "textSelection"' }),
  value: z
    .string({ error: 'a context item needs value: the code or the selected text' })
    .min(1, { error: 'a context item value must not be empty' }),
  path: z.string({ error: 'path must be a string' }).optional(),
  elementId: z.string({ error: 'elementId must be a string' }).optional(),
});

const filterSchema = z.strictObject(
  {
    version: z.string({ error: 'filter.version must be a string, e.g. "2.x"' }).min(1).optional(),
    language: z.string({ error: 'filter.language must be a string, e.g. "en"' }).min(1).optional(),
    groups: z
      .array(z.string({ error: 'each group must be a string' }).min(1), { error: 'filter.groups must be an array of strings' })
      .optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'unknown filter field: use version, language or groups' : 'filter must be an object or null') },
);

const commonFields = {
  fp: z
    .string({ error: 'fp is required: send "anonymous" or a stable user identifier' })
    .min(1, { error: 'fp must not be empty: send "anonymous" or a stable user identifier' }),
  threadId: z
    .string({ error: 'threadId must be a string from an earlier answer, or null to start a thread' })
    .min(1, { error: 'threadId must not be empty: send null to start a new thread' })
    .max(200, { error: 'threadId is too long: send the id from an earlier answer, or null' })
    .nullable()
    .optional(),
  retrievalPageSize: z
    .number({ error: `retrievalPageSize must be a whole number from 1 to ${maximumRetrievalPageSize} (default 5)` })
    .int({ error: `retrievalPageSize must be a whole number from 1 to ${maximumRetrievalPageSize} (default 5)` })
    .min(1, { error: `retrievalPageSize must be at least 1 (default 5)` })
    .max(maximumRetrievalPageSize, { error: `retrievalPageSize must be at most ${maximumRetrievalPageSize} (default 5)` })
    .default(5),
  filter: filterSchema.nullable().optional(),
  context: z.array(contextItemSchema, { error: 'context must be an array of { type, value } items' }).optional(),
  currentPath: z
    .string({ error: 'currentPath must be a string, e.g. "/docs/getting-started"' })
    .max(maximumCurrentPathLength, { error: `currentPath must be at most ${maximumCurrentPathLength} characters` })
    .optional(),
};

const messagesError = (version: AssistantApiVersion) =>
  version === 'v2'
    ? 'messages is required: an array of chat SDK (v5+) messages, the last one from the user'
    : 'messages is required: an array of chat SDK (v4) messages, the last one from the user';

const bodySchemas = {
  v2: z.object(
    {
      ...commonFields,
      messages: z.array(v2MessageSchema, { error: messagesError('v2') }).min(1, { error: 'messages must hold at least one message' }),
    },
    { error: 'the request body must be a JSON object with fp and messages' },
  ),
  v1: z.object(
    {
      ...commonFields,
      messages: z.array(v1MessageSchema, { error: messagesError('v1') }).min(1, { error: 'messages must hold at least one message' }),
    },
    { error: 'the request body must be a JSON object with fp and messages' },
  ),
};

/** One turn of the conversation as the answer model sees it. */
export interface RequestTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** A piece of the reader's page sent along with the question. */
export interface RequestContextItem {
  type: 'code' | 'textSelection';
  value: string;
  path?: string;
  elementId?: string;
}

/** Search restrictions matched against page front matter. */
export interface RequestFilter {
  version?: string;
  language?: string;
  groups?: string[];
}

/** A validated assistant request, the same for v1 and v2. */
export interface AssistantRequest {
  fp: string;
  /** The thread to continue, or `null` to start one. */
  threadId: string | null;
  retrievalPageSize: number;
  filter: RequestFilter | null;
  context: RequestContextItem[];
  currentPath: string | null;
  /** The user and assistant turns, oldest first; the last one is the user's question. */
  turns: RequestTurn[];
  /** The text of the last user message. */
  question: string;
}

const textOfParts = (parts: readonly { type: string }[] | undefined): string =>
  (parts ?? [])
    .filter((part): part is { type: 'text'; text: string } => part.type === 'text')
    .map((part) => part.text)
    .join('');

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;

/** `field: message`, unless the message already starts by naming the field. */
function describeWithField(issue: { field: string; message: string }): string {
  const lastSegment = issue.field.split(/[.[]/).at(-1) ?? '';
  if (issue.field === '' || issue.message.startsWith(issue.field) || issue.message.startsWith(`${lastSegment} `)) return issue.message;
  return `${issue.field}: ${issue.message}`;
}

/**
 * Validates an assistant request body for one API version and normalises it.
 *
 * @throws ApiError 400 `invalid_request` whose `field` names the first bad field
 *   (e.g. `messages[0].parts[0].text`) and whose message lists every problem and how to fix it.
 */
export function parseAssistantRequest(version: AssistantApiVersion, body: unknown): AssistantRequest {
  const result = bodySchemas[version].safeParse(body);
  if (!result.success) {
    const issues = describeIssues(result.error.issues);
    const message = issues.map(describeWithField).join('; ');
    throw new ApiError(400, 'invalid_request', message, issues[0]?.field ? { field: issues[0].field } : {});
  }
  const parsed = result.data;
  const messages = parsed.messages.map((message, index) => ({
    index,
    role: message.role,
    text: 'content' in message && typeof message.content === 'string' ? message.content : textOfParts(message.parts),
  }));
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'user') {
    throw new ApiError(400, 'invalid_request', 'the last message must be the user\'s question (role "user")', {
      field: `messages[${messages.length - 1}].role`,
    });
  }
  if (last.text.trim() === '') {
    const field = version === 'v2' ? `messages[${last.index}].parts` : `messages[${last.index}].content`;
    throw new ApiError(400, 'invalid_request', `${field}: the last user message has no text; send the question as text`, { field });
  }
  return {
    fp: parsed.fp,
    threadId: parsed.threadId ?? null,
    retrievalPageSize: parsed.retrievalPageSize,
    filter: parsed.filter ? withoutUndefined(parsed.filter) : null,
    context: (parsed.context ?? []).map(withoutUndefined),
    currentPath: parsed.currentPath ?? null,
    turns: messages
      .filter(
        (message): message is typeof message & { role: 'user' | 'assistant' } =>
          (message.role === 'user' || message.role === 'assistant') && message.text.trim() !== '',
      )
      .map(({ role, text }) => ({ role, text })),
    question: last.text,
  };
}
