import { ApiError } from './api-error';

/** Largest request body accepted by default: 256 KB (config `limits.maximumBodyBytes`). */
export const maximumBodyBytes = 256 * 1024;

// The rest of the body is left unread, so the connection cannot carry another request: saying
// `Connection: close` makes a keep-alive client open a new one instead of writing into a
// socket the server is about to drop.
const tooLarge = (maximumBytes: number) =>
  new ApiError(
    413,
    'payload_too_large',
    `The request body is over ${Math.round(maximumBytes / 1024)} KB; send fewer or shorter messages (older turns can be dropped).`,
    { headers: { Connection: 'close' } },
  );

const incomplete = () =>
  new ApiError(400, 'body_incomplete', 'The request body ended before it was complete (the connection was cut); send the request again.');

/** True for `application/json` and `application/*+json`, with or without parameters. */
function isJsonMediaType(contentType: string | null): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

/** Reads the body, counting bytes as they arrive, so a lying or absent Content-Length cannot get more through. */
async function readLimited(body: ReadableStream<Uint8Array>, maximumBytes: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-upload: its fault, not the server's, and nobody reads the answer.
      throw incomplete();
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > maximumBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maximumBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a JSON request body within a size limit.
 *
 * @param request The incoming request.
 * @param maximumBytes Largest body accepted. Default: {@link maximumBodyBytes} (256 KB).
 * @returns The parsed JSON value (any JSON type; the caller's schema checks its shape).
 * @throws ApiError 415 when the Content-Type is not JSON, 413 when the body is too large,
 *   400 `invalid_json` when it does not parse, 400 `body_incomplete` when the client disconnects.
 */
export async function readJsonBody(request: Request, maximumBytes: number = maximumBodyBytes): Promise<unknown> {
  if (!isJsonMediaType(request.headers.get('content-type'))) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'The request body must be JSON: send it with the header "Content-Type: application/json".',
    );
  }
  const declaredLength = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declaredLength > maximumBytes) throw tooLarge(maximumBytes);
  const bytes = request.body ? await readLimited(request.body, maximumBytes) : new Uint8Array();
  const text = new TextDecoder('utf-8').decode(bytes);
  if (text.trim() === '') {
    throw new ApiError(400, 'invalid_json', 'The request body is empty: send a JSON object with fp and messages.');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(400, 'invalid_json', `The request body is not valid JSON (${(error as Error).message}); send a JSON object.`);
  }
}
