import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import { startAgentTestServer, agentTestKeys } from '../agent/testing/agent-test-server';
import { postAssistant, v2Body } from '../assistant/testing/assistant-clients';

const servers: TestServer[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startTestServer>[0]) {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

const ask = async (server: TestServer) => {
  const response = await postAssistant(server.url, v2Body('What is Docent?'), { headers: { Origin: 'https://docs.example.com' } });
  await response.text();
  return response;
};

describe('rate limits', () => {
  test('every counted response carries RateLimit-*; past the limit a 429 adds Retry-After', async () => {
    // Noon UTC: the daily IP window resets in 12 hours.
    const server = await start({ limits: { perIpPerDay: 2 }, clock: () => Date.UTC(2025, 5, 10, 12) });
    const first = await ask(server);
    expect(first.status).toBe(200);
    expect([first.headers.get('ratelimit-limit'), first.headers.get('ratelimit-remaining'), first.headers.get('ratelimit-reset')]).toEqual(['2', '1', '43200']);
    expect((await ask(server)).headers.get('ratelimit-remaining')).toBe('0');

    const refused = await postAssistant(server.url, v2Body('What is Docent?'), { headers: { Origin: 'https://docs.example.com' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('43200');
    expect(refused.headers.get('ratelimit-limit')).toBe('2');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe('43200');
    // A browser widget can read the refusal and its headers.
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(refused.headers.get('access-control-expose-headers')).toContain('Retry-After');
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toContain('your IP address today');
    expect(body.error.message).toContain('43200 seconds');
  });

  test('the per-key monthly and per-organization hourly limits apply too', async () => {
    const keyLimited = await start({ limits: { perKeyPerMonth: 1 }, clock: () => Date.UTC(2025, 5, 30, 23, 59, 30) });
    expect((await ask(keyLimited)).status).toBe(200);
    const refusedByKey = await ask(keyLimited);
    expect(refusedByKey.status).toBe(429);
    expect(refusedByKey.headers.get('retry-after')).toBe('30');

    const organizationLimited = await start({ limits: { perOrganizationPerHour: 1 } });
    expect((await ask(organizationLimited)).status).toBe(200);
    const refusedByOrganization = await postAssistant(organizationLimited.url, v2Body('Hi'));
    expect(((await refusedByOrganization.json()) as { error: { message: string } }).error.message).toContain('organization this hour');
  });

  test('counters survive a restart on the same data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'docent-limits-'));
    folders.push(dataDir);
    const before = await startTestServer({ dataDir, limits: { perIpPerDay: 2 } });
    expect((await ask(before)).status).toBe(200);
    expect((await ask(before)).status).toBe(200);
    await before.close();
    const after = await start({ dataDir, limits: { perIpPerDay: 2 } });
    expect((await ask(after)).status).toBe(429);
  });
});

describe('what is charged', () => {
  const malformed = (server: TestServer) =>
    fetch(`${server.url}/discovery/v2/assistant/demo/message`, {
      method: 'POST',
      headers: { Authorization: 'Bearer svc_dsc_demo', 'Content-Type': 'application/json', Origin: 'https://docs.example.com' },
      body: '{"fp": "anonymous", "messages": [',
    });

  test('a flood of malformed requests from one IP leaves the key’s message quota untouched, and is cut off at its own budget', async () => {
    let now = Date.UTC(2025, 5, 10, 12);
    const server = await start({ limits: { perKeyPerMonth: 3, rejectedPerIpPerMinute: 20 }, clock: () => now });
    const statuses: number[] = [];
    for (let index = 0; index < 60; index++) {
      const response = await malformed(server);
      statuses.push(response.status);
      if (index === 59) {
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('too_many_rejected_requests');
        expect(response.headers.get('retry-after')).toBe('60');
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
      } else {
        await response.arrayBuffer();
      }
    }
    expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 400));
    expect(new Set(statuses.slice(20))).toEqual(new Set([429]));

    // A minute later the address may try again; the key has all 3 messages of its month left.
    now += 60_000;
    const answered = await ask(server);
    expect(answered.status).toBe(200);
    expect(answered.headers.get('ratelimit-limit')).toBe('3');
    expect(answered.headers.get('ratelimit-remaining')).toBe('2');
  });

  test('a request for an unknown thread is not charged either', async () => {
    const server = await start({ limits: { perKeyPerMonth: 1 } });
    const unknownThread = await postAssistant(server.url, v2Body('What is Docent?', { threadId: 'no-such-thread' }));
    expect(unknownThread.status).toBe(404);
    expect((await ask(server)).status).toBe(200);
  });

  test('polling agent jobs has its own budget, apart from messages', async () => {
    const agentServer = await startAgentTestServer(null, { limits: { perKeyPerMonth: 2, pollsPerKeyPerHour: 4 } });
    try {
      const poll = () => fetch(`${agentServer.url}/v1/agent/docs/jobs`, { headers: { Authorization: `Bearer ${agentTestKeys.admin}` } });
      const statuses: number[] = [];
      for (let index = 0; index < 5; index++) statuses.push((await poll()).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      const refused = (await (await poll()).json()) as { error: { message: string } };
      expect(refused.error.message).toContain('job polling with this key');
    } finally {
      await agentServer.close();
    }
  });
});

