import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** How the server answers the next request. */
export type ScriptedResponse = (response: ServerResponse) => void;

/**
 * A real local HTTP server for transport tests: it records every request and answers each
 * with the next scripted response (so a test sees exactly what went over the wire).
 */
export async function startScriptedServer(): Promise<{
  url: string;
  requests: RecordedRequest[];
  respondWith(...responses: ScriptedResponse[]): void;
  close(): Promise<void>;
}> {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      });
      const next = queue.shift();
      if (next === undefined) {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"code":"unscripted","message":"no response scripted"}}');
        return;
      }
      next(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith: (...responses) => queue.push(...responses),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Server-sent events carrying the given JSON chunks, as the assistant v2 endpoint streams them. */
export function sse(chunks: unknown[], { done = true }: { done?: boolean } = {}): string {
  return chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : '');
}

/** The chunks of a complete streamed answer with one source; `finish` gets `finishExtra` (e.g. the threadId). */
export function answerChunks(text: string, finishExtra: Record<string, unknown> = {}): unknown[] {
  return [
    { type: 'start' },
    { type: 'start-step' },
    { type: 'text-start', id: 'text-1' },
    ...text.split(/(?<= )/).map((delta) => ({ type: 'text-delta', id: 'text-1', delta })),
    { type: 'text-end', id: 'text-1' },
    { type: 'source-url', sourceId: 'source-1', url: '/docs/install#requirements', title: 'Install' },
    { type: 'finish-step' },
    { type: 'finish', ...finishExtra },
  ];
}

/** A 200 SSE response with the given body and extra headers. */
export function streamResponse(body: string, headers: Record<string, string> = {}): ScriptedResponse {
  return (response) => {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-vercel-ai-ui-message-stream': 'v1',
      ...headers,
    });
    response.end(body);
  };
}

/** A JSON error response (`{"error": {"code", "message"}}`). */
export function errorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}): ScriptedResponse {
  return (response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify({ error: { code, message } }));
  };
}
