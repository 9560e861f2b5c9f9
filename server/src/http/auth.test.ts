import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import { postAssistant, v2Body } from '../assistant/testing/assistant-clients';
import { KeyRegistry, readBearerKey } from './auth';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: {
      organizations: [
        {
          id: 'acme',
          domains: [
            { id: 'demo', docs: 'demo/docs', assistantKeys: ['svc_dsc_demo'] },
            { id: 'handbook', docs: 'demo/docs', assistantKeys: ['svc_dsc_handbook'] },
          ],
          adminKeys: [{ key: 'svc_admin_secret', projects: [] }],
        },
      ],
    },
  });
});
afterAll(async () => {
  await server.close();
});

async function errorOf(response: Response) {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...body.error };
}

describe('assistant endpoint auth', () => {
  test('401 without a key, with the header to send', async () => {
    const response = await postAssistant(server.url, v2Body('Hi'), { key: null });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    const error = await errorOf(response);
    expect(error).toMatchObject({ status: 401, code: 'missing_api_key' });
    expect(error.message).toContain('Authorization: Bearer');
    expect(error.message).toContain('svc_dsc_');
  });

  test('401 for a header that is not Bearer, and for an unknown key', async () => {
    const basic = await postAssistant(server.url, v2Body('Hi'), { key: null, headers: { Authorization: 'Basic dXNlcjpwYXNz' } });
    expect(await errorOf(basic)).toMatchObject({ status: 401, code: 'invalid_authorization' });
    const unknown = await errorOf(await postAssistant(server.url, v2Body('Hi'), { key: 'svc_dsc_guess' }));
    expect(unknown).toMatchObject({ status: 401, code: 'invalid_api_key' });
    expect(unknown.message).not.toContain('svc_dsc_guess');
  });

  test('403 for an admin key, saying an assistant key of this domain is needed', async () => {
    const error = await errorOf(await postAssistant(server.url, v2Body('Hi'), { key: 'svc_admin_secret' }));
    expect(error).toMatchObject({ status: 403, code: 'wrong_key_kind' });
    expect(error.message).toContain('assistant key (svc_dsc_…) of domain "demo"');
  });

  test("403 for another domain's assistant key", async () => {
    const error = await errorOf(await postAssistant(server.url, v2Body('Hi'), { key: 'svc_dsc_handbook' }));
    expect(error).toMatchObject({ status: 403, code: 'key_not_for_domain' });
    expect(error.message).toContain('domain "demo"');
  });

  test('the right key passes, in any case of "Bearer"', async () => {
    const response = await postAssistant(server.url, v2Body('Hi'), { key: null, headers: { Authorization: 'bearer svc_dsc_handbook' }, domain: 'handbook' });
    expect(response.status).toBe(200);
    await response.text();
  });
});

describe('KeyRegistry', () => {
  test('identifies each key kind and nothing else', () => {
    const registry = new KeyRegistry({
      organizations: [
        {
          id: 'acme',
          domains: [{ id: 'docs', docs: '/d', pathPrefix: '/docs', assistantKeys: ['svc_dsc_one'], allowedOrigins: ['*'] }],
          adminKeys: [{ key: 'svc_two', projects: ['site'] }],
        },
      ],
    });
    expect(registry.identify('svc_dsc_one')).toMatchObject({ kind: 'assistant', organization: 'acme', domain: 'docs' });
    expect(registry.identify('svc_two')).toMatchObject({ kind: 'admin', organization: 'acme', projects: ['site'] });
    expect(registry.identify('svc_dsc_on')).toBeUndefined();
    expect(registry.identify('')).toBeUndefined();
  });

  test('readBearerKey reads Bearer credentials only', () => {
    expect(readBearerKey(undefined)).toBeUndefined();
    expect(readBearerKey('Bearer  svc_dsc_x ')).toBe('svc_dsc_x');
    expect(() => readBearerKey('Bearer')).toThrow(/Bearer <key>/);
    expect(() => readBearerKey('Token abc')).toThrow(/Bearer <key>/);
  });
});
