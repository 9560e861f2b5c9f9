import type { UIMessageChunk } from 'ai';

/**
 * Checks a parsed stream event against the chat SDK's UI message chunk shapes, the same checks
 * as the SDK's own `uiMessageChunkSchema` (a zod schema): a known `type` (or `data-…`), its
 * required fields present, and every field the SDK types having that type; other fields pass
 * through, as the SDK's loose objects let them. The widget validates with this instead of the
 * SDK's schema because that schema is the only reason zod (about 13 kB gzip) would be in the
 * script tag; `ui-message-chunk.test.ts` holds both to the same verdicts.
 */

/** What a field holds, by field name (the SDK gives each name one type across chunk types). */
type FieldKind = 'string' | 'boolean' | 'records' | 'record' | 'encoding' | 'reason';

const fieldKinds: Readonly<Record<string, FieldKind>> = {
  id: 'string',
  delta: 'string',
  errorText: 'string',
  toolCallId: 'string',
  toolName: 'string',
  inputTextDelta: 'string',
  approvalId: 'string',
  signature: 'string',
  title: 'string',
  sourceId: 'string',
  url: 'string',
  mediaType: 'string',
  filename: 'string',
  messageId: 'string',
  reason: 'string',
  providerExecuted: 'boolean',
  dynamic: 'boolean',
  preliminary: 'boolean',
  transient: 'boolean',
  providerMetadata: 'records',
  toolMetadata: 'record',
  inputEncoding: 'encoding',
  finishReason: 'reason',
};

// Fields per chunk type: required names, then `?` and the optional ones. Fields typed `unknown`
// by the SDK (`input`, `output`, `data`, `messageMetadata`…) accept anything and are not listed.
const toolFields = '? providerExecuted providerMetadata toolMetadata dynamic';
const chunkFields: Readonly<Record<string, string>> = {
  'text-start': 'id ? providerMetadata',
  'text-delta': 'id delta ? providerMetadata',
  'text-end': 'id ? providerMetadata',
  error: 'errorText',
  'tool-input-start': `toolCallId toolName ${toolFields} inputEncoding title`,
  'tool-input-delta': 'toolCallId inputTextDelta',
  'tool-input-available': `toolCallId toolName ${toolFields} title`,
  'tool-input-error': `toolCallId toolName errorText ${toolFields} title`,
  'tool-approval-request': 'approvalId toolCallId ? signature',
  'tool-output-available': `toolCallId ${toolFields} preliminary`,
  'tool-output-error': `toolCallId errorText ${toolFields}`,
  'tool-output-denied': 'toolCallId',
  'reasoning-start': 'id ? providerMetadata',
  'reasoning-delta': 'id delta ? providerMetadata',
  'reasoning-end': 'id ? providerMetadata',
  'source-url': 'sourceId url ? title providerMetadata',
  'source-document': 'sourceId mediaType title ? filename providerMetadata',
  file: 'url mediaType ? providerMetadata',
  'start-step': '',
  'finish-step': '',
  start: '? messageId',
  finish: '? finishReason',
  abort: '? reason',
  'message-metadata': '',
};
const dataChunkFields = '? id transient';

const finishReasons = new Set(['stop', 'length', 'content-filter', 'tool-calls', 'error', 'other']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hasKind(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'record':
      return isRecord(value);
    case 'records':
      return isRecord(value) && Object.values(value).every(isRecord);
    case 'encoding':
      return value === 'json' || value === 'text';
    case 'reason':
      return finishReasons.has(value as string);
  }
}

/** Why `value` is not a UI message chunk, or `undefined` when it is one. */
export function uiMessageChunkProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'a stream event is not an object';
  const type = value.type;
  const fields = typeof type === 'string' ? (type.startsWith('data-') ? dataChunkFields : chunkFields[type]) : undefined;
  if (fields === undefined) return `unknown stream event type ${JSON.stringify(type)}`;
  let required = true;
  for (const name of fields.split(' ')) {
    if (name === '?') required = false;
    else if (name !== '' && (value[name] !== undefined || required) && !hasKind(value[name], fieldKinds[name]!)) {
      return `the "${type}" stream event has an invalid "${name}"`;
    }
  }
  return undefined;
}

/** Validation in the shape the SDK's `jsonSchema(…, { validate })` takes. */
export function validateUIMessageChunk(
  value: unknown,
): { success: true; value: UIMessageChunk } | { success: false; error: Error } {
  const problem = uiMessageChunkProblem(value);
  return problem === undefined
    ? { success: true, value: value as UIMessageChunk }
    : { success: false, error: new Error(`Invalid stream event from the assistant: ${problem}.`) };
}
