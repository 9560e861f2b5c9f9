import { symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { agentTestKeys, startAgentTestServer, type AgentTestServer } from './testing/agent-test-server';
import type { AgentScriptFunction } from './testing/scripted-agent-model';
import { git } from './testing/temporary-repository';

let server: AgentTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The tool calls the scripted agent makes, one per step, then it reports. */
const probes: { toolName: string; input: Record<string, unknown> }[] = [
  { toolName: 'read_file', input: { path: 'gitlink' } },
  { toolName: 'list_files', input: { path: 'gitlink' } },
  { toolName: 'read_file', input: { path: 'system/passwd' } },
  { toolName: 'read_file', input: { path: 'passwd' } },
  { toolName: 'write_file', input: { path: 'gitlink/config', content: '[core]\n' } },
  { toolName: 'write_file', input: { path: 'docs/index.md/child.md', content: '# Child\n' } },
  { toolName: 'read_file', input: { path: 'docs/missing.md' } },
];

async function runProbes(): Promise<string> {
  let seen = '';
  const script: AgentScriptFunction = ({ stepInRun, prompt }) => {
    const probe = probes[stepInRun];
    if (probe) return { toolCalls: [probe] };
    // The last call's prompt holds every tool result exactly as the model receives them.
    seen = JSON.stringify(prompt.filter((message) => message.role === 'tool'));
    return { text: 'Probed.' };
  };
  server = await startAgentTestServer(script);
  const repository = server.repository.path;
  // Committed links, so the job's worktree (a real `git worktree`) has them too.
  symlinkSync('.git', path.join(repository, 'gitlink'));
  symlinkSync('/etc', path.join(repository, 'system'));
  symlinkSync('/etc/passwd', path.join(repository, 'passwd'));
  git(repository, 'add', '--all');
  git(repository, 'commit', '--quiet', '--no-gpg-sign', '-m', 'Links');

  const headers = { authorization: `Bearer ${agentTestKeys.admin}`, 'content-type': 'application/json' };
  const created = await fetch(`${server.url}/v2/agent/docs/job`, { method: 'POST', headers, body: JSON.stringify({ prompt: 'Probe the links' }) });
  const job = (await created.json()) as { id: string };
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await fetch(`${server.url}/v2/agent/docs/job/${job.id}`, { headers });
    const body = (await response.json()) as { status: string };
    if (body.status !== 'active') {
      expect(body.status).toBe('completed');
      return seen;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the probing job stayed active');
}

describe('the agent sandbox, over HTTP on a real git worktree', () => {
  it('refuses links into .git and out of the workspace, and shows the model no absolute server path', async () => {
    const results = await runProbes();
    expect(results).toContain('\\"gitlink\\" is a symbolic link into .git');
    expect(results).toContain('\\"system/passwd\\" goes through a symbolic link that leads outside the repository');
    expect(results).toContain('\\"passwd\\" goes through a symbolic link that leads outside the repository');
    expect(results).toContain('\\"gitlink/config\\" is a symbolic link into .git');
    expect(results).toContain('\\"docs/index.md/child.md\\" goes through a file as if it were a folder');
    expect(results).toContain('\\"docs/missing.md\\" does not exist');
    // Nothing of .git's content (the worktree's `gitdir:` line) and no absolute path of the server.
    expect(results).not.toContain('gitdir');
    expect(results).not.toContain('root:');
    expect(results).not.toContain(server!.repository.path);
    expect(results).not.toContain(tmpdir());
    expect(git(server!.repository.path, 'status', '--porcelain')).toBe('');
  });
});
