import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import { askV2, postAssistant, v2Body } from '../assistant/testing/assistant-clients';
import { defaultConfig } from '../config';
import { openPostgresStorage } from '../storage/postgres/postgres-storage';
import { createTestDatabase } from '../storage/testing/test-database';

const assistantRoute = '/discovery/:version{v1|v2}/assistant/:domain/message';

let server: TestServer;
beforeAll(async () => {
  // perIpPerDay: 1, so the second question is a rate-limit rejection.
  server = await startTestServer({ extensions: [], limits: { perIpPerDay: 1 } });
});
afterAll(async () => {
  await server.close();
});

const scrape = (key?: string, url = server.url) => fetch(`${url}/metrics`, key === undefined ? {} : { headers: { Authorization: `Bearer ${key}` } });

/** The value of one sample line of a scrape, e.g. `docent_threads` → `'1'`. */
function sampleOf(text: string, name: string): string | undefined {
  return new RegExp(`^${name.replace(/[{}|]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1];
}

describe('/metrics protection', () => {
  test('401 without a key, in the JSON error shape', async () => {
    const response = await scrape();
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('missing_api_key');
  });

  test('401 with an unknown key, 403 with an assistant key (public, on every docs page)', async () => {
    expect((await scrape('svc_unknown_key')).status).toBe(401);
    const response = await scrape('svc_dsc_demo');
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/admin key/);
  });
});

describe('/metrics content', () => {
  test('after one answer, one 429 and one unknown path: requests, answer timings, retrieval, rejections, threads, process', async () => {
    const answer = await askV2(server.url, 'How do I change the accent color?');
    expect(answer.errors).toEqual([]);
    const limited = await postAssistant(server.url, v2Body('And the font?'));
    expect(limited.status).toBe(429);
    expect((await fetch(`${server.url}/no/such/page`)).status).toBe(404);

    const response = await scrape('svc_demo');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const sample = (name: string) => sampleOf(text, name);
    expect(sample(`docent_http_requests_total{route="${assistantRoute}",method="POST",status="200"}`)).toBe('1');
    expect(sample(`docent_http_requests_total{route="${assistantRoute}",method="POST",status="429"}`)).toBe('1');
    expect(sample('docent_http_requests_total{route="unmatched",method="GET",status="404"}')).toBe('1');
    expect(sample(`docent_rate_limit_rejections_total{route="${assistantRoute}"}`)).toBe('1');
    expect(sample('docent_answer_first_byte_seconds_count')).toBe('1');
    expect(sample('docent_answer_duration_seconds_count{outcome="completed"}')).toBe('1');
    expect(sample('docent_retrieval_seconds_count')).toBe('1');
    expect(sample('docent_model_errors_total')).toBe('0');
    expect(sample('docent_admission_rejections_total')).toBe('0');
    expect(sample('docent_answers_in_progress')).toBe('0');
    expect(sample('docent_threads')).toBe('1');
    expect(text).toMatch(/^# TYPE docent_agent_jobs gauge$/m);
    expect(text).toMatch(/^docent_nodejs_eventloop_lag_p99_seconds \S+$/m);
    // Never a key or message text.
    expect(text).not.toMatch(/svc_|accent/);
  });
});

describe('/metrics on PostgreSQL storage', () => {
  test('threads and agent jobs by state are counted in the shared database too', async () => {
    const database = await createTestDatabase();
    const onPostgres = await startTestServer({ extensions: [], config: { ...defaultConfig, database: { url: database.url } } });
    try {
      expect((await askV2(onPostgres.url, 'How do I change the accent color?')).errors).toEqual([]);
      // A job stored by another instance (no agent extension runs here).
      const other = await openPostgresStorage({ url: database.url, maxConnections: 1 });
      await other.jobs.create({ id: 'job-1', projectId: 'docs', repository: '/repository', ref: 'main', branch: 'docent/job-1', model: 'scripted', prompt: 'p', userId: null, publicBaseUrl: 'http://docs.test' });
      await other.close();
      const text = await (await scrape('svc_demo', onPostgres.url)).text();
      expect(sampleOf(text, 'docent_threads')).toBe('1');
      expect(sampleOf(text, 'docent_agent_jobs{state="active"}')).toBe('1');
    } finally {
      await onPostgres.close();
      await database.drop();
    }
  });
});
