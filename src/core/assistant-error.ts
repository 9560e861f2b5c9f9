/**
 * What went wrong with a question, as the reader should be told about it. The UI picks the
 * text (`labels.error…`) and the recovery (Retry, New conversation) by kind.
 * - `network`: the service could not be reached.
 * - `auth`: 401/403 (or an unknown domain): the site's key or domain is wrong, a configuration problem.
 * - `thread-not-found`: 404 for the stored thread; start a new conversation and retry.
 * - `rate-limited`: 429; `retryAfterSeconds` says when to try again when the server said so.
 * - `server`: 5xx, or an error event inside the stream.
 * - `interrupted`: the stream ended before its `finish` event; the partial answer is kept.
 * - `bad-request`: 400, the service refused the request body.
 */
export type AssistantErrorKind =
  | 'network'
  | 'auth'
  | 'thread-not-found'
  | 'rate-limited'
  | 'server'
  | 'interrupted'
  | 'bad-request';

/**
 * The text of the `error` stream chunk the transport adds when a stream ends without `finish`.
 * The chat SDK turns an error chunk into `new Error(errorText)`, so {@link classifyError}
 * recognises this prefix to give the error the `interrupted` kind.
 */
export const interruptedErrorText = 'docent:interrupted: the answer stream ended before it finished';

const defaultMessages: Record<AssistantErrorKind, string> = {
  network: 'Could not reach the assistant service.',
  auth: 'The assistant service refused the API key or domain.',
  'thread-not-found': 'The conversation thread was not found.',
  'rate-limited': 'Too many requests to the assistant service.',
  server: 'The assistant service failed to answer.',
  interrupted: 'The answer stream ended before it finished.',
  'bad-request': 'The assistant service refused the request.',
};

/** A failed question, classified for the reader. Thrown by the transport, read by the UI from `useChat().error`. */
export class AssistantError extends Error {
  /** What kind of failure this is; the UI renders by kind. */
  readonly kind: AssistantErrorKind;
  /** HTTP status of the response, when there was one. */
  readonly status?: number;
  /** Seconds to wait before retrying, from a 429's `Retry-After` header. */
  readonly retryAfterSeconds?: number;
  /** The server's error code (`{"error": {"code": …}}`), when it sent one. */
  readonly code?: string;

  constructor(
    kind: AssistantErrorKind,
    message?: string,
    details: { status?: number; retryAfterSeconds?: number; code?: string; cause?: unknown } = {},
  ) {
    super(message ?? defaultMessages[kind], details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'AssistantError';
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
    if (details.code !== undefined) this.code = details.code;
  }
}

/** Reads `Retry-After` (delta seconds or an HTTP date) as whole seconds from now. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function kindFromStatus(status: number, code: string | undefined): AssistantErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return code !== undefined && /domain|project|organization/i.test(code) ? 'auth' : 'thread-not-found';
  if (status === 429) return 'rate-limited';
  if (status === 400 || status === 413 || status === 422) return 'bad-request';
  return 'server';
}

/** Reads `{"error": {"code", "message"}}` from a body text; anything else yields nothing. */
function parseErrorBody(text: string): { code?: string; message?: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    const error = (parsed as { error?: unknown } | null)?.error;
    if (typeof error === 'object' && error !== null) {
      const { code, message } = error as { code?: unknown; message?: unknown };
      return {
        ...(typeof code === 'string' ? { code } : {}),
        ...(typeof message === 'string' ? { message } : {}),
      };
    }
    if (typeof error === 'string') return { message: error };
  } catch {
    // Not JSON (a proxy's HTML error page, say): the status alone decides.
  }
  return {};
}

/** Classifies a non-OK HTTP response from the assistant endpoint. Consumes the body. */
export async function assistantErrorFromResponse(response: Response): Promise<AssistantError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // A body that cannot be read changes nothing about the status.
  }
  const { code, message } = parseErrorBody(text);
  const kind = kindFromStatus(response.status, code);
  const retryAfterSeconds = kind === 'rate-limited' ? parseRetryAfter(response.headers.get('retry-after')) : undefined;
  return new AssistantError(kind, message ?? `${defaultMessages[kind]} (HTTP ${response.status})`, {
    status: response.status,
    ...(code === undefined ? {} : { code }),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  });
}

/**
 * Turns anything `useChat` reports as its `error` into an {@link AssistantError}:
 * the transport's own errors pass through; a fetch `TypeError` is `network`; the error chunk
 * for a cut stream is `interrupted`; a plain error whose message is a JSON error body (as the
 * SDK's default transport throws) is classified by its code; anything else is `server`.
 */
export function classifyError(error: unknown): AssistantError {
  if (error instanceof AssistantError) return error;
  if (error instanceof TypeError) return new AssistantError('network', undefined, { cause: error });
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (message.startsWith(interruptedErrorText)) return new AssistantError('interrupted', undefined, { cause: error });
  const body = parseErrorBody(message);
  if (body.code !== undefined) {
    const code = body.code;
    const kind: AssistantErrorKind = /unauthori|forbidden|api_key|invalid_key|domain/i.test(code)
      ? 'auth'
      : /thread/i.test(code)
        ? 'thread-not-found'
        : /rate|limit|quota/i.test(code)
          ? 'rate-limited'
          : /invalid|bad_request|validation/i.test(code)
            ? 'bad-request'
            : 'server';
    return new AssistantError(kind, body.message, { code, cause: error });
  }
  return new AssistantError('server', message === '' ? undefined : message, { cause: error });
}
