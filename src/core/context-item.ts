/** Longest context value sent to the service; longer values are cut and flagged `truncated`. */
export const maximumContextLength = 8_000;

/**
 * A piece of the host page attached to a question (api-spec 2.7): a selected passage
 * (`textSelection`) or a code block (`code`).
 * @example { type: 'code', value: 'npm install docent', path: '/docs/install', elementId: 'install' }
 */
export interface ContextItem {
  /** `textSelection` for selected text, `code` for a code block. */
  type: 'code' | 'textSelection';
  /** The selected text or the code, at most {@link maximumContextLength} characters. */
  value: string;
  /** Path of the page (or source file) the value comes from, e.g. `location.pathname`. */
  path?: string;
  /** The `id` of the nearest element around the value that has one. */
  elementId?: string;
  /** UI only, never sent: the value was cut to {@link maximumContextLength} characters. */
  truncated?: boolean;
}

/**
 * Metadata the widget keeps on the reader's messages. The UI sends a question with
 * `sendMessage({ text, metadata: { context } })`, so the context travels with the message:
 * it is shown in the conversation, survives reloads, and is sent again on regenerate.
 */
export interface DocentMessageMetadata {
  /** The context items attached when the question was asked. */
  context?: ContextItem[];
}

/**
 * The parts of a message the widget reads: its text and its sources (`step-start` separates the
 * steps of an answer). A structural subset of the chat SDK's `UIMessagePart`, written out here so
 * that the published types do not pull in the SDK's own (which need Node's `Buffer` and
 * `node:http` types and `@types/json-schema` in the consumer's project).
 */
export type DocentMessagePart =
  | { type: 'text'; text: string; state?: 'streaming' | 'done' }
  | { type: 'source-url'; sourceId: string; url: string; title?: string }
  | { type: 'step-start' };

/**
 * The message type used with `useChat` / `Chat` by the widget: the SDK's `UIMessage` with
 * {@link DocentMessageMetadata} (`useChat<DocentUIMessage>` checks that it still is one).
 */
export interface DocentUIMessage {
  id: string;
  role: 'system' | 'user' | 'assistant';
  metadata?: DocentMessageMetadata;
  parts: DocentMessagePart[];
}

/**
 * Validates and normalises a context item given by the host page (`addContext`, `ask`):
 * trims nothing, caps the value, drops empty optional fields.
 * @returns the item, or an error message saying what was wrong.
 */
export function normalizeContextItem(input: unknown): { item: ContextItem } | { error: string } {
  if (typeof input !== 'object' || input === null) {
    return { error: 'a context item must be an object like { type: "code", value: "…" }' };
  }
  const candidate = input as Record<string, unknown>;
  if (candidate.type !== 'code' && candidate.type !== 'textSelection') {
    return { error: `context item type must be "code" or "textSelection", got ${JSON.stringify(candidate.type)}` };
  }
  if (typeof candidate.value !== 'string' || candidate.value.trim() === '') {
    return { error: 'context item value must be a non-empty string' };
  }
  const truncated = candidate.value.length > maximumContextLength || candidate.truncated === true;
  const item: ContextItem = { type: candidate.type, value: candidate.value.slice(0, maximumContextLength) };
  if (typeof candidate.path === 'string' && candidate.path !== '') item.path = candidate.path;
  if (typeof candidate.elementId === 'string' && candidate.elementId !== '') item.elementId = candidate.elementId;
  if (truncated) item.truncated = true;
  return { item };
}

/** The wire form of a context item (api-spec 2.7): the UI-only `truncated` flag removed. */
export function toRequestContextItem(item: ContextItem): Omit<ContextItem, 'truncated'> {
  const { truncated: _truncated, ...wire } = item;
  return wire;
}
