import { parseArgs } from 'node:util';

/** The CLI's usage text (`docent --help`). */
export const usage = `Usage: docent <command> [options]

Agent jobs (admin key from DOCENT_ADMIN_KEY):
  docent jobs list                      List the project's jobs, newest first
  docent jobs get <id>                  Show a job: state, title, todos, pull request, message
  docent jobs create <prompt> [--wait]  Start a job (options --ref <ref>, --model <id>)
  docent jobs send <id> <prompt> [--wait]
                                        Send a follow-up instruction to a job
  docent jobs wait <id>                 Wait until the job is completed, failed or archived
  docent jobs archive <id>              Archive a job

Assistant (assistant key from DOCENT_ASSISTANT_KEY):
  docent ask <question>                 Ask the documentation assistant (options --thread-id <id>, --v1)

Evaluation (see "Measure answers on your own docs" in the README):
  docent eval <questions.json> --docs <folder>
                                        Run a question file against a docs folder, in this process
                                        (options --path-prefix <path>, --generator <name>)
  docent eval <questions.json> --url <base> --domain <id>
                                        Run it against a running server (key from DOCENT_ASSISTANT_KEY)
                                        Both: --json <file> (report with every answer), --verbose
                                        (list the misses), --page-size <n> (default 5)

Options:
  --base-url <url>   The API (default: DOCENT_BASE_URL, else http://127.0.0.1:4173)
  --project <id>     Project of the jobs (default: DOCENT_PROJECT)
  --domain <id>      Documentation domain to ask (default: DOCENT_DOMAIN)
  --json             Print JSON instead of text
  --timeout <secs>   How long to wait for a job (default: 600)
  -h, --help         Show this help

Keys are read only from the environment, never from arguments (those end up in shell history).

Exit codes: 0 completed (or done), 1 failed, archived or refused by the service, 2 usage error, 3 timed out.`;

/** A command-line mistake: the message is printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What the command line asked for. */
export type CliCommand =
  | { kind: 'help' }
  | { kind: 'jobs-list' }
  | { kind: 'jobs-get'; id: string }
  | { kind: 'jobs-create'; prompt: string; ref?: string; model?: string; wait: boolean }
  | { kind: 'jobs-send'; id: string; prompt: string; wait: boolean }
  | { kind: 'jobs-wait'; id: string }
  | { kind: 'jobs-archive'; id: string }
  | { kind: 'ask'; question: string; threadId?: string; version: 'v1' | 'v2' }
  | EvalCommand;

/** `docent eval`: a question file run against a docs folder (`docs`) or a running server (`url`). */
export interface EvalCommand {
  kind: 'eval';
  questionsFile: string;
  docs?: string;
  generator?: string;
  pathPrefix?: string;
  url?: string;
  /** `retrievalPageSize` sent with each question. Default: 5. */
  pageSize?: number;
  /** Where the JSON report goes. */
  jsonFile?: string;
  verbose: boolean;
}

/** Options shared by every command, with environment defaults applied. */
export interface CliSettings {
  baseUrl: string;
  project: string | undefined;
  domain: string | undefined;
  json: boolean;
  timeoutMs: number;
}

/** Options that take a value, so the command word is found after them (`docent --domain x eval …`). */
const valueOptions = new Set(['--base-url', '--project', '--domain', '--timeout', '--ref', '--model', '--thread-id', '--docs', '--url', '--generator', '--path-prefix', '--page-size']);

/** The first argument that is not an option or an option's value: the command word. */
function commandWord(argv: readonly string[]): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    if (!argument.startsWith('-')) return argument;
    if (valueOptions.has(argument)) index++;
  }
  return undefined;
}

/** Reads `docent eval …`, whose `--json` names a file (elsewhere `--json` is a switch). */
function parseEvalCommandLine(argv: readonly string[], environment: Record<string, string | undefined>): { command: CliCommand; settings: CliSettings } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        docs: { type: 'string' },
        url: { type: 'string' },
        domain: { type: 'string' },
        generator: { type: 'string' },
        'path-prefix': { type: 'string' },
        'page-size': { type: 'string' },
        json: { type: 'string' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (docent eval takes --docs, --url, --domain, --generator, --path-prefix, --page-size, --json <file>, --verbose).`);
  }
  const { values, positionals } = parsed;
  const settings: CliSettings = {
    baseUrl: values.url ?? environment.DOCENT_BASE_URL ?? 'http://127.0.0.1:4173',
    project: environment.DOCENT_PROJECT,
    domain: values.domain ?? environment.DOCENT_DOMAIN,
    json: false,
    timeoutMs: 600_000,
  };
  if (values.help) return { command: { kind: 'help' }, settings };
  const [, questionsFile, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`docent eval takes one question file, not also ${extra.map((value) => JSON.stringify(value)).join(', ')}.`);
  const usageLine = 'docent eval questions.json --docs <folder>, or --url <base> --domain <id>';
  requireText(questionsFile, `The question file (${usageLine})`);
  if ((values.docs === undefined) === (values.url === undefined)) {
    throw new UsageError(`Give either --docs (run in this process on a docs folder) or --url (a running server), not ${values.docs === undefined ? 'neither' : 'both'}: ${usageLine}.`);
  }
  if (values.url !== undefined && (values.generator !== undefined || values['path-prefix'] !== undefined)) {
    throw new UsageError('--generator and --path-prefix apply to --docs only: a running server already knows its docs.');
  }
  let pageSize: number | undefined;
  if (values['page-size'] !== undefined) {
    pageSize = Number(values['page-size']);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20) {
      throw new UsageError(`--page-size must be a whole number from 1 to 20, not ${JSON.stringify(values['page-size'])}.`);
    }
  }
  const command: EvalCommand = {
    kind: 'eval',
    questionsFile: questionsFile as string,
    ...(values.docs === undefined ? {} : { docs: values.docs }),
    ...(values.url === undefined ? {} : { url: values.url }),
    ...(values.generator === undefined ? {} : { generator: values.generator }),
    ...(values['path-prefix'] === undefined ? {} : { pathPrefix: values['path-prefix'] }),
    ...(pageSize === undefined ? {} : { pageSize }),
    ...(values.json === undefined ? {} : { jsonFile: values.json }),
    verbose: values.verbose,
  };
  return { command, settings };
}

/** Flags that would put a key on the command line; refused with an explanation. */
const keyFlags = /^--(api-?key|admin-?key|assistant-?key|key|token)(=|$)/i;

/** Why key flags are refused. */
export const keyArgumentMessage =
  'keys are not taken as arguments: a command line is saved in your shell history and visible to other users in the ' +
  'process list. Set DOCENT_ADMIN_KEY (for jobs) or DOCENT_ASSISTANT_KEY (for ask) in the environment instead, ' +
  'e.g. from your CI secrets.';

const requireText = (value: string | undefined, what: string): string => {
  if (value === undefined || value.trim() === '') throw new UsageError(`${what} is missing.`);
  return value;
};

/**
 * Reads the command line.
 * @throws UsageError naming what is wrong.
 */
export function parseCommandLine(argv: readonly string[], environment: Record<string, string | undefined>): {
  command: CliCommand;
  settings: CliSettings;
} {
  const keyFlag = argv.find((argument) => keyFlags.test(argument));
  if (keyFlag) throw new UsageError(keyArgumentMessage);
  if (commandWord(argv) === 'eval') return parseEvalCommandLine(argv, environment);
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        'base-url': { type: 'string' },
        project: { type: 'string' },
        domain: { type: 'string' },
        json: { type: 'boolean', default: false },
        timeout: { type: 'string' },
        ref: { type: 'string' },
        model: { type: 'string' },
        wait: { type: 'boolean', default: false },
        'thread-id': { type: 'string' },
        v1: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const timeoutSeconds = values.timeout === undefined ? 600 : Number(values.timeout);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
    throw new UsageError(`--timeout must be a number of seconds above 0, not ${JSON.stringify(values.timeout)}.`);
  }
  const settings: CliSettings = {
    baseUrl: values['base-url'] ?? environment.DOCENT_BASE_URL ?? 'http://127.0.0.1:4173',
    project: values.project ?? environment.DOCENT_PROJECT,
    domain: values.domain ?? environment.DOCENT_DOMAIN,
    json: values.json,
    timeoutMs: timeoutSeconds * 1000,
  };
  const [group, action, first, second, ...extra] = positionals;
  if (values.help || group === 'help') return { command: { kind: 'help' }, settings };
  if (group === undefined) throw new UsageError('No command given: use "docent jobs …", "docent ask …" or "docent eval …".');

  const expectCount = (count: number) => {
    if (extra.length > 0 || (count < 2 && second !== undefined) || (count < 1 && first !== undefined)) {
      throw new UsageError(`Too many arguments for "docent ${group} ${action}"; put a prompt with spaces in quotes.`);
    }
  };
  if (group === 'ask') {
    if (second !== undefined || extra.length > 0 || first !== undefined) {
      throw new UsageError('Put the question in quotes: docent ask "How do I change the theme?"');
    }
    return {
      command: {
        kind: 'ask',
        question: requireText(action, 'The question (docent ask "…")'),
        ...(values['thread-id'] === undefined ? {} : { threadId: values['thread-id'] }),
        version: values.v1 ? 'v1' : 'v2',
      },
      settings,
    };
  }
  if (group !== 'jobs') throw new UsageError(`Unknown command "${group}".`);
  switch (action) {
    case 'list':
      expectCount(0);
      return { command: { kind: 'jobs-list' }, settings };
    case 'get':
    case 'wait':
    case 'archive':
      expectCount(1);
      return { command: { kind: `jobs-${action}`, id: requireText(first, 'The job id') }, settings };
    case 'create':
      expectCount(1);
      return {
        command: {
          kind: 'jobs-create',
          prompt: requireText(first, 'The prompt (docent jobs create "…")'),
          ...(values.ref === undefined ? {} : { ref: values.ref }),
          ...(values.model === undefined ? {} : { model: values.model }),
          wait: values.wait,
        },
        settings,
      };
    case 'send':
      expectCount(2);
      return {
        command: {
          kind: 'jobs-send',
          id: requireText(first, 'The job id'),
          prompt: requireText(second, 'The prompt (docent jobs send <id> "…")'),
          wait: values.wait,
        },
        settings,
      };
    default:
      throw new UsageError(action === undefined ? 'Which jobs command? list, get, create, send, wait or archive.' : `Unknown jobs command "${action}".`);
  }
}
