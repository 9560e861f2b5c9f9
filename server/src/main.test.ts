import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../e2e/fixtures/server';
import { startServerProcess } from './testing/server-process';
import { askV2, postAssistant, v2Body } from './assistant/testing/assistant-clients';
import { openDatabase } from './storage/database';
import { SqliteThreads } from './storage/sqlite/sqlite-threads';
import type { LanguageModelV3, LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { readUIMessageAnswer } from './assistant/testing/read-answer-streams';
import { createExtractiveModel } from './models/extractive-model';

const folders: string[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function temporaryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'docent-main-'));
  folders.push(folder);
  return folder;
}

/** Reads a stream until `count` chunks have arrived; returns the reader to go on with. */
async function readChunks(response: Response, count: number) {
  const reader = response.body!.getReader();
  let text = '';
  for (let index = 0; index < count; index++) {
    const { value } = await reader.read();
    text += new TextDecoder().decode(value);
  }
  return { reader, text };
}

describe('durability', () => {
  test('a thread continues after a restart on the same data folder, with everything stored', async () => {
    const dataDir = temporaryFolder();
    const before = await startTestServer({ dataDir });
    const first = await askV2(before.url, 'How do I change the accent color?', {
      fp: 'reader-7',
      extra: { currentPath: '/docs/theming', context: [{ type: 'code', value: 'Docent.update({ accent: "#f00" })', path: '/docs/theming' }] },
    });
    await before.close();

    const after = await startTestServer({ dataDir });
    servers.push(after);
    const second = await askV2(after.url, 'And the dark mode?', {
      fp: 'reader-7',
      threadId: first.threadId,
      history: [
        { role: 'user', text: 'How do I change the accent color?' },
        { role: 'assistant', text: first.text },
      ],
    });
    expect(second.threadId).toBe(first.threadId);
    await after.close();
    servers.length = 0;

    const database = openDatabase(dataDir);
    const threads = new SqliteThreads(database);
    const messages = await threads.recentMessages(first.threadId!, { maxMessages: 100, maxBytes: 1_000_000 });
    const thread = await threads.findThread(first.threadId!);
    database.close();
    // `fp` is stored once, on the thread.
    expect(thread?.fp).toBe('reader-7');
    expect(messages.map(({ role, text }) => ({ role, text }))).toEqual([
      { role: 'user', text: 'How do I change the accent color?' },
      { role: 'assistant', text: first.text },
      { role: 'user', text: 'And the dark mode?' },
      { role: 'assistant', text: second.text },
    ]);
    expect(messages[0]).toMatchObject({
      currentPath: '/docs/theming',
      context: [{ type: 'code', value: 'Docent.update({ accent: "#f00" })', path: '/docs/theming' }],
    });
  });

  test('a client that sends only the new question on a thread gets the stored turns in the prompt', async () => {
    const extractive = createExtractiveModel();
    const prompts: LanguageModelV3CallOptions['prompt'][] = [];
    const recording: LanguageModelV3 = {
      ...extractive,
      doStream: (call) => {
        prompts.push(call.prompt);
        return extractive.doStream(call);
      },
    };
    const server = await startTestServer({ model: recording });
    servers.push(server);
    const first = await askV2(server.url, 'How do I change the accent color?');
    const followUp = await askV2(server.url, 'Show me the code', { threadId: first.threadId });
    expect(followUp.threadId).toBe(first.threadId);
    const conversation = prompts[1]!.filter((message) => message.role !== 'system').map((message) => ({
      role: message.role,
      text: (message.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join(''),
    }));
    expect(conversation).toEqual([
      { role: 'user', text: 'How do I change the accent color?' },
      { role: 'assistant', text: first.text },
      { role: 'user', text: 'Show me the code' },
    ]);
  });
});

describe('streams in flight', () => {
  const slowModel = () => createExtractiveModel({ chunkDelayMs: 15 });

  test('close() lets an answer in flight finish, refuses new connections, then closes storage', async () => {
    const server = await startTestServer({ model: slowModel() });
    const response = await postAssistant(server.url, v2Body('How do I change the accent color?'));
    const { reader, text: start } = await readChunks(response, 2);
    const closed = server.close();
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    await closed;
    expect(start).toContain('"type":"start"');
    expect(rest).toContain('"type":"finish"');
    expect(rest.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  test('a model failure ends the stream with a safe error chunk and is logged on the server', async () => {
    const errors: Record<string, unknown>[] = [];
    const failing = new MockLanguageModelV3({
      doStream: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.9:11434');
      },
    });
    const server = await startTestServer({ model: failing, logger: { info: () => {}, error: (record) => errors.push(record) } });
    servers.push(server);
    const response = await postAssistant(server.url, v2Body('How do I change the accent color?'));
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toContain('ECONNREFUSED');
    const answer = await readUIMessageAnswer(new Response(body).body!);
    expect(answer.errors).toEqual(['The answer could not be completed; please try again.']);
    expect(errors).toEqual([expect.objectContaining({ event: 'answer_failed', domain: 'demo', error: expect.stringContaining('ECONNREFUSED') })]);
  });

  test('a client that goes away stops the answer, and no half answer is stored', async () => {
    const dataDir = temporaryFolder();
    const lines: Record<string, unknown>[] = [];
    const slow = slowModel();
    const signals: (AbortSignal | undefined)[] = [];
    const watched: LanguageModelV3 = {
      ...slow,
      doStream: (call) => {
        signals.push(call.abortSignal);
        return slow.doStream(call);
      },
    };
    const server = await startTestServer({ dataDir, model: watched, logger: { info: (record) => lines.push(record), error: () => {} } });
    servers.push(server);
    const abort = new AbortController();
    const response = await fetch(`${server.url}/discovery/v2/assistant/demo/message`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer svc_dsc_demo' },
      body: JSON.stringify(v2Body('How do I change the accent color?')),
      signal: abort.signal,
    });
    const threadId = response.headers.get('x-thread-id')!;
    await readChunks(response, 3);
    abort.abort();
    await expect.poll(() => lines.find((line) => line.threadId === threadId)?.outcome, { timeout: 3_000 }).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.filter((line) => line.threadId === threadId)).toHaveLength(1);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);

    const database = openDatabase(dataDir);
    const stored = await new SqliteThreads(database).recentMessages(threadId, { maxMessages: 100, maxBytes: 1_000_000 });
    database.close();
    expect(stored.map((message) => message.role)).toEqual(['user']);
  });
});

describe('the command line', () => {
  const run = startServerProcess;

  test('serves the embedded demo, prints the URL, keys and model, and stops cleanly on SIGTERM', async () => {
    const dataDir = temporaryFolder();
    const process_ = run([], { PORT: '0', DOCENT_DATA_DIR: dataDir });
    // The banner's last line: each line is its own write, and a loaded machine delivers them apart.
    await expect.poll(() => process_.output().stdout, { timeout: 15_000 }).toContain('  links: ');
    const { stdout } = process_.output();
    const url = /serving on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
    expect(url).toBeDefined();
    expect(stdout).toContain('svc_dsc_demo');
    expect(stdout).toContain('svc_demo');
    expect(stdout).toContain('embedded extractive model');
    // No publicUrl: links use the listening address, and the server says so once.
    expect(stdout).toContain(`  links: ${url} (the listening address; set publicUrl or DOCENT_PUBLIC_URL`);
    expect(stdout.split('"event":"public_url_default"').length - 1).toBe(1);
    const response = await postAssistant(url!, v2Body('What is Docent?'));
    expect(response.status).toBe(200);
    await response.text();
    process_.child.kill('SIGTERM');
    expect(await process_.exited).toBe(0);
    // The request line went to stdout as JSON, without the key.
    const requestLine = process_.output().stdout.split('\n').find((line) => line.includes('"event":"request"'));
    expect(JSON.parse(requestLine!)).toMatchObject({ method: 'POST', status: 200, domain: 'demo' });
    expect(requestLine).not.toContain('svc_dsc_demo');
  }, 30_000);

  test('with DOCENT_SHUTDOWN_DRAIN_SECONDS, SIGTERM turns /ready to 503 draining while questions are still answered', async () => {
    const process_ = run([], { PORT: '0', DOCENT_DATA_DIR: temporaryFolder(), DOCENT_SHUTDOWN_DRAIN_SECONDS: '3' });
    await expect.poll(() => process_.output().stdout, { timeout: 30_000 }).toContain('  data: ');
    const url = /serving on (http:\/\/127\.0\.0\.1:\d+)/.exec(process_.output().stdout)![1]!;
    expect((await fetch(`${url}/ready`)).status).toBe(200);
    process_.child.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${url}/ready`)).status, { timeout: 2_000 }).toBe(503);
    expect(await (await fetch(`${url}/ready`)).json()).toMatchObject({ error: { code: 'draining' } });
    const response = await postAssistant(url, v2Body('What is Docent?'));
    expect(response.status).toBe(200);
    await response.text();
    expect(await process_.exited).toBe(0);
  }, 45_000);

  test('a bad DOCENT_SHUTDOWN_DRAIN_SECONDS stops start-up with one line', async () => {
    const process_ = run([], { PORT: '0', DOCENT_DATA_DIR: temporaryFolder(), DOCENT_SHUTDOWN_DRAIN_SECONDS: 'soon' });
    expect(await process_.exited).toBe(1);
    expect(process_.output().stderr.trim()).toBe('DOCENT_SHUTDOWN_DRAIN_SECONDS must be a number of seconds from 0 to 3600, not "soon"');
  }, 30_000);

  test('an invalid config file stops start-up with the bad field named', async () => {
    const folder = temporaryFolder();
    writeFileSync(
      join(folder, 'docent.config.json'),
      JSON.stringify({ organizations: [{ id: 'acme', domains: [{ id: 'docs', docs: 'docs', assistantKeys: ['svc_dsc_good', 'pk_bad'] }] }] }),
    );
    const process_ = run(['--config', join(folder, 'docent.config.json')], { PORT: '0', DOCENT_DATA_DIR: folder });
    expect(await process_.exited).toBe(1);
    expect(process_.output().stderr).toContain('organizations[0].domains[0].assistantKeys[1]: an assistant key must start with svc_dsc_');
  }, 30_000);
});
