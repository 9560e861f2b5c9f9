import { describe, expect, test } from 'vitest';
import type { NewJob } from '../agent/job-types';
import { windowBounds, type RateLimitRule } from './rate-limit-windows';
import type { JobClaim } from './storage';
import { storageEngines, useStorageEngine } from './testing/storage-engines';

/*
 * The storage contract: the same tests against both engines (see testing/storage-engines.ts).
 * Pull requests and counts: storage-records.contract.test.ts.
 */

describe.each(storageEngines())('storage contract on $name', (engine) => {
  const { open, clock } = useStorageEngine(engine);

  describe('threads', () => {
    test('creates unguessable ids, stores each message once, and counts messages and bytes', async () => {
      const { threads } = await open();
      const thread = await threads.createThread({ domain: 'demo', fp: 'reader-7' });
      expect(thread.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect((await threads.createThread({ domain: 'demo', fp: 'x' })).id).not.toBe(thread.id);
      expect(await threads.addMessages([{ threadId: thread.id, role: 'user', text: 'Qé', currentPath: '/docs/', context: [{ type: 'code', value: 'x' }] }])).toEqual({
        messageCount: 1,
        byteCount: 3,
      });
      clock.now += 1_000;
      expect(await threads.addMessages([{ threadId: thread.id, role: 'assistant', text: 'A', currentPath: null, context: [] }])).toEqual({ messageCount: 2, byteCount: 4 });
      expect(await threads.findThread(thread.id)).toEqual({ ...thread, updatedAt: clock.now, messageCount: 2, byteCount: 4 });
      expect(await threads.recentMessages(thread.id, { maxMessages: 10, maxBytes: 1_000 })).toEqual([
        { role: 'user', text: 'Qé', currentPath: '/docs/', context: [{ type: 'code', value: 'x' }], createdAt: clock.now - 1_000 },
        { role: 'assistant', text: 'A', currentPath: null, context: [], createdAt: clock.now },
      ]);
      expect(await threads.findThread('nope')).toBeUndefined();
    });

    test('a follow-up reads only the newest messages within the budget, and always the newest one', async () => {
      const { threads } = await open();
      const thread = await threads.createThread({ domain: 'demo', fp: 'a' });
      for (let index = 0; index < 30; index++) {
        await threads.addMessages([{ threadId: thread.id, role: index % 2 === 0 ? 'user' : 'assistant', text: `m${index} ${'x'.repeat(96)}`, currentPath: null, context: [] }]);
      }
      const texts = async (maxMessages: number, maxBytes: number) =>
        (await threads.recentMessages(thread.id, { maxMessages, maxBytes })).map((message) => message.text.split(' ')[0]);
      expect(await texts(4, 100_000)).toEqual(['m26', 'm27', 'm28', 'm29']);
      expect(await texts(20, 350)).toEqual(['m27', 'm28', 'm29']);
      expect(await texts(20, 10)).toEqual(['m29']);
    });

    test('purges threads and their messages past the cutoff, keeping the others', async () => {
      const { threads } = await open();
      const old = await threads.createThread({ domain: 'demo', fp: 'a' });
      await threads.addMessages([{ threadId: old.id, role: 'user', text: 'old', currentPath: null, context: [] }]);
      clock.now += 10_000;
      const recent = await threads.createThread({ domain: 'demo', fp: 'a' });
      expect(await threads.purgeThreads(clock.now - 5_000)).toBe(1);
      expect(await threads.findThread(old.id)).toBeUndefined();
      expect(await threads.recentMessages(old.id, { maxMessages: 10, maxBytes: 1_000 })).toEqual([]);
      expect(await threads.findThread(recent.id)).toBeDefined();
    });
  });

  describe('rate-limit counters', () => {
    const rules = (ipLimit: number): RateLimitRule[] => [
      { bucket: 'key:k', limit: 5, window: 'month' },
      { bucket: 'ip:1.2.3.4', limit: ipLimit, window: 'day' },
    ];

    test('windows follow the UTC calendar', () => {
      const moment = Date.UTC(2025, 1, 14, 13, 45);
      expect(windowBounds('hour', moment)).toEqual({ start: Date.UTC(2025, 1, 14, 13), end: Date.UTC(2025, 1, 14, 14) });
      expect(windowBounds('day', moment)).toEqual({ start: Date.UTC(2025, 1, 14), end: Date.UTC(2025, 1, 15) });
      expect(windowBounds('month', moment)).toEqual({ start: Date.UTC(2025, 1, 1), end: Date.UTC(2025, 2, 1) });
    });

    test('reports the tightest counter, refuses past a limit without charging the others, and resets with the window', async () => {
      const { rateLimits } = await open();
      expect(await rateLimits.consume(rules(2), clock.now)).toEqual({ allowed: true, binding: { rule: rules(2)[1], remaining: 1, resetAt: Date.UTC(2025, 1, 15) } });
      expect((await rateLimits.consume(rules(2), clock.now)).binding.remaining).toBe(0);
      expect(await rateLimits.consume(rules(2), clock.now)).toEqual({ allowed: false, binding: { rule: rules(2)[1], remaining: 0, resetAt: Date.UTC(2025, 1, 15) } });
      // The refused request did not use up the monthly key quota: 2 of 5 used, so 3 remain before this one.
      expect((await rateLimits.consume(rules(2), Date.UTC(2025, 1, 15, 1))).allowed).toBe(true);
      expect((await rateLimits.consume([rules(2)[0]!], Date.UTC(2025, 1, 15, 1))).binding.remaining).toBe(1);
    });

    test('exact under concurrency across instances: exactly `limit` of many simultaneous requests pass', async () => {
      const first = await open();
      const second = await open();
      const limited: RateLimitRule[] = [
        { bucket: 'key:shared', limit: 1_000, window: 'month' },
        { bucket: 'organization:o', limit: 25, window: 'hour' },
        { bucket: 'ip:9.9.9.9', limit: 1_000, window: 'day' },
      ];
      const decisions = await Promise.all(
        Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? first : second).rateLimits.consume(limited, clock.now)),
      );
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(25);
      // Refused requests charged nothing: the key counter moved by exactly the 25 allowed.
      expect((await first.rateLimits.consume([limited[0]!], clock.now)).binding.remaining).toBe(1_000 - 25 - 1);
    });
  });

  describe('agent jobs', () => {
    const newJob = (id: string, projectId = 'docs'): NewJob => ({
      id,
      projectId,
      repository: '/repository',
      ref: 'main',
      branch: `docent/${id}`,
      model: 'scripted',
      prompt: `first prompt of ${id}`,
      userId: null,
      publicBaseUrl: 'http://docs.test',
    });
    const instance = (name: string): JobClaim => ({ instanceId: name, leaseMilliseconds: 30_000 });

    test('create, list newest first, and the prompt queue', async () => {
      const { jobs } = await open();
      const job = await jobs.create(newJob('job-1'));
      expect(job).toMatchObject({ id: 'job-1', status: 'active', haltReason: null, createdAt: clock.now, archivedAt: null });
      clock.now += 1;
      await jobs.create(newJob('job-2'));
      await jobs.create(newJob('elsewhere', 'other'));
      expect((await jobs.list('docs')).map((listed) => listed.id)).toEqual(['job-2', 'job-1']);
      expect(await jobs.firstPrompt('job-1')).toBe('first prompt of job-1');

      const taken = await jobs.takePendingPrompts('job-1');
      expect(taken).toEqual([{ id: expect.any(Number), prompt: 'first prompt of job-1', attempts: 1 }]);
      expect(await jobs.hasPendingPrompts('job-1')).toBe(false);
      await jobs.addPrompt('job-1', 'follow-up');
      expect((await jobs.takePendingPrompts('job-1')).map((prompt) => prompt.prompt)).toEqual(['follow-up']);
      expect(await jobs.requeueInterruptedPrompts('job-1')).toBe(1);
      expect((await jobs.takePendingPrompts('job-1')).map((prompt) => [prompt.prompt, prompt.attempts])).toEqual([
        ['first prompt of job-1', 2],
        ['follow-up', 2],
      ]);
      await jobs.completePrompts(taken.map((prompt) => prompt.id));
      expect(await jobs.requeueInterruptedPrompts('job-1')).toBe(2);
      await jobs.dropQueuedPrompts('job-1');
      expect(await jobs.hasPendingPrompts('job-1')).toBe(false);
    });

    test('conversation, todos and title', async () => {
      const { jobs } = await open();
      await jobs.create(newJob('job-1'));
      expect(await jobs.conversation('job-1')).toEqual([]);
      await jobs.saveConversation('job-1', [{ role: 'user', content: 'hi' }]);
      expect(await jobs.conversation('job-1')).toEqual([{ role: 'user', content: 'hi' }]);
      await jobs.saveTodos('job-1', [
        { id: '1', content: 'Read', status: 'completed' },
        { id: '2', content: 'Write', status: 'pending' },
      ]);
      await jobs.saveTodos('job-1', [{ id: '2', content: 'Write', status: 'in_progress' }]);
      expect(await jobs.todos('job-1')).toEqual([{ id: '2', content: 'Write', status: 'in_progress' }]);
      await jobs.saveTitle('job-1', 'Docs');
      expect((await jobs.get('job-1'))?.title).toBe('Docs');
    });

    test('finish waits for queued follow-ups and for the claim holder; a follow-up reopens; archive is final', async () => {
      const { jobs } = await open();
      await jobs.create(newJob('job-1'));
      const outcome = { status: 'completed' as const, haltReason: 'completed' as const, messageToUser: 'Done.', prLink: 'http://docs.test/pulls/docs/x' };
      expect(await jobs.finish('job-1', outcome)).toBe(false);
      await jobs.takePendingPrompts('job-1');
      expect(await jobs.claim('job-1', instance('a'), clock.now)).toBe(true);
      expect(await jobs.finish('job-1', outcome, 'b')).toBe(false);
      expect(await jobs.finish('job-1', outcome, 'a')).toBe(true);
      expect(await jobs.get('job-1')).toMatchObject({ status: 'completed', haltReason: 'completed', messageToUser: 'Done.', prLink: outcome.prLink });

      expect(await jobs.addPrompt('job-1', 'more')).toMatchObject({ status: 'active', haltReason: null, prLink: outcome.prLink });
      clock.now += 5;
      const archived = await jobs.archive('job-1');
      expect(archived).toMatchObject({ status: 'archived', archivedAt: clock.now });
      expect(archived?.messageToUser).toContain('archived while the agent was working');
      expect(await jobs.hasPendingPrompts('job-1')).toBe(false);
      expect(await jobs.addPrompt('job-1', 'again')).toBeUndefined();
      expect((await jobs.archive('job-1'))?.archivedAt).toBe(archived?.archivedAt);
      expect(await jobs.archive('missing')).toBeUndefined();
      expect(await jobs.claim('job-1', instance('a'), clock.now)).toBe(false);
    });

    test('a claim holds until its lease expires; heartbeats extend it; the holder releases it', async () => {
      const first = await open();
      const second = await open();
      await first.jobs.create(newJob('job-1'));
      expect(await first.jobs.claim('job-1', instance('a'), clock.now)).toBe(true);
      expect(await second.jobs.claim('job-1', instance('b'), clock.now + 29_000)).toBe(false);
      expect(await second.jobs.claimNext(instance('b'), clock.now + 29_000)).toBeUndefined();
      expect(await first.jobs.renewLease('job-1', instance('a'), clock.now + 29_000)).toBe(true);
      // 30 s after the heartbeat, not after the claim: still held.
      expect(await second.jobs.claim('job-1', instance('b'), clock.now + 58_000)).toBe(false);
      // Instance a died: its lease runs out and b takes the job over; a's next heartbeat learns it.
      expect((await second.jobs.claimNext(instance('b'), clock.now + 60_000))?.id).toBe('job-1');
      expect(await first.jobs.renewLease('job-1', instance('a'), clock.now + 60_001)).toBe(false);
      await first.jobs.release('job-1', 'a');
      expect(await first.jobs.claim('job-1', instance('a'), clock.now + 60_002)).toBe(false);
      await second.jobs.release('job-1', 'b');
      expect(await first.jobs.claim('job-1', instance('a'), clock.now + 60_003)).toBe(true);
    });

    test('instances claiming at once get each job exactly once, oldest first', async () => {
      const first = await open();
      const second = await open();
      for (let index = 0; index < 6; index++) {
        await first.jobs.create(newJob(`job-${index}`));
        clock.now += 1;
      }
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? first : second).jobs.claimNext(instance(`i${index % 2}`), clock.now)),
      );
      const ids = claims.flatMap((job) => (job ? [job.id] : []));
      expect(ids.sort()).toEqual(['job-0', 'job-1', 'job-2', 'job-3', 'job-4', 'job-5']);
    });
  });

  test('exclusively runs a task on one instance at a time', async () => {
    const first = await open();
    const second = await open();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered = () => undefined as void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const running = first.exclusively('purge', async () => {
      entered();
      await held;
      return 'first';
    });
    await inside;
    // SQLite is one process: nothing else can run the task, so there is nothing to exclude.
    if (engine.name === 'postgres') expect(await second.exclusively('purge', async () => 'second')).toBeUndefined();
    release();
    expect(await running).toBe('first');
    expect(await second.exclusively('purge', async () => 'second')).toBe('second');
    expect(await first.ping()).toBe(true);
  });
});
