import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { agentTestKeys, startAgentTestServer, type AgentTestServer } from './testing/agent-test-server';
import { pullRequestLinkPattern } from './testing/pull-request-link';
import { promptDrivenScript } from './testing/scripted-agent-model';

let server: AgentTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A request with any `Host` header (fetch will not send a forged one), answered as JSON. */
function forgedHostRequest(method: string, path: string, host: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const target = new URL(path, server!.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target,
      { method, headers: { host, authorization: `Bearer ${agentTestKeys.admin}`, 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Creates a job that writes a file (with a forged Host) and waits for its pull request link. */
async function proposeChange(host = 'attacker.example'): Promise<string> {
  const created = await forgedHostRequest('POST', '/v2/agent/docs/job', host, { prompt: 'write docs/private.md: # Not public yet' });
  expect(created.status).toBe(201);
  for (let attempt = 0; attempt < 200; attempt++) {
    const job = await forgedHostRequest('GET', `/v2/agent/docs/job/${created.body.id}`, host);
    if (job.body.status !== 'active') {
      expect(job.body.status).toBe('completed');
      return job.body.prLink as string;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the job stayed active');
}

const page = (path: string, key?: string) =>
  fetch(`${server!.url}${path}`, key === undefined ? {} : { headers: { authorization: `Bearer ${key}` } });

describe('pull request pages', () => {
  it('build prLink from the configured publicUrl, whatever Host the request forged', async () => {
    server = await startAgentTestServer(promptDrivenScript, { publicUrl: 'https://docs-api.example.com/' });
    const prLink = await proposeChange();
    expect(prLink).toMatch(pullRequestLinkPattern('https://docs-api.example.com', 'docs'));
    expect(prLink).not.toContain('attacker.example');
  });

  it('without publicUrl, build prLink from the listening address, never from Host', async () => {
    server = await startAgentTestServer(promptDrivenScript);
    expect(await proposeChange()).toMatch(pullRequestLinkPattern(server.url, 'docs'));
  });

  it('are served to whoever holds the unguessable link, and by number only to admin keys of the project', async () => {
    server = await startAgentTestServer(promptDrivenScript);
    const prLink = await proposeChange();
    const { pathname } = new URL(prLink);

    const byLink = await page(pathname);
    expect(byLink.status).toBe(200);
    expect(byLink.headers.get('cache-control')).toBe('private, no-store');
    expect(await byLink.text()).toContain('+# Not public yet');

    // Sequential numbers enumerate nothing without an admin key of the project.
    const anonymous = await page('/pulls/docs/1');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('Not public yet');
    expect((await page('/pulls/docs/1', agentTestKeys.assistant)).status).toBe(403);
    expect((await page('/pulls/docs/1', agentTestKeys.otherAdmin)).status).toBe(403);
    const admin = await page('/pulls/docs/1', agentTestKeys.admin);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('+# Not public yet');

    // A wrong id, a guessed one, or the right id under another project: one 404.
    const accessKey = pathname.split('/').at(-1) ?? '';
    for (const guess of ['A'.repeat(22), `${accessKey.slice(0, -1)}${accessKey.endsWith('A') ? 'B' : 'A'}`, 'short']) {
      const response = await page(`/pulls/docs/${guess}`);
      expect(response.status, guess).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'pull_request_not_found' } });
    }
    expect((await page(`/pulls/elsewhere/${accessKey}`)).status).toBe(404);
  });
});
