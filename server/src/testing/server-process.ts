import { spawn, type ChildProcess } from 'node:child_process';
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}
