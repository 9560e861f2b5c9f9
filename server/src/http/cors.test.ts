import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import { postAssistant, v2Body } from '../assistant/testing/assistant-clients';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: {
      organizations: [
        {
          id: 'acme',
          domains: [
            { id: 'demo', docs: 'demo/docs', assistantKeys: ['svc_dsc_demo'] },
            { id: 'private', docs: 'demo/docs', assistantKeys: ['svc_dsc_private'], allowedOrigins: ['https://docs.acme.test'] },
          ],
        },
      ],
    },
  });
});
afterAll(async () => {
  await server.close();
});

const preflight = (domain: string, origin: string) =>
  fetch(`${server.url}/discovery/v2/assistant/${domain}/message`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
  });

describe('CORS', () => {
  test('preflight allows any origin by default, with Authorization and Content-Type', async () => {
    const response = await preflight('demo', 'https://anyone.example');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase().split(',')).toEqual(['authorization', 'content-type']);
    expect(response.headers.get('access-control-max-age')).toBe('600');
  });

  test('an actual request exposes the thread id and limit headers', async () => {
    const response = await postAssistant(server.url, v2Body('What is Docent?'), { headers: { Origin: 'https://anyone.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = response.headers.get('access-control-expose-headers')?.toLowerCase().split(',') ?? [];
    expect(exposed).toEqual(expect.arrayContaining(['x-thread-id', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']));
    await response.text();
  });

  test("a domain with allowedOrigins answers only those origins", async () => {
    const allowed = await preflight('private', 'https://docs.acme.test');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://docs.acme.test');
    expect(allowed.headers.get('vary')).toContain('Origin');
    const other = await preflight('private', 'https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const ok = await postAssistant(server.url, v2Body('Hi'), { domain: 'private', key: 'svc_dsc_private', headers: { Origin: 'https://docs.acme.test' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://docs.acme.test');
    await ok.text();

    const refused = await postAssistant(server.url, v2Body('Hi'), { domain: 'private', key: 'svc_dsc_private', headers: { Origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('origin_not_allowed');
    expect(body.error.message).toContain('allowedOrigins');
  });

  test('server-side callers without an Origin header are not affected', async () => {
    const response = await postAssistant(server.url, v2Body('Hi'), { domain: 'private', key: 'svc_dsc_private' });
    expect(response.status).toBe(200);
    await response.text();
  });
});
