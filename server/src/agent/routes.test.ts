import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../../e2e/fixtures/server';
import { createAgentJobsExtension } from './agent-jobs-extension';
import { agentTestKeys, startAgentTestServer, type AgentTestServer } from './testing/agent-test-server';
import { createGate, createScriptedAgentModel, promptDrivenScript, type AgentScript } from './testing/scripted-agent-model';
import { pullRequestLinkPattern } from './testing/pull-request-link';
import { createTemporaryFolder, git } from './testing/temporary-repository';

let server: AgentTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Json = Record<string, unknown>;

async function call(method: string, path: string, options: { key?: string | null; body?: unknown } = {}) {
  const key = options.key === undefined ? agentTestKeys.admin : options.key;
  const response = await fetch(`${server!.url}${path}`, {
    method,
    headers: {
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  return { status: response.status, headers: response.headers, body: (contentType.includes('json') ? JSON.parse(text) : text) as Json };
}

/** Polls the v2 job until it is no longer active. */
async function settle(projectId: string, id: string): Promise<Json> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { body } = await call('GET', `/v2/agent/${projectId}/job/${id}`);
    if (body.status !== 'active') return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${id} stayed active`);
}

const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe('agent job endpoints', () => {
  it('create (201), read in both shapes, list, follow up, archive: every field as the spec names it', async () => {
    server = await startAgentTestServer(promptDrivenScript);
    const created = await call('POST', '/v2/agent/docs/job', { body: { prompt: 'write docs/new.md: # New page' } });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['archivedAt', 'createdAt', 'id', 'model', 'prLink', 'source', 'status']);
    const id = created.body.id as string;
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'active',
      source: { repository: server.repository.path, ref: 'main' },
      model: 'scripted-model',
      prLink: null,
      createdAt: isoDate,
      archivedAt: null,
    });

    const completed = await settle('docs', id);
    const prLink = completed.prLink as string;
    expect(prLink).toMatch(pullRequestLinkPattern(server.url, 'docs'));
    expect(completed).toMatchObject({ id, status: 'completed' });

    const session = await call('GET', `/v1/agent/docs/job/${id}`);
    expect(session.status).toBe(200);
    expect(Object.keys(session.body).sort()).toEqual(
      ['branch', 'createdAt', 'haulted', 'haultReason', 'messageToUser', 'pullRequestLink', 'sessionId', 'subdomain', 'title', 'todos', 'userId'].sort(),
    );
    expect(session.body).toEqual({
      sessionId: id,
      subdomain: 'docs',
      branch: `docent/${id}`,
      haulted: true,
      haultReason: 'completed',
      pullRequestLink: prLink,
      messageToUser: 'Wrote docs/new.md.',
      todos: [{ content: 'Write docs/new.md', id: 'write' }],
      userId: null,
      title: 'Update docs/new.md',
      createdAt: created.body.createdAt,
    });

    const page = await fetch(prLink);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<h1>Update docs/new.md <span>#1</span></h1>');
    expect(html).toContain(`<code>docent/${id}</code> into <code>main</code>`);
    expect(html).toContain('<span class="added">+# New page</span>');

    const followUp = await call('POST', `/v2/agent/docs/job/${id}/message`, { body: { prompt: 'write docs/more.md: # More' } });
    expect(followUp.status).toBe(200);
    expect(followUp.body).toEqual({ ...created.body, status: 'active', prLink });
    const activeSession = await call('GET', `/v1/agent/docs/job/${id}`);
    expect(activeSession.body).toMatchObject({ haulted: false, haultReason: null });
    expect(await settle('docs', id)).toMatchObject({ status: 'completed', prLink });

    const second = await call('POST', '/v2/agent/docs/job', { body: { prompt: 'nothing to do', model: 'another-model' } });
    expect(second.body).toMatchObject({ model: 'another-model' });
    await settle('docs', second.body.id as string);
    const list = await call('GET', '/v1/agent/docs/jobs');
    expect(list.status).toBe(200);
    expect(Object.keys(list.body)).toEqual(['allSessions']);
    expect((list.body.allSessions as Json[]).map((each) => each.sessionId)).toEqual([second.body.id, id]);
    expect((list.body.allSessions as Json[])[0]).toMatchObject({ haultReason: 'completed', pullRequestLink: null });

    const archived = await call('POST', `/v2/agent/docs/job/${id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id, status: 'archived', archivedAt: isoDate, prLink });
    const refused = await call('POST', `/v2/agent/docs/job/${id}/message`, { body: { prompt: 'more' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: { code: 'job_archived', message: expect.stringContaining('archived') } });
  });

  it('a follow-up on an active job answers 200 at once with the job still active', async () => {
    const gate = createGate();
    const script: AgentScript = async (call) => {
      if (call.callIndex === 0) await gate.wait(call.abortSignal);
      return { text: `Done: ${call.lastUserText}` };
    };
    server = await startAgentTestServer(script);
    const created = await call('POST', '/v2/agent/docs/job', { body: { prompt: 'first' } });
    await gate.reached;
    const queued = await call('POST', `/v2/agent/docs/job/${created.body.id}/message`, { body: { prompt: 'second' } });
    expect(queued).toMatchObject({ status: 200, body: { status: 'active' } });
    gate.release();
    expect(await settle('docs', created.body.id as string)).toMatchObject({ status: 'completed' });
    expect((await call('GET', `/v1/agent/docs/job/${created.body.id}`)).body.messageToUser).toBe('Done: second');
  });

  it('no model configured: the job fails with halt reason error and says how to configure one', async () => {
    server = await startAgentTestServer(null);
    const created = await call('POST', '/v2/agent/docs/job', { body: { prompt: 'Fix typos' } });
    expect(created.body.model).toBe('unconfigured');
    expect(await settle('docs', created.body.id as string)).toMatchObject({ status: 'failed', prLink: null });
    const session = await call('GET', `/v1/agent/docs/job/${created.body.id}`);
    expect(session.body).toMatchObject({ haulted: true, haultReason: 'error', pullRequestLink: null });
    expect(session.body.messageToUser).toContain('DOCENT_MODEL_BASE_URL');
  });

  it('a project whose repository is missing halts with github_missconfigured', async () => {
    server = await startAgentTestServer(promptDrivenScript);
    const created = await call('POST', '/v2/agent/broken/job', { body: { prompt: 'Fix typos' } });
    expect(created.status).toBe(201);
    expect(await settle('broken', created.body.id as string)).toMatchObject({ status: 'failed' });
    const session = await call('GET', `/v1/agent/broken/job/${created.body.id}`);
    expect(session.body).toMatchObject({ haulted: true, haultReason: 'github_missconfigured' });
  });
});

describe('agent endpoint auth, validation and limits', () => {
  it('needs an admin key that reaches the project', async () => {
    server = await startAgentTestServer(promptDrivenScript);
    const paths: [string, string, unknown?][] = [
      ['GET', '/v1/agent/docs/jobs'],
      ['GET', '/v1/agent/docs/job/x'],
      ['GET', '/v2/agent/docs/job/x'],
      ['POST', '/v2/agent/docs/job', { prompt: 'x' }],
      ['POST', '/v2/agent/docs/job/x/message', { prompt: 'x' }],
      ['POST', '/v2/agent/docs/job/x/archive'],
    ];
    for (const [method, path, body] of paths) {
      const missing = await call(method, path, { key: null, body });
      expect(missing.status, `${method} ${path} without a key`).toBe(401);
      expect(missing.body).toMatchObject({ error: { code: 'missing_api_key' } });
      expect((await call(method, path, { key: 'svc_not_a_key', body })).status).toBe(401);
      const assistant = await call(method, path, { key: agentTestKeys.assistant, body });
      expect(assistant.status).toBe(403);
      expect(assistant.body).toMatchObject({ error: { code: 'wrong_key_kind' } });
      const otherProject = await call(method, path, { key: agentTestKeys.otherAdmin, body });
      expect(otherProject.status).toBe(403);
      expect(otherProject.body).toMatchObject({ error: { code: 'project_not_allowed' } });
    }
  });

  it('404 for an unknown project (to a valid admin key) or job', async () => {
    server = await startAgentTestServer(promptDrivenScript);
    expect(await call('GET', '/v1/agent/nowhere/jobs')).toMatchObject({ status: 404, body: { error: { code: 'project_not_found' } } });
    expect((await call('GET', '/v1/agent/nowhere/jobs', { key: null })).status).toBe(401);
    for (const [method, path, body] of [
      ['GET', '/v1/agent/docs/job/missing'],
      ['GET', '/v2/agent/docs/job/missing'],
      ['POST', '/v2/agent/docs/job/missing/message', { prompt: 'x' }],
      ['POST', '/v2/agent/docs/job/missing/archive'],
    ] as const) {
      expect(await call(method, path, { body })).toMatchObject({ status: 404, body: { error: { code: 'job_not_found' } } });
    }
    expect((await call('GET', '/pulls/docs/7')).status).toBe(404);
    expect((await call('GET', '/pulls/docs/7', { key: null })).status).toBe(401);
  });

  it('400 naming the field for a bad body', async () => {
    server = await startAgentTestServer(promptDrivenScript);
    const job = await call('POST', '/v2/agent/docs/job', { body: { prompt: 'nothing' } });
    const messagePath = `/v2/agent/docs/job/${job.body.id}/message`;
    const cases: [string, unknown, string][] = [
      [messagePath, {}, 'prompt'],
      [messagePath, { prompt: '' }, 'prompt'],
      [messagePath, { prompt: 42 }, 'prompt'],
      [messagePath, { prompt: 'x', promt: 'typo' }, 'promt'],
      ['/v2/agent/docs/job', { prompt: 'x', ref: 7 }, 'ref'],
      ['/v2/agent/docs/job', { prompt: 'x', ref: 'no-such-branch' }, 'ref'],
      ['/v2/agent/docs/job', { prompt: 'x', ref: '--exec=evil' }, 'ref'],
      ['/v2/agent/docs/job', { prompt: 'x', model: '' }, 'model'],
    ];
    for (const [path, body, field] of cases) {
      const response = await call('POST', path, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual({ error: { code: expect.any(String), message: expect.stringContaining(field), field } });
    }
    const notJson = await call('POST', messagePath, { body: '{"prompt":' });
    expect(notJson).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } });
  });

  it('counts agent job polling against its own limits, with the same headers and 429', async () => {
    server = await startAgentTestServer(promptDrivenScript, { limits: { pollsPerIpPerHour: 2 } });
    const first = await call('GET', '/v1/agent/docs/jobs');
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('2');
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    await call('GET', '/v1/agent/docs/jobs');
    const limited = await call('GET', '/v1/agent/docs/jobs');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ error: { code: 'rate_limited' } });
  });
});

describe('the embedded demo configuration, across a restart', () => {
  it('works on a repository made from demo/docs, and resumes a job the stop left active', async () => {
    const data = createTemporaryFolder('docent-restart-');
    const gate = createGate();
    const held = createScriptedAgentModel(async (step) => {
      await gate.wait(step.abortSignal);
      return { text: 'unreachable' };
    });
    const first = await startTestServer({ dataDir: data.path, extensions: [createAgentJobsExtension({ agentModel: held.provider })] });
    try {
      const response = await fetch(`${first.url}/v2/agent/demo/job`, {
        method: 'POST',
        headers: { authorization: 'Bearer svc_demo', 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'write docs/restart.md: # Written after a restart' }),
      });
      const job = (await response.json()) as { id: string; source: { repository: string; ref: string } };
      expect(response.status).toBe(201);
      expect(job.source).toEqual({ repository: `${data.path}/repositories/demo`, ref: 'main' });
      await gate.reached;
      await first.close();

      const second = await startTestServer({
        dataDir: data.path,
        extensions: [createAgentJobsExtension({ agentModel: createScriptedAgentModel(promptDrivenScript).provider })],
      });
      try {
        const read = () =>
          fetch(`${second.url}/v1/agent/demo/job/${job.id}`, { headers: { authorization: 'Bearer svc_demo' } }).then(
            (answer) => answer.json() as Promise<{ haulted: boolean; haultReason: string; pullRequestLink: string }>,
          );
        let session = await read();
        for (let attempt = 0; attempt < 200 && !session.haulted; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          session = await read();
        }
        // Links keep the base the server had when the job was created (set publicUrl for a fixed one).
        expect(session).toMatchObject({ haulted: true, haultReason: 'completed' });
        expect(session.pullRequestLink).toMatch(pullRequestLinkPattern(first.url, 'demo'));
        expect(git(job.source.repository, 'ls-tree', '-r', '--name-only', `docent/${job.id}`)).toContain('docs/restart.md');
        expect(git(job.source.repository, 'ls-tree', '-r', '--name-only', 'main')).toContain('index.md');
      } finally {
        await second.close();
      }
    } finally {
      data.remove();
    }
  });
});
