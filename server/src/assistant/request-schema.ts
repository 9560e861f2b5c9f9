import { z } from 'zod/v4';
import { ApiError } from '../http/api-error';
import { describeIssues } from '../http/validation-issue';

/** Which assistant endpoint a body was sent to: v2 (AI SDK 5+) or the deprecated v1 (AI SDK 4). */
export type AssistantApiVersion = 'v1' | 'v2';

/** Most sections `retrievalPageSize` may ask for. */
export const maximumRetrievalPageSize = 20;
/** Longest `currentPath` accepted (spec section 8). */
export const maximumCurrentPathLength = 200;
/** Longest identifier-like field: `fp`, `threadId`, a message id, a context item's `path` or `elementId`. */
export const maximumIdentifierLength = 200;
/** Longest `filter.version`, `filter.language` or filter group. */
export const maximumFilterValueLength = 100;
/** Most `filter.groups`. */
export const maximumFilterGroups = 20;
/** Most parts in one v2 message. */
export const maximumPartsPerMessage = 100;

/** The configurable bounds of a request (config `limits`, README "Limits"). */
export interface RequestBounds {
  /** Longest question (the last user message), in characters. */
  maximumQuestionCharacters: number;
  /** Longest earlier message, in characters. */
  maximumMessageCharacters: number;
  /** Most messages. */
  maximumMessages: number;
  /** Most context items. */
  maximumContextItems: number;
  /** Longest context item value, in characters. */
  maximumContextCharacters: number;
}

/** The defaults of {@link RequestBounds}, the same as the config's. */
export const defaultRequestBounds: RequestBounds = {
  maximumQuestionCharacters: 8_000,
  maximumMessageCharacters: 20_000,
  maximumMessages: 100,
  maximumContextItems: 20,
  maximumContextCharacters: 20_000,
};

const boundedString = (what: string, maximum: number, error: string) =>
  z.string({ error }).max(maximum, { error: `${what} must be at most ${maximum} characters` });

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
  id: boundedString('a message id', maximumIdentifierLength, 'each message needs an id (a string); build messages with the chat SDK'),
  role: z.enum(['user', 'assistant', 'system'], { error: 'role must be "user", "assistant" or "system"' }),
  parts: z
    .array(partSchema, { error: 'v2 messages carry parts: [{ "type": "text", "text": "…" }]' })
    .max(maximumPartsPerMessage, { error: `a message may have at most ${maximumPartsPerMessage} parts` }),
});

const v1MessageSchema = z.looseObject({
  id: boundedString('a message id', maximumIdentifierLength, 'a message id must be a string').optional(),
  role: z.enum(['user', 'assistant', 'system', 'data'], { error: 'role must be "user", "assistant", "system" or "data"' }),
  content: z.string({ error: 'v1 messages carry content: the message text as a string' }),
  parts: z
    .array(partSchema, { error: 'parts must be an array of parts' })
    .max(maximumPartsPerMessage, { error: `a message may have at most ${maximumPartsPerMessage} parts` })
    .optional(),
});

const contextItemSchema = z.object({
  type: z.enum(['code', 'textSelection'], { error: 'a context item type is "code" or "textSelection"' }),
  value: z
    .string({ error: 'a context item needs value: the code or the selected text' })
    .min(1, { error: 'a context item value must not be empty' }),
  path: boundedString('path', maximumIdentifierLength, 'path must be a string').optional(),
  elementId: boundedString('elementId', maximumIdentifierLength, 'elementId must be a string').optional(),
});

const filterSchema = z.strictObject(
  {
    version: boundedString('filter.version', maximumFilterValueLength, 'filter.version must be a string, e.g. "2.x"').min(1).optional(),
    language: boundedString('filter.language', maximumFilterValueLength, 'filter.language must be a string, e.g. "en"').min(1).optional(),
    groups: z
      .array(boundedString('a group', maximumFilterValueLength, 'each group must be a string').min(1), { error: 'filter.groups must be an array of strings' })
      .max(maximumFilterGroups, { error: `filter.groups may hold at most ${maximumFilterGroups} groups` })
      .optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'unknown filter field: use version, language or groups' : 'filter must be an object or null') },
);

const commonFields = {
  fp: z
    .string({ error: 'fp is required: send "anonymous" or a stable user identifier' })
    .min(1, { error: 'fp must not be empty: send "anonymous" or a stable user identifier' })
    .max(maximumIdentifierLength, { error: `fp must be at most ${maximumIdentifierLength} characters: send "anonymous" or a short stable identifier` }),
  threadId: z
    .string({ error: 'threadId must be a string from an earlier answer, or null to start a thread' })
    .min(1, { error: 'threadId must not be empty: send null to start a new thread' })
    .max(maximumIdentifierLength, { error: 'threadId is too long: send the id from an earlier answer, or null' })
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

const tooLarge = (field: string, message: string) => new ApiError(413, 'input_too_large', `${field}: ${message}`, { field });

/** The field holding a message's text: `messages[2].parts` (v2) or `messages[2].content` (v1). */
const textField = (version: AssistantApiVersion, index: number) => (version === 'v2' ? `messages[${index}].parts` : `messages[${index}].content`);

// Counts first, so no text of an oversized request is even joined.
function checkCounts(messageCount: number, context: readonly { value: string }[], bounds: RequestBounds): void {
  if (messageCount > bounds.maximumMessages) {
    throw tooLarge('messages', `at most ${bounds.maximumMessages} messages per request (got ${messageCount}); send only the latest turns`);
  }
  if (context.length > bounds.maximumContextItems) {
    throw tooLarge('context', `at most ${bounds.maximumContextItems} context items per request (got ${context.length}); attach fewer`);
  }
  context.forEach((item, index) => {
    if (item.value.length > bounds.maximumContextCharacters) {
      throw tooLarge(`context[${index}].value`, `at most ${bounds.maximumContextCharacters} characters (got ${item.value.length}); attach a shorter excerpt`);
    }
  });
}

function checkTextLengths(version: AssistantApiVersion, messages: readonly { index: number; text: string }[], bounds: RequestBounds): void {
  const lastIndex = messages.length - 1;
  for (const message of messages) {
    const question = message.index === lastIndex;
    const maximum = question ? bounds.maximumQuestionCharacters : bounds.maximumMessageCharacters;
    if (message.text.length > maximum) {
      throw tooLarge(
        textField(version, message.index),
        question
          ? `the question is ${message.text.length} characters, over the limit of ${maximum}; ask a shorter question`
          : `an earlier message is ${message.text.length} characters, over the limit of ${maximum}; drop or shorten older turns`,
      );
    }
  }
}

/**
 * Validates an assistant request body for one API version and normalises it.
 *
 * @param bounds Sizes a request may not exceed. Default: {@link defaultRequestBounds}.
 * @throws ApiError 400 `invalid_request` whose `field` names the first bad field
 *   (e.g. `messages[0].parts[0].text`) and whose message lists every problem and how to fix it;
 *   413 `input_too_large` naming the field over a bound (e.g. `messages[3].parts`, `context`).
 */
export function parseAssistantRequest(version: AssistantApiVersion, body: unknown, bounds: RequestBounds = defaultRequestBounds): AssistantRequest {
  const result = bodySchemas[version].safeParse(body);
  if (!result.success) {
    const issues = describeIssues(result.error.issues);
    const message = issues.map(describeWithField).join('; ');
    throw new ApiError(400, 'invalid_request', message, issues[0]?.field ? { field: issues[0].field } : {});
  }
  const parsed = result.data;
  checkCounts(parsed.messages.length, parsed.context ?? [], bounds);
  const messages = parsed.messages.map((message, index) => ({
    index,
    role: message.role,
    text: 'content' in message && typeof message.content === 'string' ? message.content : textOfParts(message.parts),
  }));
  checkTextLengths(version, messages, bounds);
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'user') {
    throw new ApiError(400, 'invalid_request', 'the last message must be the user\'s question (role "user")', {
      field: `messages[${messages.length - 1}].role`,
    });
  }
  if (last.text.trim() === '') {
    const field = textField(version, last.index);
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
