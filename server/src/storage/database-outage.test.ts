import { afterAll, beforeAll, expect, test } from 'vitest';
import { postAssistant, v2Body } from '../assistant/testing/assistant-clients';
import { fleetKeys, startInstanceFleet, type InstanceFleet } from './testing/instance-fleet';
import type { ServerProcess } from './testing/server-process';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

/*
 * The database goes away and comes back under a running server process (issue 12): it reaches
 * PostgreSQL through a TCP proxy the test cuts and restores, so the shared server stays up.
 */

let database: TestDatabase;
let proxy: TcpProxy;
let fleet: InstanceFleet;
let server: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(database.url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const throughProxy = new URL(database.url);
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(proxy.port);
  fleet = await startInstanceFleet({ count: 1, databaseUrl: throughProxy.toString() });
  server = fleet.instances[0] as ServerProcess;
}, 90_000);

afterAll(async () => {
  await fleet?.close();
  await proxy?.close();
  await database?.drop();
}, 60_000);

async function ask(question: string): Promise<{ status: number; body: string; milliseconds: number }> {
  const started = Date.now();
  const response = await postAssistant(server.url, v2Body(question), { domain: 'docs', key: fleetKeys.assistant });
  const body = await response.text();
  return { status: response.status, body, milliseconds: Date.now() - started };
}

const statusOf = async (route: string) => (await fetch(`${server.url}${route}`)).status;
// Lines for requests that met the outage; a dropped idle connection logs its own ('idle connection'), whenever the pool notices.
const unavailableLines = () => server.logEntries().filter((entry) => entry.event === 'storage_unavailable' && entry.during === 'request');

test('database down: fast 503 with a JSON error, one log line per failed request, /ready says so; back: recovers without a restart', async () => {
  expect((await ask('How do I install the package?')).status).toBe(200);
  expect(await statusOf('/ready')).toBe(200);

  proxy.cut();
  const down = await ask('How do I install the package?');
  expect(down.status).toBe(503);
  expect(JSON.parse(down.body)).toEqual({ error: { code: 'storage_unavailable', message: expect.stringContaining('database') } });
  // Fails fast: well under the pool's 5 s wait for a connection, and nowhere near a hang.
  expect(down.milliseconds).toBeLessThan(3_000);
  await expect.poll(() => unavailableLines().length).toBeGreaterThan(0);
  // Each request that meets the outage adds one line naming the cause.
  const linesBefore = unavailableLines().length;
  expect((await ask('How do I install the package?')).status).toBe(503);
  await expect.poll(() => unavailableLines().length).toBe(linesBefore + 1);
  expect(unavailableLines().at(-1)).toMatchObject({ level: 'error', error: expect.stringMatching(/Connection terminated|ECONNRESET|ECONNREFUSED/) });
  expect(await statusOf('/ready')).toBe(503);
  // Liveness never touches the database: a load balancer must not restart a healthy process.
  expect(await statusOf('/health')).toBe(200);

  proxy.restore();
  await expect.poll(async () => (await ask('How do I install the package?')).status, { timeout: 15_000, interval: 200 }).toBe(200);
  expect(await statusOf('/ready')).toBe(200);
  expect(server.lines.filter((line) => line.startsWith('Docent is serving on'))).toHaveLength(1);
}, 60_000);
