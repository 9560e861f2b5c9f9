import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { spawnServerCommand } from '../../testing/server-process';

/** What {@link startServerProcess} needs. */
export interface ServerProcessOptions {
  /** `docent.config.json` to start with (`--config`). Default: the embedded demo configuration. */
  configPath?: string;
  /** Variables added to this process's environment, e.g. `DOCENT_DATABASE_URL`, `DOCENT_DATA_DIR`. */
  environment?: Record<string, string>;
  /** How long to wait for "Docent is serving on …". Default: 60 s (three cold starts share two cores). */
  startTimeoutMilliseconds?: number;
}

/** A `docent-server` running as a child process (`node --import tsx server/src/main.ts`). */
export interface ServerProcess {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The child's process id (job claims name it: `host:pid:suffix`). */
  pid: number;
  /** Every line it printed so far, stdout and stderr together, in order. */
  readonly lines: string[];
  /** The JSON log lines it printed so far, parsed. */
  logEntries(): Record<string, unknown>[];
  /** Settles once the process has exited. */
  readonly exited: Promise<void>;
  /** Sends SIGKILL (no clean-up at all, like a crashed machine) and waits for the exit. */
  kill(): Promise<void>;
  /** Sends SIGTERM (a clean stop) and waits for the exit. Safe to call after it exited. */
  stop(): Promise<void>;
}

/**
 * Starts the real server in a child process on a free port (`PORT=0`) and resolves with its
 * address once it listens.
 *
 * @throws Error with the child's output when it exits or stays silent before listening.
 * @example const server = await startServerProcess({ environment: { DOCENT_DATABASE_URL: url } }); … await server.stop();
 */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const args = options.configPath ? ['--config', options.configPath] : [];
  const child = spawnServerCommand(args, { ...process.env, HOST: '127.0.0.1', PORT: '0', ...options.environment });
  const lines: string[] = [];
  const exited = once(child, 'exit').then(() => undefined);
  let announce: (url: string) => void = () => undefined;
  const listening = new Promise<string>((resolve) => (announce = resolve));
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      pending += chunk;
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete) {
        lines.push(line);
        const serving = /^Docent is serving on (\S+)/.exec(line);
        if (serving?.[1]) announce(serving[1]);
      }
    });
  }
  const timeout = options.startTimeoutMilliseconds ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const url = await Promise.race([
    listening,
    exited.then(() => Promise.reject(new Error(`the server process exited before listening:\n${lines.join('\n')}`))),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the server process did not listen within ${timeout} ms:\n${lines.join('\n')}`)), timeout);
    }),
  ]).catch(async (error: unknown) => {
    await signal(child, 'SIGKILL', exited);
    throw error;
  }).finally(() => clearTimeout(timer));
  return {
    url,
    pid: child.pid as number,
    lines,
    logEntries: () => lines.flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : [])),
    exited,
    kill: () => signal(child, 'SIGKILL', exited),
    stop: () => signal(child, 'SIGTERM', exited),
  };
}

async function signal(child: ChildProcess, name: NodeJS.Signals, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill(name);
  await exited;
}
