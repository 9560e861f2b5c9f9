import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStorage, type PostgresStorage } from '../storage/postgres/postgres-storage';
import { createTestDatabase, type TestDatabase } from '../storage/testing/test-database';
import { createAgentTestbed, type AgentTestbed } from './testing/agent-testbed';
import { createGate, createScriptedAgentModel, promptDrivenScript } from './testing/scripted-agent-model';

/*
 * Agent jobs shared by instances on one PostgreSQL database: each job runs on the instance
 * holding its claim, and a job whose instance went away is taken over once its lease expires.
 * (The multi-process version, with kill -9, is the multi-instance end-to-end test.)
 */

const publicBaseUrl = 'http://docs.test';
const leaseMilliseconds = 400;

let database: TestDatabase;
const storages: PostgresStorage[] = [];
let testbed: AgentTestbed | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.drop());
afterEach(async () => {
  await testbed?.cleanUp();
  testbed = undefined;
  await Promise.all(storages.splice(0).map((storage) => storage.close()));
});

async function instanceStorage(): Promise<PostgresStorage> {
  const storage = await openPostgresStorage({ url: database.url, maxConnections: 3, connectionTimeoutMilliseconds: 1_000 });
  storages.push(storage);
  return storage;
}

describe('agent jobs across instances', () => {
  it('a job runs only on the instance holding it; when that instance goes away another finishes it after the lease', async () => {
    const first = await instanceStorage();
    const second = await instanceStorage();
    const gate = createGate();
    const stuck = createScriptedAgentModel(async ({ abortSignal }) => {
      await gate.wait(abortSignal);
      return { text: 'unreachable' };
    });
    testbed = createAgentTestbed(null, { agentModel: stuck.provider, jobs: first.jobs, instanceId: 'first', leaseMilliseconds });
    const job = await testbed.service.create('docs', { prompt: 'write docs/taken-over.md: # Taken over', publicBaseUrl });
    await gate.reached;

    const finisher = createScriptedAgentModel(promptDrivenScript);
    const other = testbed.restart({ agentModel: finisher.provider, jobs: second.jobs, instanceId: 'second', leaseMilliseconds });
    other.startPolling(50);
    // While the first instance heartbeats (several leases long), the second never starts the job.
    expect(await other.recoverActiveJobs()).toEqual({ resumed: 0, failed: 0 });
    await new Promise((resolve) => setTimeout(resolve, leaseMilliseconds * 3));
    expect(finisher.model.doGenerateCalls).toHaveLength(0);
    expect((await other.get('docs', job.id)).status).toBe('active');

    // The first instance loses its database (as a killed process would): no heartbeat, no release.
    const lostAt = Date.now();
    await first.close();
    await expect.poll(async () => (await other.get('docs', job.id)).status, { timeout: 10_000, interval: 50 }).toBe('completed');
    expect(Date.now() - lostAt).toBeLessThan(leaseMilliseconds + 5_000);
    expect((await other.get('docs', job.id)).messageToUser).toBe('Wrote docs/taken-over.md.');
    expect(finisher.model.doGenerateCalls.length).toBeGreaterThan(0);
  }, 30_000);

  it('a follow-up sent to another instance is run by the instance holding the job', async () => {
    const first = await instanceStorage();
    const second = await instanceStorage();
    const gate = createGate();
    const model = createScriptedAgentModel(async (call) => {
      if (call.lastUserText === 'write docs/one.md: # One') await gate.wait(call.abortSignal);
      return promptDrivenScript(call);
    });
    testbed = createAgentTestbed(null, { agentModel: model.provider, jobs: first.jobs, instanceId: 'first', leaseMilliseconds });
    const elsewhere = testbed.restart({ agentModel: createScriptedAgentModel(promptDrivenScript).provider, jobs: second.jobs, instanceId: 'second', leaseMilliseconds });
    const job = await testbed.service.create('docs', { prompt: 'write docs/one.md: # One', publicBaseUrl });
    await gate.reached;
    await elsewhere.sendMessage('docs', job.id, 'write docs/two.md: # Two');
    gate.release();
    await expect.poll(async () => (await elsewhere.get('docs', job.id)).status, { timeout: 10_000, interval: 50 }).toBe('completed');
    expect((await elsewhere.get('docs', job.id)).messageToUser).toBe('Wrote docs/two.md.');
    // The instance the follow-up reached never ran the job: it was held by the first.
    await elsewhere.whenIdle();
  }, 30_000);
});
