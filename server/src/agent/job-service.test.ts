import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { jobWorktreePath } from './runner';
import { createAgentTestbed, type AgentTestbed } from './testing/agent-testbed';
import { createGate, createScriptedAgentModel, promptDrivenScript, type AgentScript } from './testing/scripted-agent-model';
import { git } from './testing/temporary-repository';
import { pullRequestLinkPattern } from './testing/pull-request-link';

const publicBaseUrl = 'http://docs.test';

let testbed: AgentTestbed | undefined;
afterEach(async () => {
  await testbed?.cleanUp();
  testbed = undefined;
});

/** Catches the ApiError a call throws, to assert on status, code and field. */
async function apiErrorOf(call: () => unknown): Promise<ApiError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('agent job states', () => {
  it('follow-up on a completed job: active again, then completed with the same pull request updated', async () => {
    testbed = createAgentTestbed(promptDrivenScript);
    const { service } = testbed;
    const job = await service.create('docs', { prompt: 'write docs/a.md: # A', publicBaseUrl });
    await service.whenIdle();
    expect(await service.get('docs', job.id)).toMatchObject({ status: 'completed', prLink: expect.stringMatching(pullRequestLinkPattern(publicBaseUrl, 'docs')) });

    const followed = await service.sendMessage('docs', job.id, 'write docs/b.md: # B');
    expect(followed).toMatchObject({ status: 'active', haltReason: null, prLink: expect.stringMatching(pullRequestLinkPattern(publicBaseUrl, 'docs')) });
    await service.whenIdle();
    expect(await service.get('docs', job.id)).toMatchObject({
      status: 'completed',
      haltReason: 'completed',
      prLink: expect.stringMatching(pullRequestLinkPattern(publicBaseUrl, 'docs')),
      messageToUser: 'Wrote docs/b.md.',
    });
    expect((await service.localCodeHost?.get('docs', 1))?.files).toEqual(['docs/a.md', 'docs/b.md']);
    expect(await service.localCodeHost?.get('docs', 2)).toBeUndefined();
    expect(git(testbed.repository.path, 'log', '--format=%s', `main..${job.branch}`).trim().split('\n')).toEqual([
      'Update docs/b.md',
      'Update docs/a.md',
    ]);
  });

  it('follow-up on a failed job: active again, and the agent sees the earlier conversation', async () => {
    const { model, provider } = createScriptedAgentModel(promptDrivenScript);
    testbed = createAgentTestbed(null, { agentModel: provider });
    const { service } = testbed;
    const job = await service.create('docs', { prompt: 'fail', publicBaseUrl });
    await service.whenIdle();
    expect(await service.get('docs', job.id)).toMatchObject({ status: 'failed', haltReason: 'error' });

    expect((await service.sendMessage('docs', job.id, 'write docs/c.md: # C')).status).toBe('active');
    await service.whenIdle();
    expect(await service.get('docs', job.id)).toMatchObject({ status: 'completed', haltReason: 'completed' });
    expect(JSON.stringify(model.doGenerateCalls.at(-1)?.prompt)).toContain('write docs/c.md');
  });

  it('follow-up on an active job: queued, handed to the agent after its current step, job stays active', async () => {
    const gate = createGate();
    const script: AgentScript = async ({ callIndex, abortSignal }) => {
      if (callIndex === 0) {
        await gate.wait(abortSignal);
        return { toolCalls: [{ toolName: 'write_file', input: { path: 'docs/first.md', content: '# First\n' } }] };
      }
      if (callIndex === 1) return { toolCalls: [{ toolName: 'write_file', input: { path: 'docs/second.md', content: '# Second\n' } }] };
      return { text: 'Wrote both pages.' };
    };
    const { model, provider } = createScriptedAgentModel(script);
    testbed = createAgentTestbed(null, { agentModel: provider });
    const { service } = testbed;
    const job = await service.create('docs', { prompt: 'Write the first page', publicBaseUrl });
    await gate.reached;

    const queued = await service.sendMessage('docs', job.id, 'Also write a second page');
    expect(queued.status).toBe('active');
    expect(await service.store.hasPendingPrompts(job.id)).toBe(true);
    gate.release();
    await service.whenIdle();

    // The second model call is the step right after the first: its newest message is the follow-up,
    // after the first step's tool result.
    const secondPrompt = model.doGenerateCalls[1]?.prompt ?? [];
    expect(secondPrompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Also write a second page' }] });
    expect(secondPrompt.at(-2)?.role).toBe('tool');
    expect(await service.get('docs', job.id)).toMatchObject({ status: 'completed', messageToUser: 'Wrote both pages.' });
    expect((await service.localCodeHost?.get('docs', 1))?.files).toEqual(['docs/first.md', 'docs/second.md']);
  });

  it('follow-up arriving while the agent writes its final answer runs right after it', async () => {
    const gate = createGate();
    const script: AgentScript = async ({ callIndex, abortSignal, lastUserText }) => {
      if (callIndex === 0) {
        await gate.wait(abortSignal);
        return { text: 'Nothing needed.' };
      }
      return { text: `Handled: ${lastUserText}` };
    };
    testbed = createAgentTestbed(script);
    const { service } = testbed;
    const job = await service.create('docs', { prompt: 'Look around', publicBaseUrl });
    await gate.reached;
    await service.sendMessage('docs', job.id, 'And check the FAQ');
    gate.release();
    await service.whenIdle();
    expect(await service.get('docs', job.id)).toMatchObject({ status: 'completed', messageToUser: 'Handled: And check the FAQ' });
  });

  it('archive: stops an active agent, removes its worktree, keeps the branch; follow-ups then get 409', async () => {
    const gate = createGate();
    const script: AgentScript = async ({ callIndex, abortSignal }) => {
      if (callIndex === 0) return { toolCalls: [{ toolName: 'write_file', input: { path: 'docs/wip.md', content: 'WIP' } }] };
      await gate.wait(abortSignal);
      return { text: 'never reached' };
    };
    testbed = createAgentTestbed(script);
    const { service } = testbed;
    const job = await service.create('docs', { prompt: 'Start something', publicBaseUrl });
    await gate.reached;
    const worktree = jobWorktreePath(path.join(testbed.dataDir, 'agent', 'worktrees'), job);
    expect(existsSync(path.join(worktree, 'docs/wip.md'))).toBe(true);

    const archived = await service.archive('docs', job.id);
    expect(archived.status).toBe('archived');
    expect(archived.archivedAt).toEqual(expect.any(Number));
    await service.whenIdle();
    expect(await service.get('docs', job.id)).toMatchObject({ status: 'archived', haltReason: null, prLink: null });
    expect((await service.get('docs', job.id)).messageToUser).toContain('archived while the agent was working');
    expect(existsSync(worktree)).toBe(false);
    expect(git(testbed.repository.path, 'branch', '--list', job.branch).trim()).toBe(job.branch);

    const conflict = await apiErrorOf(() => service.sendMessage('docs', job.id, 'Continue'));
    expect(conflict).toMatchObject({ status: 409, code: 'job_archived' });
    expect((await service.archive('docs', job.id)).archivedAt).toBe(archived.archivedAt);
  });

  it('unknown project or job: 404; a job of another project is not found either', async () => {
    testbed = createAgentTestbed(promptDrivenScript);
    const { service } = testbed;
    expect(await apiErrorOf(() => service.create('nope', { prompt: 'x', publicBaseUrl }))).toMatchObject({
      status: 404,
      code: 'project_not_found',
    });
    expect(await apiErrorOf(() => service.get('docs', 'missing'))).toMatchObject({ status: 404, code: 'job_not_found' });
    expect(await apiErrorOf(() => service.sendMessage('docs', 'missing', 'x'))).toMatchObject({ status: 404 });
    expect(await apiErrorOf(() => service.archive('docs', 'missing'))).toMatchObject({ status: 404 });
    expect(await apiErrorOf(() => service.list('nope'))).toMatchObject({ status: 404 });
  });

  it('a ref the repository lacks, or one git would misread, is a 400 naming the field', async () => {
    testbed = createAgentTestbed(promptDrivenScript);
    const { service } = testbed;
    expect(await apiErrorOf(() => service.create('docs', { prompt: 'x', ref: 'release', publicBaseUrl }))).toMatchObject({
      status: 400,
      code: 'unknown_ref',
      field: 'ref',
    });
    expect(await apiErrorOf(() => service.create('docs', { prompt: 'x', ref: '--upload-pack=evil', publicBaseUrl }))).toMatchObject({
      status: 400,
      code: 'invalid_ref',
      field: 'ref',
    });
    git(testbed.repository.path, 'branch', 'release');
    const job = await service.create('docs', { prompt: 'x', ref: 'release', publicBaseUrl });
    expect(job.ref).toBe('release');
    expect((await service.list('docs')).map((listed) => listed.id)).toEqual([job.id]);
  });

  it('runs several jobs on one repository at once, each on its own branch and pull request', async () => {
    testbed = createAgentTestbed(promptDrivenScript, { maxConcurrentJobs: 4 });
    const { service } = testbed;
    const jobs = await Promise.all(
      [1, 2, 3, 4].map((index) => service.create('docs', { prompt: `write docs/page-${index}.md: # Page ${index}`, publicBaseUrl })),
    );
    await service.whenIdle();
    const finished = await Promise.all(jobs.map((job) => service.get('docs', job.id)));
    expect(finished.map((job) => job.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(new Set(finished.map((job) => job.prLink)).size).toBe(4);
    for (const [index, job] of jobs.entries()) {
      expect(git(testbed.repository.path, 'diff', '--name-only', `main...${job.branch}`).trim()).toBe(`docs/page-${index + 1}.md`);
    }
  });

  it('lists jobs newest first', async () => {
    testbed = createAgentTestbed(promptDrivenScript);
    const { service } = testbed;
    const first = await service.create('docs', { prompt: 'one', publicBaseUrl });
    const second = await service.create('docs', { prompt: 'two', publicBaseUrl });
    const third = await service.create('docs', { prompt: 'three', publicBaseUrl });
    await service.whenIdle();
    expect((await service.list('docs')).map((job) => job.id)).toEqual([third.id, second.id, first.id]);
  });
});

describe('recovery at start-up', () => {
  /** A model that starts a step and never finishes it until the run is aborted. */
  function stuckModel() {
    const gate = createGate();
    const { provider } = createScriptedAgentModel(async ({ abortSignal }) => {
      await gate.wait(abortSignal);
      return { text: 'unreachable' };
    });
    return { provider, reached: gate.reached };
  }

  it('resumes a job a stop left active, and the agent finishes it', async () => {
    const stuck = stuckModel();
    testbed = createAgentTestbed(null, { agentModel: stuck.provider });
    const job = await testbed.service.create('docs', { prompt: 'write docs/resumed.md: # Resumed', publicBaseUrl });
    await stuck.reached;
    await testbed.service.close();
    expect((await testbed.service.get('docs', job.id)).status).toBe('active');

    const restarted = testbed.restart({ agentModel: createScriptedAgentModel(promptDrivenScript).provider });
    expect(await restarted.recoverActiveJobs()).toEqual({ resumed: 1, failed: 0 });
    await restarted.whenIdle();
    expect(await restarted.get('docs', job.id)).toMatchObject({ status: 'completed', prLink: expect.stringMatching(pullRequestLinkPattern(publicBaseUrl, 'docs')) });
  });

  it('marks a job failed with a reason once stops have interrupted it too often, never leaving it active', async () => {
    const firstRun = stuckModel();
    testbed = createAgentTestbed(null, { agentModel: firstRun.provider });
    const job = await testbed.service.create('docs', { prompt: 'write docs/x.md: # X', publicBaseUrl });
    await firstRun.reached;
    await testbed.service.close();

    const secondRun = stuckModel();
    const second = testbed.restart({ agentModel: secondRun.provider });
    expect(await second.recoverActiveJobs()).toEqual({ resumed: 1, failed: 0 });
    await secondRun.reached;
    await second.close();

    const third = testbed.restart({ agentModel: createScriptedAgentModel(promptDrivenScript).provider });
    expect(await third.recoverActiveJobs()).toEqual({ resumed: 0, failed: 1 });
    const failed = await third.get('docs', job.id);
    expect(failed).toMatchObject({ status: 'failed', haltReason: 'error' });
    expect(failed.messageToUser).toContain('The server stopped 2 times');
    expect(await third.store.hasPendingPrompts(job.id)).toBe(false);
  });
});
