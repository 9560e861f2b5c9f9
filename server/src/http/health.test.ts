import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import { askV2 } from '../assistant/testing/assistant-clients';
import { defaultConfig, parseConfig } from '../config';
import { startServer } from '../main';
import { createHealthRoutes, type HealthRoutesOptions } from './health';
import { silentLogger } from './logger';

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

  test('503 draining once shutdown has begun, however healthy the rest', async () => {
    let draining = false;
    const health = routes({ isDraining: () => draining });
    expect((await health.request('/ready')).status).toBe(200);
    draining = true;
    const response = await health.request('/ready');
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: { code: 'draining', message: expect.stringMatching(/^Draining: this server is shutting down/) } });
    expect((await health.request('/health')).status).toBe(200);
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

describe('draining the real server', () => {
  test('once close() has begun (drain), /ready says draining while questions and /health are still served', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'docent-drain-'));
    const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
    const config = { ...parseConfig(defaultConfig, { baseDirectory: projectRoot, environment: {} }), dataDir };
    const running = await startServer({ config, environment: {}, host: '127.0.0.1', port: 0, logger: silentLogger, extensions: [] });
    try {
      expect((await fetch(`${running.url}/ready`)).status).toBe(200);
      running.drain();
      const ready = await fetch(`${running.url}/ready`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { error: { code: string } }).error.code).toBe('draining');
      expect((await fetch(`${running.url}/health`)).status).toBe(200);
      // Whatever the load balancer still sends before it notices is answered.
      const answer = await askV2(running.url, 'How do I change the accent color?');
      expect(answer.text).toMatch(/accent/i);
    } finally {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
