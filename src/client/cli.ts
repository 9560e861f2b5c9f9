import { createAdminClient, type AdminClient } from './admin-client.js';
import type { AgentJob, AgentSession } from './agent-types.js';
import { createAssistantClient } from './assistant-client.js';
import { parseCommandLine, usage, UsageError, type CliCommand, type CliSettings } from './cli-arguments.js';
import { startProgress, type ProgressStream } from './cli-progress.js';
import { DocentApiError, DocentTimeoutError } from './errors.js';

/** Exit codes of the `docent` CLI. */
export const exitCodes = { completed: 0, failed: 1, usage: 2, timeout: 3 } as const;

/** Where the CLI reads and writes; `process` by default. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: ProgressStream;
  environment: Record<string, string | undefined>;
}

/** The state a v1 session is in, for people. */
const sessionState = (session: AgentSession) => (session.haulted ? (session.haultReason ?? 'archived') : 'active');

function describeSession(session: AgentSession): string {
  const lines = [
    `Job ${session.sessionId}: ${sessionState(session)}`,
    `  title:        ${session.title ?? '(none yet)'}`,
    `  branch:       ${session.branch}`,
    `  pull request: ${session.pullRequestLink ?? '(none)'}`,
    `  created:      ${session.createdAt}`,
  ];
  if (session.todos.length > 0) lines.push('  todos:', ...session.todos.map((todo) => `    - ${todo.content}`));
  if (session.messageToUser) lines.push('', session.messageToUser);
  return `${lines.join('\n')}\n`;
}

const describeJob = (job: AgentJob) =>
  `Job ${job.id}: ${job.status} (${job.source.repository} from ${job.source.ref}, model ${job.model})${job.prLink ? `\n  pull request: ${job.prLink}` : ''}\n`;

const printJson = (io: CliIo, value: unknown) => io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

function requireSetting(value: string | undefined, option: string, variable: string): string {
  if (!value) throw new UsageError(`${option} is required (or set ${variable}).`);
  return value;
}

function requireKey(io: CliIo, variable: 'DOCENT_ADMIN_KEY' | 'DOCENT_ASSISTANT_KEY', kind: string): string {
  const key = io.environment[variable]?.trim();
  if (!key) throw new UsageError(`Set ${variable} to ${kind} (keys are read from the environment only).`);
  return key;
}

/** Waits for a job with a progress line, then prints the outcome; returns the exit code. */
async function waitAndReport(io: CliIo, client: AdminClient, project: string, id: string, settings: CliSettings): Promise<number> {
  const progress = startProgress(io.stderr, `Job ${id}: waiting`);
  let job: AgentJob;
  try {
    job = await client.jobs.waitFor(project, id, {
      timeoutMs: settings.timeoutMs,
      onUpdate: (update) => progress.update(`Job ${id}: ${update.status}`),
    });
  } finally {
    progress.stop();
  }
  const session = await client.jobs.getSession(project, id);
  if (settings.json) printJson(io, { job, session });
  else io.stdout.write(describeSession(session));
  return job.status === 'completed' ? exitCodes.completed : exitCodes.failed;
}

async function runJobsCommand(io: CliIo, command: Exclude<CliCommand, { kind: 'help' | 'ask' | 'eval' }>, settings: CliSettings): Promise<number> {
  const project = requireSetting(settings.project, '--project', 'DOCENT_PROJECT');
  const client = createAdminClient({ baseUrl: settings.baseUrl, apiKey: requireKey(io, 'DOCENT_ADMIN_KEY', 'an admin key (svc_…)') });
  switch (command.kind) {
    case 'jobs-list': {
      const sessions = await client.jobs.list(project);
      if (settings.json) printJson(io, { allSessions: sessions });
      else if (sessions.length === 0) io.stdout.write(`No jobs in project ${project}.\n`);
      else {
        for (const session of sessions) {
          io.stdout.write(`${session.sessionId}  ${sessionState(session).padEnd(21)}  ${session.createdAt}  ${session.title ?? ''}\n`);
        }
      }
      return exitCodes.completed;
    }
    case 'jobs-get': {
      const session = await client.jobs.getSession(project, command.id);
      if (settings.json) printJson(io, session);
      else io.stdout.write(describeSession(session));
      return exitCodes.completed;
    }
    case 'jobs-archive': {
      const job = await client.jobs.archive(project, command.id);
      if (settings.json) printJson(io, job);
      else io.stdout.write(describeJob(job));
      return exitCodes.completed;
    }
    case 'jobs-wait':
      return waitAndReport(io, client, project, command.id, settings);
    case 'jobs-create':
    case 'jobs-send': {
      const job =
        command.kind === 'jobs-create'
          ? await client.jobs.create(project, {
              prompt: command.prompt,
              ...(command.ref === undefined ? {} : { ref: command.ref }),
              ...(command.model === undefined ? {} : { model: command.model }),
            })
          : await client.jobs.sendMessage(project, command.id, command.prompt);
      if (command.wait) {
        if (!settings.json) io.stderr.write(`Job ${job.id} is ${job.status}; waiting for it to finish.\n`);
        return waitAndReport(io, client, project, job.id, settings);
      }
      if (settings.json) printJson(io, job);
      else io.stdout.write(`${describeJob(job)}Follow it with: docent jobs wait ${job.id} --project ${project}\n`);
      return exitCodes.completed;
    }
  }
}

async function runAsk(io: CliIo, command: Extract<CliCommand, { kind: 'ask' }>, settings: CliSettings): Promise<number> {
  const assistant = createAssistantClient({
    baseUrl: settings.baseUrl,
    domain: requireSetting(settings.domain, '--domain', 'DOCENT_DOMAIN'),
    apiKey: requireKey(io, 'DOCENT_ASSISTANT_KEY', 'an assistant key (svc_dsc_…)'),
  });
  const answer = assistant.ask(command.question, { version: command.version, threadId: command.threadId ?? null });
  if (settings.json) {
    printJson(io, { text: await answer.text, sources: await answer.sources, threadId: (await answer.threadId) ?? null });
    return exitCodes.completed;
  }
  for await (const delta of answer) io.stdout.write(delta);
  const sources = await answer.sources;
  io.stdout.write('\n');
  if (sources.length > 0) io.stdout.write(`\nSources:\n${sources.map((source) => `  - ${source.title ?? source.url}: ${source.url}`).join('\n')}\n`);
  const threadId = await answer.threadId;
  if (threadId) io.stdout.write(`\nThread: ${threadId} (continue with --thread-id ${threadId})\n`);
  return exitCodes.completed;
}

/**
 * `docent eval`: the runner is server code (it indexes a docs folder in this process), so it
 * comes from the reference server's package, `docent-server`, loaded only for this command: the
 * widget package never depends on it.
 */
/** The reference server's eval runner, or a usage error saying where to get it. */
async function importEvalRunner(): Promise<typeof import('docent-server/eval')> {
  try {
    return await import('docent-server/eval');
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new UsageError(
      'docent eval runs the reference server\'s retrieval, which is not installed here: run it from a Docent checkout (npm run eval, or npx docent eval there) or install the server package (npm install <checkout>/server).',
    );
  }
}

async function runEval(io: CliIo, command: Extract<CliCommand, { kind: 'eval' }>, settings: CliSettings): Promise<number> {
  const remote =
    command.url === undefined
      ? {}
      : {
          url: command.url,
          domain: requireSetting(settings.domain, '--domain', 'DOCENT_DOMAIN'),
          apiKey: requireKey(io, 'DOCENT_ASSISTANT_KEY', 'an assistant key (svc_dsc_…) of that domain'),
        };
  const { runEvalCommand, isEvalInputError } = await importEvalRunner();
  const progress = startProgress(io.stderr, `Evaluating ${command.questionsFile}`);
  try {
    await runEvalCommand({
      ...command,
      ...remote,
      environment: io.environment,
      print: (line) => io.stdout.write(`${line}\n`),
      onRun: (_run, done, total) => {
        progress.update(`Evaluating ${command.questionsFile}: ${done}/${total}`);
        // The table follows on stdout; a spinner still drawing on stderr would cut into it.
        if (done === total) progress.stop();
      },
    });
  } catch (error) {
    if (isEvalInputError(error)) throw new UsageError((error as Error).message);
    throw error;
  } finally {
    progress.stop();
  }
  return exitCodes.completed;
}

/**
 * Runs the `docent` CLI and returns its exit code: 0 completed (or done), 1 failed, archived or
 * refused by the service, 2 usage error, 3 timed out.
 *
 * @example process.exitCode = await runCli(process.argv.slice(2));
 */
export async function runCli(argv: readonly string[], io: CliIo = { stdout: process.stdout, stderr: process.stderr, environment: process.env }): Promise<number> {
  let baseUrl = '';
  try {
    const { command, settings } = parseCommandLine(argv, io.environment);
    baseUrl = settings.baseUrl;
    if (command.kind === 'help') {
      io.stdout.write(`${usage}\n`);
      return exitCodes.completed;
    }
    if (command.kind === 'eval') return await runEval(io, command, settings);
    return command.kind === 'ask' ? await runAsk(io, command, settings) : await runJobsCommand(io, command, settings);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`docent: ${error.message}\nRun "docent --help" for usage.\n`);
      return exitCodes.usage;
    }
    if (error instanceof DocentTimeoutError) {
      io.stderr.write(`docent: ${error.message}\n`);
      return exitCodes.timeout;
    }
    if (error instanceof DocentApiError) {
      io.stderr.write(`docent: ${error.message} (HTTP ${error.status}, ${error.code}${error.field ? `, field ${error.field}` : ''})\n`);
      return exitCodes.failed;
    }
    // fetch reports network failures as "fetch failed" with the reason in `cause`.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause ? ` (${cause.code ?? cause.message})` : '';
    io.stderr.write(
      error instanceof TypeError && cause
        ? `docent: could not reach ${baseUrl}${reason}: is the server running there? Set --base-url or DOCENT_BASE_URL.\n`
        : `docent: ${(error as Error).message}${reason}\n`,
    );
    return exitCodes.failed;
  }
}

/** The `docent` executable's entry point (see `bin/docent.js`). */
export async function main(): Promise<void> {
  process.exitCode = await runCli(process.argv.slice(2));
}
