import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { git } from '../agent/testing/temporary-repository';
import { askV2, postAssistant, v2Body } from '../assistant/testing/assistant-clients';
import { postgresMigrations } from './postgres/migrations';
import { fleetKeys, startInstanceFleet, type InstanceFleet } from './testing/instance-fleet';
import { startScriptedModelEndpoint, type ScriptedModelEndpoint } from './testing/scripted-model-endpoint';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

/*
 * Issue 12 end to end: three real server processes (`node --import tsx server/src/main.ts`) on
 * one fresh PostgreSQL database, each with its own port and data folder, answering on a
 * scripted OpenAI-compatible model that records what each instance asked it.
 */

const leaseSeconds = 2;
const keyLimit = 30;

let database: TestDatabase;
let model: ScriptedModelEndpoint;
let fleet: InstanceFleet;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  model = await startScriptedModelEndpoint();
  fleet = await startInstanceFleet({
    count: 3,
    databaseUrl: database.url,
    config: { jobLeaseSeconds: leaseSeconds, limits: { perKeyPerMonth: keyLimit } },
    environment: { DOCENT_MODEL_BASE_URL: model.baseUrl, DOCENT_MODEL: 'scripted', DOCENT_DATABASE_MAX_CONNECTIONS: '4' },
  });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
}, 90_000);

afterAll(async () => {
  await client?.end();
  await fleet?.close();
  await model?.close();
  await database?.drop();
}, 60_000);

const ask = { domain: 'docs', key: fleetKeys.assistant };

async function followUp(url: string, threadId: string, question: string): Promise<number> {
  const response = await postAssistant(url, v2Body(question, { threadId }), ask);
  await response.text();
  return response.status;
}

async function callAgent(url: string, method: 'GET' | 'POST', route: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}/v2/agent/docs${route}`, {
    method,
    headers: { Authorization: `Bearer ${fleetKeys.admin}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function jobStatus(url: string, id: string): Promise<unknown> {
  return (await callAgent(url, 'GET', `/job/${id}`)).body.status;
}

describe('three instances on one PostgreSQL database', () => {
  test('started at once, they applied each migration once', async () => {
    expect(fleet.instances).toHaveLength(3);
    const applied = await client.query<{ version: number }>('SELECT version FROM docent_schema_migrations ORDER BY version');
    expect(applied.rows.map((row) => row.version)).toEqual(postgresMigrations.map((migration) => migration.version));
  });

  test('a thread started on A continues on B, then C, each seeing the earlier turns', async () => {
    const [first, second, third] = fleet.instances as [(typeof fleet.instances)[number], (typeof fleet.instances)[number], (typeof fleet.instances)[number]];
    const started = await askV2(first.url, 'How do I install the package? (turn-one)', ask);
    expect(started.threadId).toEqual(expect.any(String));
    const threadId = started.threadId as string;

    // Only the new question is sent: the earlier turns can only come from the shared database.
    expect(await followUp(second.url, threadId, 'And where is the setup page? (turn-two)')).toBe(200);
    expect(await followUp(third.url, threadId, 'Anything else to set up? (turn-three)')).toBe(200);

    const onSecond = await model.requestWith('turn-two');
    expect(onSecond.text).toContain('turn-one');
    expect(onSecond.text).toContain('Scripted answer to:');
    const onThird = await model.requestWith('turn-three');
    expect(onThird.text).toContain('turn-one');
    expect(onThird.text).toContain('turn-two');
    const stored = await client.query<{ role: string }>('SELECT role FROM thread_messages WHERE thread_id = $1 ORDER BY id', [threadId]);
    expect(stored.rows.map((row) => row.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
  });

  test('a global rate limit is exact under concurrency: of 60 requests spread over 3 instances, 30 are allowed', async () => {
    const requests = Array.from({ length: 2 * keyLimit }, async (_, index) => {
      const instance = fleet.instances[index % fleet.instances.length] as InstanceFleet['instances'][number];
      const response = await postAssistant(instance.url, v2Body(`How do I install the package? (limited ${index})`), { domain: 'docs', key: fleetKeys.limited });
      const body = await response.text();
      return { status: response.status, body };
    });
    const responses = await Promise.all(requests);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(keyLimit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(keyLimit);
    const refused = responses.find((response) => response.status === 429);
    expect(JSON.parse(refused?.body ?? '{}')).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    // The key's counter holds exactly the allowed requests: refused ones were charged to nothing.
    const counters = await client.query<{ count: number }>("SELECT count FROM rate_limit_counters WHERE bucket LIKE 'key:%' ORDER BY count DESC");
    expect(counters.rows[0]?.count).toBe(keyLimit);
  });

  test('agent jobs created on different instances each run on exactly one instance', async () => {
    const created = await Promise.all(
      fleet.instances.map(async (instance, index) => {
        const response = await callAgent(instance.url, 'POST', '/job', { prompt: `write docs/claimed-${index}.md: claimed once ${index}` });
        expect(response.status).toBe(201);
        return response.body.id as string;
      }),
    );
    for (const id of created) {
      await expect.poll(() => jobStatus(fleet.instances[0]?.url as string, id), { timeout: 30_000, interval: 200 }).toBe('completed');
    }
    created.forEach((id, index) => {
      // One step writing the file, one reporting: a job run twice would have asked the model more often.
      expect(model.requests.filter((request) => request.text.includes(`claimed-${index}.md`))).toHaveLength(2);
      const branchLog = git(fleet.repository.path, 'log', '--format=%s', `main..docent/${id}`).trim().split('\n');
      expect(branchLog.filter((line) => line !== '')).toHaveLength(1);
    });
  });

  test('a pull-request page opened by one instance is served by every instance, by link or by number with an admin key', async () => {
    const created = await callAgent(fleet.instances[0]?.url as string, 'POST', '/job', { prompt: 'write docs/shared-page.md: served everywhere' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await expect.poll(() => jobStatus(fleet.instances[0]?.url as string, id), { timeout: 30_000, interval: 200 }).toBe('completed');
    const prLink = (await callAgent(fleet.instances[0]?.url as string, 'GET', `/job/${id}`)).body.prLink as string;
    const page = new URL(prLink).pathname;
    expect(page).toMatch(/^\/pulls\/docs\/[A-Za-z0-9_-]{22}$/);
    const stored = await client.query<{ number: number }>('SELECT number FROM local_pull_requests WHERE job_id = $1', [id]);
    const byNumber = `/pulls/docs/${stored.rows[0]?.number}`;
    for (const instance of fleet.instances) {
      const response = await fetch(`${instance.url}${page}`);
      expect(response.status, `${page} on ${instance.url}`).toBe(200);
      const html = await response.text();
      expect(html).toContain('docs/shared-page.md');
      expect(html).toContain(`docent/${id}`);
      expect((await fetch(`${instance.url}${byNumber}`, { headers: { Authorization: `Bearer ${fleetKeys.admin}` } })).status).toBe(200);
      expect((await fetch(`${instance.url}${byNumber}`)).status).toBe(401);
    }
  });

  test('kill -9 of the instance running a job: another instance completes it within lease + 10 s', async () => {
    const marker = 'kill-me-mid-step';
    model.hold(marker);
    const created = await callAgent(fleet.instances[1]?.url as string, 'POST', '/job', { prompt: `write docs/survivor.md: ${marker}` });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await model.requestWith(marker);
    const claim = await client.query<{ claimed_by: string }>('SELECT claimed_by FROM agent_jobs WHERE id = $1', [id]);
    const runnerPid = Number(claim.rows[0]?.claimed_by.split(':').at(-2));
    const runner = fleet.instances.find((instance) => instance.pid === runnerPid);
    expect(runner, `claimed by ${claim.rows[0]?.claimed_by}`).toBeDefined();

    await runner?.kill();
    const killedAt = Date.now();
    model.release(marker);
    const survivor = fleet.instances.find((instance) => instance !== runner) as InstanceFleet['instances'][number];
    await expect.poll(() => jobStatus(survivor.url, id), { timeout: (leaseSeconds + 10) * 1000, interval: 100 }).toBe('completed');
    const tookOver = Date.now() - killedAt;
    expect(tookOver).toBeLessThan((leaseSeconds + 10) * 1000);

    const after = await client.query<{ status: string; claimed_by: string | null }>('SELECT status, claimed_by FROM agent_jobs WHERE id = $1', [id]);
    expect(after.rows[0]).toEqual({ status: 'completed', claimed_by: null });
    expect(git(fleet.repository.path, 'show', `docent/${id}:docs/survivor.md`)).toBe(`${marker}\n`);
  }, 40_000);
});
