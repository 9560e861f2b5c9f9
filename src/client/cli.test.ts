import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGate, promptDrivenScript, type AgentScriptFunction } from '../../server/src/agent/testing/scripted-agent-model.js';
import { agentTestKeys, startAgentTestServer, type AgentTestServer } from '../../server/src/agent/testing/agent-test-server.js';

const launcher = fileURLToPath(new URL('../../bin/docent.js', import.meta.url));

let server: AgentTestServer;
const gate = createGate();
/** Prompts starting with "hold" wait until the test ends; the rest follow the prompt-driven script. */
const script: AgentScriptFunction = async (call) => {
  if (call.lastUserText.startsWith('hold')) await gate.wait(call.abortSignal);
  return promptDrivenScript(call);
};

beforeAll(async () => {
  server = await startAgentTestServer(script);
});
afterAll(async () => {
  gate.release();
  await server.close();
});

/** Runs the real `docent` executable as a child process (asynchronously: the server runs in this process). */
function docent(args: string[], environment: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [launcher, ...args],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DOCENT_BASE_URL: server.url,
          DOCENT_ADMIN_KEY: agentTestKeys.admin,
          DOCENT_ASSISTANT_KEY: agentTestKeys.assistant,
          ...environment,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('docent CLI (run as a process)', () => {
  it('prints help, and refuses usage mistakes and keys given as arguments with exit code 2', async () => {
    const help = await docent(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('docent jobs create <prompt>');
    const keyArgument = await docent(['jobs', 'list', '--project', 'docs', '--api-key', agentTestKeys.admin]);
    expect(keyArgument.code).toBe(2);
    expect(keyArgument.stderr).toContain('shell history');
    expect(keyArgument.stdout).toBe('');
    expect((await docent(['jobs', 'frobnicate', '--project', 'docs'])).code).toBe(2);
    expect((await docent([])).code).toBe(2);
    const noKey = await docent(['jobs', 'list', '--project', 'docs'], { DOCENT_ADMIN_KEY: '' });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('DOCENT_ADMIN_KEY');
  }, 60_000);

  it('creates a job, waits for it and prints JSON; exit 0 when completed', async () => {
    const result = await docent(['jobs', 'create', 'write docs/cli.md: # CLI', '--project', 'docs', '--wait', '--json']);
    expect(result.code).toBe(0);
    const { job, session } = JSON.parse(result.stdout) as { job: Record<string, unknown>; session: Record<string, unknown> };
    expect(job).toMatchObject({ status: 'completed', prLink: expect.stringContaining('/pulls/docs/') });
    expect(session).toMatchObject({ sessionId: job.id, haultReason: 'completed', title: 'Update docs/cli.md' });
    expect(result.stderr).toBe('');

    const list = await docent(['jobs', 'list', '--project', 'docs', '--json']);
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { allSessions: { sessionId: string }[] }).allSessions[0]?.sessionId).toBe(job.id);
    const shown = await docent(['jobs', 'get', String(job.id), '--project', 'docs']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Job ${job.id}: completed`);
    expect(shown.stdout).toContain('- Write docs/cli.md');
  }, 60_000);

  it('exit 1 when the job fails or the service refuses, 3 when waiting times out', async () => {
    const failed = await docent(['jobs', 'create', 'fail', '--project', 'docs', '--wait']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain(': error');
    const missing = await docent(['jobs', 'get', 'no-such-job', '--project', 'docs']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('job_not_found');

    const held = await docent(['jobs', 'create', 'hold on', '--project', 'docs', '--json']);
    const { id } = JSON.parse(held.stdout) as { id: string };
    const timedOut = await docent(['jobs', 'wait', id, '--project', 'docs', '--timeout', '0.5']);
    expect(timedOut.code).toBe(3);
    expect(timedOut.stderr).toContain('still active');
  }, 60_000);

  it('asks the assistant and prints the answer with its sources and thread', async () => {
    const result = await docent(['ask', 'How do I install it?', '--domain', 'docs', '--json']);
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as { text: string; sources: { url: string }[]; threadId: string };
    expect(answer.text).not.toBe('');
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(answer.threadId).toEqual(expect.any(String));
    const text = await docent(['ask', 'How do I install it?', '--domain', 'docs', '--v1']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Sources:');
    expect(text.stdout).toContain('Thread: ');
  }, 60_000);

  it('evaluates a question file on a docs folder in its own process and writes the report', async () => {
    const fixtures = fileURLToPath(new URL('../../server/src/eval/fixtures/', import.meta.url));
    const folder = mkdtempSync(join(tmpdir(), 'docent-cli-eval-'));
    try {
      const report = join(folder, 'report.json');
      const result = await docent(['eval', join(fixtures, 'questions-fixture.json'), '--docs', join(fixtures, 'docs'), '--json', report]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/hit@1 +0\.67 \(2\/3\)/);
      expect(result.stdout).toMatch(/unanswerable declined +1\.00 \(1\/1\)/);
      expect((JSON.parse(readFileSync(report, 'utf8')) as { runs: unknown[] }).runs).toHaveLength(9);
      const missing = await docent(['eval', join(fixtures, 'questions-fixture.json'), '--docs', join(folder, 'absent')]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('does not exist: pass the folder of your Markdown pages with --docs');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
