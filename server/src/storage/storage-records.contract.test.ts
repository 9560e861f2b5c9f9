import { describe, expect, test } from 'vitest';
import type { PullRequestChanges } from './storage';
import { storageEngines, useStorageEngine } from './testing/storage-engines';

/*
 * The storage contract, continued (see storage.contract.test.ts): a thread read with its recent
 * messages in one call, the counts behind the metrics gauges, and the built-in code host's
 * pull requests, which every instance must serve.
 */

describe.each(storageEngines())('storage contract on $name: shared records', (engine) => {
  const { open, clock } = useStorageEngine(engine);

  test('a thread with its recent messages in one call, picked as recentMessages picks them', async () => {
    const { threads } = await open();
    const empty = await threads.createThread({ domain: 'demo', fp: 'a' });
    expect(await threads.findThreadWithRecentMessages(empty.id, { maxMessages: 4, maxBytes: 1_000 })).toEqual({ thread: empty, recentMessages: [] });
    const thread = await threads.createThread({ domain: 'demo', fp: 'b' });
    for (let index = 0; index < 12; index++) {
      clock.now += 1_000;
      const context = index === 11 ? [{ type: 'code', value: 'x' }] : [];
      await threads.addMessages([{ threadId: thread.id, role: index % 2 === 0 ? 'user' : 'assistant', text: `m${index} ${'x'.repeat(46)}`, currentPath: index === 11 ? '/docs/' : null, context }]);
    }
    for (const budget of [{ maxMessages: 4, maxBytes: 100_000 }, { maxMessages: 20, maxBytes: 120 }, { maxMessages: 20, maxBytes: 5 }]) {
      const found = await threads.findThreadWithRecentMessages(thread.id, budget);
      expect(found?.thread).toEqual(await threads.findThread(thread.id));
      expect(found?.recentMessages).toEqual(await threads.recentMessages(thread.id, budget));
    }
    const newest = await threads.findThreadWithRecentMessages(thread.id, { maxMessages: 20, maxBytes: 5 });
    expect(newest?.recentMessages).toEqual([
      { role: 'assistant', text: `m11 ${'x'.repeat(46)}`, currentPath: '/docs/', context: [{ type: 'code', value: 'x' }], createdAt: clock.now },
    ]);
    expect(await threads.findThreadWithRecentMessages('nope', { maxMessages: 4, maxBytes: 1_000 })).toBeUndefined();
  });

  test('counts threads and agent jobs by state, as every instance sees them', async () => {
    const first = await open();
    const second = await open();
    expect(await second.threads.count()).toBe(0);
    expect(await second.jobs.countByStatus()).toEqual({});
    await first.threads.createThread({ domain: 'demo', fp: 'a' });
    await first.threads.createThread({ domain: 'demo', fp: 'b' });
    for (const id of ['job-1', 'job-2', 'job-3']) {
      await first.jobs.create({ id, projectId: 'docs', repository: '/repository', ref: 'main', branch: `docent/${id}`, model: 'scripted', prompt: 'p', userId: null, publicBaseUrl: 'http://docs.test' });
    }
    await first.jobs.archive('job-3');
    expect(await second.threads.count()).toBe(2);
    expect(await second.jobs.countByStatus()).toEqual({ active: 2, archived: 1 });
  });

  describe('pull requests of the built-in code host', () => {
    const changes = (branch: string, overrides: Partial<PullRequestChanges> = {}): PullRequestChanges => ({
      projectId: 'docs',
      jobId: `job-of-${branch}`,
      branch,
      baseRef: 'main',
      title: `Title of ${branch}`,
      body: 'What changed and why.',
      files: ['docs/a.md'],
      diff: '+new line\n',
      ...overrides,
    });

    test('numbers per project from 1, a 128-bit access key, updates keep both, any instance finds them', async () => {
      const first = await open();
      const second = await open();
      const created = await first.pullRequests.save(changes('docent/one'));
      expect(created).toEqual({ ...changes('docent/one'), number: 1, accessKey: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), createdAt: clock.now, updatedAt: clock.now });
      clock.now += 5_000;
      const updated = await second.pullRequests.save(changes('docent/one', { title: 'Better title', files: ['docs/a.md', 'docs/b.md'], diff: '+two\n', baseRef: 'ignored' }));
      expect(updated).toEqual({ ...created, title: 'Better title', files: ['docs/a.md', 'docs/b.md'], diff: '+two\n', updatedAt: clock.now });
      expect((await first.pullRequests.save(changes('docent/two'))).number).toBe(2);
      expect((await first.pullRequests.save(changes('docent/one', { projectId: 'other' }))).number).toBe(1);

      expect(await second.pullRequests.find('docs', 1)).toEqual(updated);
      expect(await second.pullRequests.findByAccessKey('docs', created.accessKey)).toEqual(updated);
      // The key opens its own project's pull request only.
      expect(await second.pullRequests.findByAccessKey('other', created.accessKey)).toBeUndefined();
      expect(await second.pullRequests.find('docs', 3)).toBeUndefined();
      expect(await second.pullRequests.findByAccessKey('docs', 'A'.repeat(22))).toBeUndefined();
    });

    test('instances opening pull requests of one project at once get distinct numbers', async () => {
      const first = await open();
      const second = await open();
      const saved = await Promise.all(
        Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? first : second).pullRequests.save(changes(`docent/branch-${index}`))),
      );
      expect(saved.map((pullRequest) => pullRequest.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(new Set(saved.map((pullRequest) => pullRequest.accessKey)).size).toBe(8);
    });
  });
});
