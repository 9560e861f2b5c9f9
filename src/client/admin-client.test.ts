import { afterEach, describe, expect, it } from 'vitest';
import type { AgentJob } from './agent-types.js';
import { createAdminClient } from './admin-client.js';
import { DocentApiError, DocentTimeoutError } from './errors.js';
import { createGate, promptDrivenScript, type AgentScript } from '../../server/src/agent/testing/scripted-agent-model.js';
import { agentTestKeys, startAgentTestServer, type AgentTestServer } from '../../server/src/agent/testing/agent-test-server.js';
import { pullRequestLinkPattern } from '../../server/src/agent/testing/pull-request-link.js';

let server: AgentTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A model that waits at its first step until the test releases it (or the run is aborted). */
function heldScript(gate: ReturnType<typeof createGate>): AgentScript {
  return async (call) => {
    if (call.stepInRun === 0 && call.callIndex === 0) await gate.wait(call.abortSignal);
    return promptDrivenScript(call);
  };
}

const admin = () => createAdminClient({ baseUrl: server!.url, apiKey: agentTestKeys.admin });

describe('admin client against the real server', () => {
  it('creates a job and waits until it is completed, reporting each poll', async () => {
    server = await startAgentTestServer(promptDrivenScript);
    const client = admin();
    const created = await client.jobs.create('docs', { prompt: 'write docs/client.md: # Client' });
    expect(created.status).toBe('active');
    const seen: AgentJob['status'][] = [];
    const done = await client.jobs.waitFor('docs', created.id, { intervalMs: 20, onUpdate: (job) => seen.push(job.status) });
    expect(done).toMatchObject({ id: created.id, status: 'completed', prLink: expect.stringMatching(pullRequestLinkPattern(server.url, 'docs')) });
    expect(seen.at(-1)).toBe('completed');

    const session = await client.jobs.getSession('docs', created.id);
    expect(session).toMatchObject({ sessionId: created.id, haulted: true, haultReason: 'completed', title: 'Update docs/client.md' });
    expect((await client.jobs.list('docs')).map((each) => each.sessionId)).toEqual([created.id]);

    const followed = await client.jobs.sendMessage('docs', created.id, 'nothing more');
    expect(followed.status).toBe('active');
    expect(await client.jobs.waitFor('docs', created.id, { intervalMs: 20 })).toMatchObject({ status: 'completed' });
  });

  it('waits until failed', async () => {
    server = await startAgentTestServer(promptDrivenScript);
    const client = admin();
    const created = await client.jobs.create('docs', { prompt: 'fail' });
    expect(await client.jobs.waitFor('docs', created.id, { intervalMs: 20 })).toMatchObject({ status: 'failed', prLink: null });
    expect((await client.jobs.getSession('docs', created.id)).haultReason).toBe('error');
  });

  it('waits until archived', async () => {
    const gate = createGate();
    server = await startAgentTestServer(heldScript(gate));
    const client = admin();
    const created = await client.jobs.create('docs', { prompt: 'write docs/x.md: # X' });
    await gate.reached;
    const waiting = client.jobs.waitFor('docs', created.id, { intervalMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await client.jobs.archive('docs', created.id)).status).toBe('archived');
    expect(await waiting).toMatchObject({ status: 'archived', archivedAt: expect.any(String) });
  });

  it('gives up with DocentTimeoutError after timeoutMs, keeping the last state seen', async () => {
    const gate = createGate();
    server = await startAgentTestServer(heldScript(gate));
    const client = admin();
    const created = await client.jobs.create('docs', { prompt: 'write docs/x.md: # X' });
    const started = Date.now();
    const error = await client.jobs.waitFor('docs', created.id, { intervalMs: 50, timeoutMs: 300 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DocentTimeoutError);
    expect((error as DocentTimeoutError).lastSeen).toMatchObject({ id: created.id, status: 'active' });
    expect((error as Error).message).toContain('still active');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
    gate.release();
  });

  it('stops when its signal aborts', async () => {
    const gate = createGate();
    server = await startAgentTestServer(heldScript(gate));
    const client = admin();
    const created = await client.jobs.create('docs', { prompt: 'write docs/x.md: # X' });
    const controller = new AbortController();
    const waiting = client.jobs.waitFor('docs', created.id, { intervalMs: 30, signal: controller.signal, onUpdate: () => controller.abort() });
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    gate.release();
  });

  it('backs off for Retry-After on 429 and keeps polling', async () => {
    const gate = createGate();
    // The limits count per clock hour: start 1.5 s before an hour ends, so the 429's Retry-After is short.
    let offset = 0;
    server = await startAgentTestServer(heldScript(gate), { limits: { pollsPerKeyPerHour: 3 }, clock: () => Date.now() + offset });
    const log: { status: number; at: number; retryAfter: string | null }[] = [];
    const client = createAdminClient({
      baseUrl: server.url,
      apiKey: agentTestKeys.admin,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        log.push({ status: response.status, at: Date.now(), retryAfter: response.headers.get('retry-after') });
        if (response.status === 429) gate.release();
        return response;
      },
    });
    offset = Math.ceil(Date.now() / 3_600_000) * 3_600_000 - 1_500 - Date.now();
    const created = await client.jobs.create('docs', { prompt: 'write docs/x.md: # X' });
    const done = await client.jobs.waitFor('docs', created.id, { intervalMs: 10, maxIntervalMs: 20 });
    expect(done.status).toBe('completed');

    const limited = log.findIndex((entry) => entry.status === 429);
    expect(limited).toBeGreaterThan(0);
    const retryAfter = Number(log[limited]?.retryAfter);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    const next = log[limited + 1];
    expect(next?.status).toBe(200);
    expect(next!.at - log[limited]!.at).toBeGreaterThanOrEqual(retryAfter * 1000 - 50);
  });

  it('throws typed errors for what the service refuses', async () => {
    server = await startAgentTestServer(promptDrivenScript);
    const client = admin();
    const missing = await client.jobs.get('docs', 'no-such-job').catch((caught: unknown) => caught);
    expect(missing).toBeInstanceOf(DocentApiError);
    expect(missing).toMatchObject({ status: 404, code: 'job_not_found' });
    await expect(client.jobs.create('docs', { prompt: '' })).rejects.toMatchObject({ status: 400, code: 'invalid_request', field: 'prompt' });
    await expect(client.jobs.waitFor('docs', 'no-such-job')).rejects.toMatchObject({ status: 404 });
    const wrongKey = createAdminClient({ baseUrl: server.url, apiKey: agentTestKeys.assistant });
    await expect(wrongKey.jobs.list('docs')).rejects.toMatchObject({ status: 403, code: 'wrong_key_kind' });
  });

  it('refuses to run in a browser page unless told to', () => {
    const globals = globalThis as { window?: unknown; document?: unknown };
    globals.window = {};
    globals.document = {};
    try {
      expect(() => createAdminClient({ baseUrl: 'http://x', apiKey: 'svc_x' })).toThrow(/refuses to run in a browser.*dangerouslyAllowBrowser/s);
      expect(() => createAdminClient({ baseUrl: 'http://x', apiKey: 'svc_x', dangerouslyAllowBrowser: true })).not.toThrow();
    } finally {
      delete globals.window;
      delete globals.document;
    }
    expect(() => createAdminClient({ baseUrl: 'http://x', apiKey: 'svc_x' })).not.toThrow();
  });
});
