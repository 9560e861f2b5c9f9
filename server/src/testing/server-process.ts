import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A `docent-server` process started by {@link startServerProcess}. */
export interface ServerProcess {
  child: ChildProcess;
  /** Settles with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Everything it wrote so far. */
  output(): { stdout: string; stderr: string };
}

/**
 * Runs the real command line (`server/src/main.ts` through tsx) from the project root, with
 * only `PATH`, `HOME` and `environment` set, so the caller's variables cannot leak in.
 *
 * @example const server = startServerProcess([], { PORT: '0', DOCENT_DATA_DIR: folder }); await server.exited;
 */
export function startServerProcess(args: readonly string[], environment: Record<string, string>): ServerProcess {
  const child = spawnServerCommand(args, { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...environment });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/**
 * Spawns the real command line, `node --import tsx server/src/main.ts [args]`, from the project
 * root as `npm start` runs it, with exactly `environment` and stdout/stderr piped.
 *
 * @example const child = spawnServerCommand(['migrate'], { PATH: process.env.PATH ?? '' });
 */
export function spawnServerCommand(args: readonly string[], environment: NodeJS.ProcessEnv): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', ...args], {
    cwd: projectRoot,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
