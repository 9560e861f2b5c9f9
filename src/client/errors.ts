/**
 * The service answered with an error. `code` and `field` come from its JSON error body
 * (`{"error": {"code", "message", "field"?}}`) when it sent one.
 *
 * @example
 * try { await admin.jobs.get('docs', id); }
 * catch (error) { if (error instanceof DocentApiError && error.status === 404) … }
 */
export class DocentApiError extends Error {
  override readonly name = 'DocentApiError';
  /** HTTP status, e.g. `404`. */
  readonly status: number;
  /** Machine-readable code, e.g. `job_not_found`; `http_<status>` when the body had none. */
  readonly code: string;
  /** The request field at fault, e.g. `prompt`, when the service named one. */
  readonly field: string | undefined;
  /** Seconds the service asked to wait (`Retry-After`), on 429 and 503. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, options: { field?: string; retryAfterSeconds?: number } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** `waitFor` gave up: the job had not reached a final state within `timeoutMs`. */
export class DocentTimeoutError extends Error {
  override readonly name = 'DocentTimeoutError';
  /** The last state seen, if any poll succeeded. */
  readonly lastSeen: unknown;
  constructor(message: string, lastSeen?: unknown) {
    super(message);
    this.lastSeen = lastSeen;
  }
}

/** An assistant answer stream reported an error part after it started. */
export class DocentStreamError extends Error {
  override readonly name = 'DocentStreamError';
}
