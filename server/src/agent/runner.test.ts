import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPullRequestPage } from './pull-request-page';
import { jobWorktreePath } from './runner';
import { createAgentTestbed, type AgentTestbed } from './testing/agent-testbed';
import { createScriptedAgentModel, type ScriptedTurn } from './testing/scripted-agent-model';
import { git } from './testing/temporary-repository';
import { pullRequestLinkPattern } from './testing/pull-request-link';

const baseUrl = 'http://docs.test';

/** An agent that plans, reads, searches, edits a page, adds one, names the job and reports. */
const editingScript: ScriptedTurn[] = [
  {
    toolCalls: [
      {
        toolName: 'todo_write',
        input: {
          todos: [
            { id: 'a', content: 'Fix the setup page', status: 'in_progress' },
            { id: 'b', content: 'Add an FAQ page' },
          ],
        },
      },
    ],
  },
  { toolCalls: [{ toolName: 'list_files', input: {} }, { toolName: 'search_files', input: { query: 'install' } }] },
  { toolCalls: [{ toolName: 'read_file', input: { path: 'docs/guide/setup.md' } }] },
  {
    toolCalls: [
      { toolName: 'write_file', input: { path: 'docs/guide/setup.md', content: '# Setup\n\nRun `npm install docent`.\n' } },
      { toolName: 'write_file', input: { path: 'docs/faq.md', content: '# FAQ\n\n<script>alert(1)</script> is shown as text.\n' } },
      { toolName: 'set_title', input: { title: 'Clarify setup & add an FAQ' } },
    ],
  },
  {
    toolCalls: [
      {
        toolName: 'todo_write',
        input: {
          todos: [
            { id: 'a', content: 'Fix the setup page', status: 'completed' },
            { id: 'b', content: 'Add an FAQ page', status: 'completed' },
          ],
        },
      },
    ],
  },
  { text: 'I clarified the install command and added an FAQ page.' },
];

let testbed: AgentTestbed | undefined;
afterEach(async () => {
  await testbed?.cleanUp();
  testbed = undefined;
});

describe('the job runner', () => {
  it('edits files on the job branch in its own worktree, commits, and records and serves a pull request', async () => {
    testbed = createAgentTestbed(editingScript);
    const { service, repository } = testbed;
    const created = await service.create('docs', { prompt: 'Make the setup page clearer', publicBaseUrl: baseUrl });
    expect(created.status).toBe('active');
    expect(created.branch).toBe(`docent/${created.id}`);
    expect(created.ref).toBe('main');
    await service.whenIdle();

    const job = await service.get('docs', created.id);
    expect(job.status).toBe('completed');
    expect(job.haltReason).toBe('completed');
    expect(job.title).toBe('Clarify setup & add an FAQ');
    expect(job.messageToUser).toBe('I clarified the install command and added an FAQ page.');
    expect(job.prLink).toMatch(pullRequestLinkPattern(baseUrl, 'docs'));
    expect(await service.store.todos(job.id)).toEqual([
      { id: 'a', content: 'Fix the setup page', status: 'completed' },
      { id: 'b', content: 'Add an FAQ page', status: 'completed' },
    ]);

    // The default branch is untouched; the job branch holds one commit with both files.
    expect(git(repository.path, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('main');
    expect(readFileSync(path.join(repository.path, 'docs/guide/setup.md'), 'utf8')).toBe('# Setup\n\nInstall the package.\n');
    expect(git(repository.path, 'log', '--format=%s', `main..${job.branch}`).trim()).toBe('Clarify setup & add an FAQ');
    expect(git(repository.path, 'diff', '--name-only', `main...${job.branch}`).trim().split('\n')).toEqual([
      'docs/faq.md',
      'docs/guide/setup.md',
    ]);
    const worktree = jobWorktreePath(path.join(testbed.dataDir, 'agent', 'worktrees'), job);
    expect(git(worktree, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe(job.branch);
    expect(git(worktree, 'status', '--porcelain').trim()).toBe('');

    const pullRequest = await service.localCodeHost?.get('docs', 1);
    expect(pullRequest).toMatchObject({ jobId: job.id, branch: job.branch, baseRef: 'main', title: job.title });
    expect(pullRequest?.files).toEqual(['docs/faq.md', 'docs/guide/setup.md']);
    expect(pullRequest?.diff).toContain('+Run `npm install docent`.');
    const page = renderPullRequestPage(pullRequest!);
    expect(page).toContain('<title>Clarify setup &amp; add an FAQ · #1</title>');
    expect(page).toContain(`<code>${job.branch}</code> into <code>main</code>`);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
  });

  it('shows the agent its tool results, so it works from what it read', async () => {
    const { model, provider } = createScriptedAgentModel(editingScript);
    testbed = createAgentTestbed(null, { agentModel: provider });
    const job = await testbed.service.create('docs', { prompt: 'Make the setup page clearer', publicBaseUrl: baseUrl });
    await testbed.service.whenIdle();
    expect((await testbed.service.get('docs', job.id)).status).toBe('completed');
    const toolResults = JSON.stringify(model.doGenerateCalls[3]?.prompt);
    expect(toolResults).toContain('docs/guide/setup.md');
    expect(toolResults).toContain('Install the package.');
    expect(model.doGenerateCalls[0]?.tools?.map((tool) => tool.name).sort()).toEqual([
      'list_files',
      'read_file',
      'search_files',
      'set_title',
      'todo_write',
      'write_file',
    ]);
  });

  it('completes with no pull request when no file changed, titled from the prompt', async () => {
    testbed = createAgentTestbed([{ text: 'The docs already say this.' }]);
    const job = await testbed.service.create('docs', { prompt: 'Check the welcome page\nand more', publicBaseUrl: baseUrl });
    await testbed.service.whenIdle();
    expect(await testbed.service.get('docs', job.id)).toMatchObject({
      status: 'completed',
      haltReason: 'completed',
      prLink: null,
      title: 'Check the welcome page',
      messageToUser: 'The docs already say this.',
    });
    expect(await testbed.service.localCodeHost?.get('docs', 1)).toBeUndefined();
  });

  it('hands path errors back to the model instead of touching files outside the worktree', async () => {
    const { model, provider } = createScriptedAgentModel([
      { toolCalls: [{ toolName: 'write_file', input: { path: '../escape.md', content: 'x' } }] },
      { toolCalls: [{ toolName: 'read_file', input: { path: '/etc/passwd' } }] },
      { text: 'Could not do it.' },
    ]);
    testbed = createAgentTestbed(null, { agentModel: provider });
    const job = await testbed.service.create('docs', { prompt: 'Escape', publicBaseUrl: baseUrl });
    await testbed.service.whenIdle();
    expect(await testbed.service.get('docs', job.id)).toMatchObject({ status: 'completed', prLink: null });
    expect(existsSync(path.join(testbed.dataDir, 'agent', 'worktrees', 'docs', 'escape.md'))).toBe(false);
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('contains \\"..\\"');
    expect(JSON.stringify(model.doGenerateCalls[2]?.prompt)).toContain('is absolute');
  });

  it('fails with halt reason error and says how to configure a model when none is', async () => {
    testbed = createAgentTestbed(null);
    const job = await testbed.service.create('docs', { prompt: 'Fix typos', publicBaseUrl: baseUrl });
    expect(job.model).toBe('unconfigured');
    await testbed.service.whenIdle();
    const failed = await testbed.service.get('docs', job.id);
    expect(failed).toMatchObject({ status: 'failed', haltReason: 'error', prLink: null, title: 'Fix typos' });
    expect(failed.messageToUser).toContain('DOCENT_MODEL_BASE_URL');
    expect(failed.messageToUser).toContain('DOCENT_MODEL ');
  });

  it('fails with halt reason error when the model fails', async () => {
    testbed = createAgentTestbed([{ error: 'upstream model unavailable' }]);
    const job = await testbed.service.create('docs', { prompt: 'Fix typos', publicBaseUrl: baseUrl });
    await testbed.service.whenIdle();
    const failed = await testbed.service.get('docs', job.id);
    expect(failed).toMatchObject({ status: 'failed', haltReason: 'error' });
    expect(failed.messageToUser).toContain('upstream model unavailable');
  });

  it('halts with github_missconfigured when the repository is missing', async () => {
    testbed = createAgentTestbed(editingScript, { repositoryPath: '/nonexistent/docs-repository' });
    const job = await testbed.service.create('docs', { prompt: 'Fix typos', publicBaseUrl: baseUrl });
    await testbed.service.whenIdle();
    const failed = await testbed.service.get('docs', job.id);
    expect(failed).toMatchObject({ status: 'failed', haltReason: 'github_missconfigured', repository: '/nonexistent/docs-repository' });
    expect(failed.messageToUser).toContain('does not exist');
  });

  it('halts with github_missconfigured when the repository is not a git repository', async () => {
    testbed = createAgentTestbed(editingScript);
    const plainFolder = path.join(testbed.dataDir, 'plain');
    const other = testbed.restart({
      config: { ...testbed.config, projects: [{ id: 'docs', organization: 'test', repository: plainFolder }] },
    });
    mkdirSync(plainFolder);
    const job = await other.create('docs', { prompt: 'Fix typos', publicBaseUrl: baseUrl });
    await other.whenIdle();
    const failed = await other.get('docs', job.id);
    expect(failed).toMatchObject({ status: 'failed', haltReason: 'github_missconfigured' });
    expect(failed.messageToUser).toContain('is not a git repository');
  });

  it('initialises the embedded default repository from the docs folder of the project organization', async () => {
    testbed = createAgentTestbed([{ toolCalls: [{ toolName: 'write_file', input: { path: 'new.md', content: '# New\n' } }] }, { text: 'Added.' }]);
    const other = testbed.restart({
      config: {
        dataDir: testbed.dataDir,
        projects: [{ id: 'site', organization: 'acme' }],
        domains: [
          {
            id: 'acme',
            organization: 'acme',
            docs: path.join(testbed.repository.path, 'docs'),
            pathPrefix: '/docs',
            assistantKeys: ['svc_dsc_test'],
            allowedOrigins: ['*'],
          },
        ],
      },
    });
    const job = await other.create('site', { prompt: 'Add a page', publicBaseUrl: baseUrl });
    expect(job.repository).toBe(path.join(testbed.dataDir, 'repositories', 'site'));
    await other.whenIdle();
    expect(await other.get('site', job.id)).toMatchObject({ status: 'completed', prLink: expect.stringMatching(pullRequestLinkPattern(baseUrl, 'site')) });
    expect(git(job.repository, 'ls-tree', '--name-only', '-r', 'main').trim().split('\n')).toEqual(['guide/setup.md', 'index.md']);
    expect(git(job.repository, 'ls-tree', '--name-only', '-r', job.branch).trim().split('\n')).toContain('new.md');
  });
});
