import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { ApiErrorBody } from './api-error';

/** Largest request head (request line and headers) Node accepts by default: 16 KB. */
export const maximumHeaderBytes = 16 * 1024;

/** What {@link createHttpServer} serves. */
export interface HttpServerOptions {
  /** The app's fetch handler (`app.fetch`). */
  fetch: Parameters<typeof getRequestListener>[0];
  /** Host name used for an HTTP/1.0 request without a `Host` header. */
  hostname: string;
}

const errorBody = (code: string, message: string): string => JSON.stringify({ error: { code, message } } satisfies ApiErrorBody);

// The connection is closed after an answer to a request this broken: nothing on it can be trusted.
const jsonHeaders = (body: string) => ({
  'Content-Type': 'application/json; charset=UTF-8',
  'Content-Length': String(Buffer.byteLength(body)),
  Connection: 'close',
});

// A host name or IPv4 address, or a bracketed IPv6 address, with an optional port (RFC 9110 7.2).
const validHost = /^(?:[a-z0-9._~-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const badHost = errorBody(
  'bad_host',
  'The Host header is missing or malformed; send the host name the server is reached at, e.g. "Host: docs-api.example.com".',
);

/**
 * The JSON answer for a request the adapter could not turn into a `Request` (a bad `Host`, a
 * malformed target): Hono's own would be an empty 400.
 */
function requestErrorResponse(error: unknown): Response {
  const message = error instanceof Error ? error.message : '';
  const body = /host/i.test(message)
    ? badHost
    : errorBody('bad_request', 'The request target is malformed; send a path that starts with "/", without backslashes, e.g. "/health".');
  return new Response(body, { status: 400, headers: jsonHeaders(body) });
}

// The part of Node's socket that says whether a response is already under way on it.
interface HttpSocket extends Duplex {
  _httpMessage?: { headersSent?: boolean } | null;
}

/**
 * Answers what Node's HTTP parser refuses before any handler runs (headers over
 * {@link maximumHeaderBytes}: 431; malformed HTTP: 400) in the JSON error shape, then closes the
 * connection, as Node's own plain-text answers do.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: HttpSocket): void {
  if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, errorBody('headers_too_large', `The request headers are over ${maximumHeaderBytes / 1024} KB; send fewer or smaller headers (large cookies are the usual cause).`)]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, errorBody('request_timeout', 'The request took too long to arrive; send it again.')]
        : [400, errorBody('bad_request', 'The request is not valid HTTP/1.1; check the client sending it.')];
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=UTF-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * The Node HTTP server for the app (in place of `serve` from `@hono/node-server`, which has no
 * hook for these): every answer the server itself gives is in the JSON error shape, whether
 * Node's parser refused the request (431, 400), the `Host` header is missing from an HTTP/1.1
 * request or malformed (400 `bad_host`), or the request target is (400 `bad_request`).
 * Not listening yet: call `listen`.
 */
export function createHttpServer(options: HttpServerOptions): Server {
  const listener = getRequestListener(options.fetch, { hostname: options.hostname, errorHandler: requestErrorResponse });
  // Node's own check answers a missing Host with an empty 400, the adapter a malformed one; this
  // one answers both in JSON.
  const server = createServer({ requireHostHeader: false }, (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const host = incoming.headers.host;
    if (host === undefined ? incoming.httpVersion === '1.1' : !validHost.test(host)) {
      outgoing.writeHead(400, jsonHeaders(badHost)).end(badHost);
      incoming.resume();
      return;
    }
    void listener(incoming, outgoing);
  });
  server.on('clientError', answerClientError);
  return server;
}
