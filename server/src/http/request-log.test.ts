import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import { postAssistant, v2Body } from '../assistant/testing/assistant-clients';
import type { LogRecord } from './logger';

const lines: LogRecord[] = [];
let server: TestServer;
beforeAll(async () => {
  // Request lines only: start-up notes (e.g. which address links use) are not this test's subject.
  const keep = (record: LogRecord) => {
    if (record.event === 'request') lines.push(record);
  };
  server = await startTestServer({ logger: { info: keep, error: keep } });
});
afterAll(async () => {
  await server.close();
});

test('one line per request with method, path, status, duration, domain and thread id, never keys or text', async () => {
  const response = await postAssistant(server.url, v2Body('Where is the zebra-striped-unicorn setting?'));
  const threadId = response.headers.get('x-thread-id');
  await response.text();
  const refused = await postAssistant(server.url, v2Body('Hi'), { key: 'svc_dsc_not_a_real_key' });
  await refused.text();
  await new Promise((resolve) => setTimeout(resolve, 20));

  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatchObject({
    event: 'request',
    method: 'POST',
    path: '/discovery/v2/assistant/demo/message',
    status: 200,
    domain: 'demo',
    threadId,
  });
  expect(lines[0]?.durationMs).toEqual(expect.any(Number));
  expect(lines[1]).toMatchObject({ status: 401, domain: 'demo' });
  const written = JSON.stringify(lines);
  expect(written).not.toContain('svc_dsc_');
  expect(written).not.toContain('zebra');
});
