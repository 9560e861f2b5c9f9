import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, onTestFinished, test } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/fixtures/server';
import { askV2, postAssistant, v2Body } from '../assistant/testing/assistant-clients';
import { defaultConfig } from '../config';
import { openDatabase } from './database';
import { SqliteThreads } from './sqlite/sqlite-threads';
import { createTestDatabase } from './testing/test-database';

/*
 * Issue 11's thread items over real HTTP: per-thread limits, a follow-up's cost flat in the
 * thread's length, and retention enforced by a purge nobody has to trigger.
 */

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
async function start(options: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

/** Sends a follow-up carrying only the new question (the server supplies the earlier turns) and reads it whole. */
async function followUp(server: TestServer, threadId: string, question: string): Promise<{ status: number; body: string }> {
  const response = await postAssistant(server.url, v2Body(question, { threadId }));
  return { status: response.status, body: await response.text() };
}

describe('per-thread limits', () => {
  test('past the message limit: 409 thread_full telling the client to start a new thread', async () => {
    const server = await start({ config: { ...defaultConfig, threadLimits: { maxMessages: 4, maxBytes: 1_000_000 } } });
    const first = await askV2(server.url, 'How do I change the accent color?');
    expect((await followUp(server, first.threadId!, 'And the dark mode?')).status).toBe(200);
    const full = await followUp(server, first.threadId!, 'And the font?');
    expect(full.status).toBe(409);
    expect(JSON.parse(full.body)).toEqual({
      error: { code: 'thread_full', message: expect.stringContaining('start a new conversation by sending threadId null'), field: 'threadId' },
    });
    expect((await askV2(server.url, 'And the font?')).threadId).not.toBe(first.threadId);
  });

  test('past the byte limit: 413 thread_too_large', async () => {
    const server = await start({ config: { ...defaultConfig, threadLimits: { maxMessages: 1_000, maxBytes: 60 } } });
    const first = await askV2(server.url, 'How do I change the accent color?');
    const tooLarge = await followUp(server, first.threadId!, 'And the dark mode?');
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).error).toMatchObject({ code: 'thread_too_large', field: 'threadId' });
    expect(JSON.parse(tooLarge.body).error.message).toContain('60 bytes');
  });
});

describe('follow-up cost', () => {
  test("a follow-up in a 2,000-message thread costs what it costs in a 20-message one (ratio, not wall time)", async () => {
    const server = await start({ config: { ...defaultConfig, threadLimits: { maxMessages: 10_000, maxBytes: 100_000_000 } } });
    const short = (await askV2(server.url, 'How do I change the accent color?')).threadId!;
    const long = (await askV2(server.url, 'How do I change the accent color?')).threadId!;
    // Filled through a second connection (WAL lets it write beside the server): 2 KB per message,
    // as answers run; the long thread holds 4 MB that a follow-up reading it whole would parse.
    const database = openDatabase(server.dataDir);
    const threads = new SqliteThreads(database);
    // The same turns in both threads, so retrieval and the answer do the same work; only the length differs.
    const text = (index: number) => `${index % 2 === 0 ? 'Question' : 'Answer'} about theming: ${'accent color and dark mode '.repeat(75)}`;
    const fill = database.transaction((threadId: string, count: number) => {
      for (let index = 0; index < count; index++) {
        void threads.addMessages([{ threadId, role: index % 2 === 0 ? 'user' : 'assistant', text: text(index), currentPath: null, context: [] }]);
      }
    });
    fill(short, 18);
    fill(long, 1_998);
    database.close();

    // CPU time of this process (server and client both run here), not wall time: other work on
    // the machine delays a request but does not add to the CPU it takes.
    const timeOf = async (threadId: string) => {
      const started = process.cpuUsage();
      const answer = await followUp(server, threadId, 'And the dark mode?');
      expect(answer.status).toBe(200);
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1_000;
    };
    await timeOf(short);
    await timeOf(long);
    // Interleaved in alternating order (the first request of a pair tends to be slower), and the
    // fastest of each: the least noisy estimate of the work itself.
    const shortTimes: number[] = [];
    const longTimes: number[] = [];
    for (let round = 0; round < 30; round++) {
      if (round % 2 === 0) {
        shortTimes.push(await timeOf(short));
        longTimes.push(await timeOf(long));
      } else {
        longTimes.push(await timeOf(long));
        shortTimes.push(await timeOf(short));
      }
    }
    const ratio = Math.min(...longTimes) / Math.min(...shortTimes);
    // About 1.0 (the bench: 0.95 at the 1,000th follow-up); reading the whole thread gives about
    // 1.8. The bound sits between, above 1.2: CPU time still moves with GC under a loaded machine
    // (1.204 seen once at load average 10).
    expect(ratio, `least CPU for a follow-up: ${Math.min(...longTimes).toFixed(1)} ms in the long thread, ${Math.min(...shortTimes).toFixed(1)} ms in the short one`).toBeLessThanOrEqual(1.4);
  }, 60_000);
});

describe('retention', () => {
  test('threads past threadRetentionDays are purged on their own once the server runs', async () => {
    let now = Date.UTC(2025, 0, 1);
    const clock = () => now;
    const dataDir = mkdtempSync(join(tmpdir(), 'docent-retention-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const before = await startTestServer({ dataDir, clock, config: { ...defaultConfig, threadRetentionDays: 30 } });
    const old = await askV2(before.url, 'How do I change the accent color?');
    await before.close();

    now += 29 * 86_400_000;
    const stillKept = await start({ dataDir, clock, config: { ...defaultConfig, threadRetentionDays: 30 } });
    expect((await followUp(stillKept, old.threadId!, 'And the dark mode?')).status).toBe(200);
    await stillKept.close();
    servers.length = 0;

    now += 31 * 86_400_000;
    const later = await start({ dataDir, clock, config: { ...defaultConfig, threadRetentionDays: 30 } });
    await expect.poll(async () => (await followUp(later, old.threadId!, 'And the dark mode?')).status, { timeout: 5_000 }).toBe(404);
  });
});

describe('on PostgreSQL', () => {
  test('two servers share threads and limits: a thread started on one continues on the other', async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
    const config = { ...defaultConfig, database: { url: database.url, maxConnections: 4 }, limits: { perKeyPerMonth: 10_000, perOrganizationPerHour: 10_000, perIpPerDay: 3 } };
    const [first, second] = await Promise.all([start({ config }), start({ config })]);
    const opened = await askV2(first!.url, 'How do I change the accent color?', { fp: 'reader-7' });
    const continued = await askV2(second!.url, 'And the dark mode?', {
      fp: 'reader-7',
      threadId: opened.threadId,
      history: [
        { role: 'user', text: 'How do I change the accent color?' },
        { role: 'assistant', text: opened.text },
      ],
    });
    expect(continued.threadId).toBe(opened.threadId);
    // The per-IP limit of 3 is counted across both servers: the third request anywhere is the last.
    expect((await followUp(first!, opened.threadId!, 'And the font?')).status).toBe(200);
    const limited = await followUp(second!, opened.threadId!, 'And the radius?');
    expect(limited.status).toBe(429);
  }, 60_000);
});
