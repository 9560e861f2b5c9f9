import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from './logger';

/** The one JSON shape of every error the server sends. */
export interface ApiErrorBody {
  error: {
    /** Stable machine-readable code, e.g. `invalid_request`, `thread_not_found`. */
    code: string;
    /** What was wrong and what to do about it. */
    message: string;
    /** The request field at fault, e.g. `messages[0].parts[0].text`, when there is one. */
    field?: string;
  };
}

/** Extra parts of an {@link ApiError}. */
export interface ApiErrorOptions {
  /** The request field at fault. */
  field?: string;
  /** Response headers to send with it (e.g. `Retry-After`). */
  headers?: Record<string, string>;
}

/**
 * An error meant for the client: thrown anywhere in a handler, it becomes a JSON response
 * with its status. Its message is sent as is, so it must say what to fix and hold no secrets.
 *
 * @example throw new ApiError(404, 'thread_not_found', 'No such thread; start a new conversation by sending threadId null.')
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;

  constructor(status: ContentfulStatusCode, code: string, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = options.field;
    this.headers = options.headers ?? {};
  }

  /** The JSON body for this error. */
  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.field === undefined ? {} : { field: this.field }) } };
  }
}

/** Sends an {@link ApiError} as its JSON response, keeping headers already set on the context (CORS, limits). */
export function errorResponse(context: Context, error: ApiError): Response {
  for (const [name, value] of Object.entries(error.headers)) context.header(name, value);
  return context.json(error.toBody(), error.status);
}

/**
 * Hono `onError` handler: an {@link ApiError} goes out as is; anything else is logged and
 * answered with a generic 500, never a stack trace.
 */
export function createErrorHandler(logger: Logger): ErrorHandler {
  return (error, context) => {
    if (error instanceof ApiError) return errorResponse(context, error);
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(context, new ApiError(error.status as ContentfulStatusCode, 'bad_request', error.message || 'The request was not understood.'));
    }
    logger.error({
      event: 'unhandled_error',
      method: context.req.method,
      path: context.req.path,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
    return errorResponse(
      context,
      new ApiError(500, 'internal_error', 'The server met an unexpected error; try again, and report it if it keeps happening.'),
    );
  };
}
