import { runMigrateCommand } from '../storage/migrate-command';
import { startupFailureLine } from '../startup-error';
import { startServer, type RunningServer } from './start-server';

/**
 * `docent-server [--config path]` (or `tsx server/src/main.ts`): start, print the summary, stop cleanly on SIGINT/SIGTERM.
 * `docent-server migrate [--config path]`: apply the storage's migrations and exit.
 */
export async function main(): Promise<void> {
  if (process.argv[2] === 'migrate') {
    try {
      await runMigrateCommand(process.argv.slice(3), (line) => console.log(line));
    } catch (error) {
      console.error(startupFailureLine(error));
      process.exit(1);
    }
    return;
  }
  let running: RunningServer;
  try {
    running = await startServer({ argv: process.argv.slice(2), print: (line) => console.log(line) });
  } catch (error) {
    // One line saying what to do (no stack trace); DOCENT_DEBUG=1 adds the error itself.
    console.error(startupFailureLine(error));
    if (process.env.DOCENT_DEBUG === '1') console.error(error);
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: finishing answers in flight, then stopping (press Ctrl-C again to force)`);
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
