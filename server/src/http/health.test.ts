import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import { createHealthRoutes, type HealthRoutesOptions } from './health';

function routes(overrides: Partial<HealthRoutesOptions> = {}) {
  return createHealthRoutes({ pingStorage: async () => true, domains: ['demo'], hasIndex: () => true, ...overrides });
}

describe('/health (liveness)', () => {
  test('answers ok without ever asking the storage', async () => {
    let pings = 0;
    const response = await routes({ pingStorage: async () => (pings += 1) > 0 && false }).request('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(pings).toBe(0);
  });
});

describe('/ready (readiness)', () => {
  test('ready when the storage answers and every index is loaded', async () => {
    const response = await routes().request('/ready');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  test.each([
    ['the storage says it is down', { pingStorage: async () => false }, /the storage did not answer/],
    ['the storage fails', { pingStorage: () => Promise.reject(new Error('connection refused')) }, /the storage did not answer/],
    ['the storage hangs', { pingStorage: () => new Promise<boolean>(() => {}), storageTimeoutMilliseconds: 20 }, /the storage did not answer within 20 ms/],
    ['an index is missing', { domains: ['demo', 'other'], hasIndex: (domain: string) => domain === 'demo' }, /the docs index of "other" is not loaded/],
  ])('503 not_ready in the JSON error shape when %s', async (_case, overrides, message) => {
    const response = await routes(overrides).request('/ready');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_ready');
    expect(body.error.message).toMatch(message);
  });
});

describe('on the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ extensions: [] });
  });
  afterAll(async () => {
    await server.close();
  });

  test('/health and /ready answer without a key', async () => {
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const ready = await fetch(`${server.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});
