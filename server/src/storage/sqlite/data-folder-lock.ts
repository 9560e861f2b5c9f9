import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** File whose OS lock marks the data folder as in use (held by SQLite, so kill -9 releases it). */
export const lockFileName = 'docent.lock';
/** File naming the process that holds the lock, for the other one's error message. */
export const lockHolderFileName = 'docent.pid';

/** Another server holds the data folder. Its message is one line saying which process and what to do. */
export class DataFolderLockedError extends Error {
  override readonly name = 'DataFolderLockedError';
}

/** A held data-folder lock; {@link release} gives it up (exiting, even by kill -9, does too). */
export interface DataFolderLock {
  release(): void;
}

/**
 * Takes the data folder for this process: one server per SQLite data folder. The lock is an
 * exclusive SQLite lock on `docent.lock` (an OS file lock underneath, so a crashed or killed
 * process never leaves it held); the holder's pid goes in `docent.pid` for the error message.
 *
 * @throws DataFolderLockedError when another process holds it.
 * @example const lock = lockDataFolder('.docent'); … lock.release();
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  // timeout 0: a held lock fails at once instead of waiting for the holder.
  const database = new Database(join(dataDir, lockFileName), { timeout: 0 });
  try {
    database.pragma('locking_mode = EXCLUSIVE');
    database.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER); BEGIN EXCLUSIVE; DELETE FROM holder; INSERT INTO holder VALUES (' + process.pid + '); COMMIT');
  } catch (error) {
    database.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new DataFolderLockedError(
      `The data folder ${dataDir} is in use by another Docent server (${describeHolder(dataDir)}); stop that server, or give this one its own folder with DOCENT_DATA_DIR (or dataDir in docent.config.json). To run several servers on shared state, use PostgreSQL (DOCENT_DATABASE_URL).`,
    );
  }
  writeFileSync(join(dataDir, lockHolderFileName), `${process.pid}\n`);
  return {
    release: () => {
      if (database.open) database.close();
    },
  };
}

function describeHolder(dataDir: string): string {
  try {
    const pid = Number.parseInt(readFileSync(join(dataDir, lockHolderFileName), 'utf8'), 10);
    return Number.isInteger(pid) ? `process ${pid}` : 'another process';
  } catch {
    return 'another process';
  }
}
