import { DocentApiError } from './errors.js';

/** The `fetch` a client uses (the platform's, or one you pass for proxies and tests). */
export type FetchFunction = typeof globalThis.fetch;

/** Joins a base URL and an absolute path, tolerating a trailing slash on the base. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

/** Encodes one path segment (project ids, job ids, domains). */
export const segment = (value: string): string => encodeURIComponent(value);

/** Reads `Retry-After` as seconds (delta-seconds or an HTTP date), or `undefined`. */
export function retryAfterSeconds(response: Response, now: number = Date.now()): number | undefined {
  const header = response.headers.get('retry-after');
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

/** Turns an error response into a {@link DocentApiError}, using the JSON error body when there is one. */
export async function toApiError(response: Response): Promise<DocentApiError> {
  const text = await response.text().catch(() => '');
  let error: { code?: unknown; message?: unknown; field?: unknown } | undefined;
  try {
    error = (JSON.parse(text) as { error?: typeof error }).error;
  } catch {
    // Not JSON (a proxy's HTML page, say): fall back to the status line below.
  }
  const message =
    typeof error?.message === 'string'
      ? error.message
      : `The service answered ${response.status} ${response.statusText}${text ? `: ${text.slice(0, 200)}` : ''}`.trim();
  return new DocentApiError(response.status, typeof error?.code === 'string' ? error.code : `http_${response.status}`, message, {
    ...(typeof error?.field === 'string' ? { field: error.field } : {}),
    ...(retryAfterSeconds(response) === undefined ? {} : { retryAfterSeconds: retryAfterSeconds(response) }),
  });
}

/** A JSON request with a Bearer key; non-2xx answers throw {@link DocentApiError}. */
export async function requestJson<T>(
  fetchFunction: FetchFunction,
  url: string,
  options: { method: string; apiKey: string; body?: unknown; signal?: AbortSignal },
): Promise<T> {
  const response = await fetchFunction(url, {
    method: options.method,
    headers: {
      authorization: `Bearer ${options.apiKey}`,
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

/** True in a browser page (not in Node, Deno or a worker). */
export function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}
