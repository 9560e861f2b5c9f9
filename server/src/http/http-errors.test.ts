import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import type { LogRecord, Logger } from './logger';

// Every log record, so a test can wait for the line of its request.
const records: LogRecord[] = [];
const waiters: Array<{ matches: (record: LogRecord) => boolean; resolve: (record: LogRecord) => void }> = [];
const capture = (record: LogRecord) => {
  records.push(record);
  for (const waiter of waiters.splice(0)) {
    if (waiter.matches(record)) waiter.resolve(record);
    else waiters.push(waiter);
  }
};
const logger: Logger = { info: capture, error: (record) => capture({ ...record, level: 'error' }) };
const logged = (matches: (record: LogRecord) => boolean) =>
  new Promise<LogRecord>((resolve) => {
    const earlier = records.find(matches);
    if (earlier) resolve(earlier);
    else waiters.push({ matches, resolve });
  });

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer({ logger, limits: { rejectedPerIpPerMinute: 1_000 } });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.close();
});

/** Sends raw bytes and reads until the server closes or `until` says the answer is whole. */
function rawExchange(bytes: string, until: (text: string) => boolean = () => false): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (until(text)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/** Status, headers and JSON body of a raw HTTP/1.1 answer. */
function parseRaw(text: string): { status: number; headers: string; body: { error: { code: string; message: string } } } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) as { error: { code: string; message: string } } };
}

const wholeJson = (text: string) => {
  const body = text.split('\r\n\r\n')[1] ?? '';
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
};

/** One request over `agent`, its status and body. */
function send(agent: Agent, path: string, method: string, body?: (write: (chunk: string) => void) => void): Promise<{ status: number; text: string; response: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path, method, agent, headers: { 'Content-Type': 'application/json', Authorization: 'Bearer svc_dsc_demo' } },
      (response) => {
        answered = true;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text, response }));
      },
    );
    // The server may close while the client still uploads: only an error before any answer counts.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    body?.((chunk) => outgoing.write(chunk));
    outgoing.end();
  });
}

describe('JSON errors for what Node answers itself', () => {
  test('headers over the limit get a JSON 431', async () => {
    const answer = parseRaw(await rawExchange(`GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, wholeJson));
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.body.error.code).toBe('headers_too_large');
    expect(answer.body.error.message).toMatch(/header/i);
  });

  test('a request without a Host, or with a malformed one, gets a JSON 400', async () => {
    const missing = parseRaw(await rawExchange('GET /health HTTP/1.1\r\n\r\n', wholeJson));
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('bad_host');
    const malformed = parseRaw(await rawExchange('GET /health HTTP/1.1\r\nHost: bad host[\r\n\r\n', wholeJson));
    expect(malformed.status).toBe(400);
    expect(malformed.headers).toContain('content-type: application/json');
    expect(malformed.body.error.code).toBe('bad_host');
  });

  test('a known path with another method gets a JSON 405 with Allow; an unknown path a JSON 404', async () => {
    const wrongMethod = await fetch(`${server.url}/health`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD');
    expect(((await wrongMethod.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
    const unknown = await fetch(`${server.url}/no/such/path`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string; message: string } }).error.message).toContain('/no/such/path');
  });
});

describe('request bodies', () => {
  test('a chunked body over the limit gets 413, and the keep-alive client’s next request still works', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // 2 MB, well past the 256 KB limit: more than the server reads before it answers.
      const tooLarge = await send(agent, '/discovery/v2/assistant/demo/message', 'POST', (write) => {
        for (let index = 0; index < 2_000; index++) write('x'.repeat(1_000));
      });
      expect(tooLarge.status).toBe(413);
      expect((JSON.parse(tooLarge.text) as { error: { code: string } }).error.code).toBe('payload_too_large');
      const next = await send(agent, '/health', 'GET');
      expect(next.status).toBe(200);
      expect(JSON.parse(next.text)).toEqual({ status: 'ok' });
    } finally {
      agent.destroy();
    }
  });

  test('a client that disconnects during its upload is not logged as a server error', async () => {
    const path = '/discovery/v2/assistant/demo/message?upload=aborted';
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer svc_dsc_demo\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"fp"\r\n`,
    );
    // A round trip on another connection lets the server take in this one's head and part of its
    // body first (it serves sockets in the order their bytes arrived): the read is then under way.
    await new Promise<void>((resolve) => socket.write('1\r\n:\r\n', () => resolve()));
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    socket.destroy();
    const line = await logged((record) => record.event === 'request' && record.path === '/discovery/v2/assistant/demo/message');
    expect(line.status).not.toBe(500);
    expect(records.filter((record) => record.event === 'unhandled_error')).toEqual([]);
  });
});
