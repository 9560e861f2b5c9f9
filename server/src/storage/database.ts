import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** An open SQLite database (better-sqlite3). */
export type DocentDatabase = Database.Database;

/** File name of the database inside the data folder. */
export const databaseFileName = 'docent.sqlite';

/**
 * Opens (creating if needed) `docent.sqlite` in the data folder, in WAL mode so readers never
 * wait for the writer, with foreign keys on.
 *
 * @param dataDir Folder for the file; created when missing. Pass `':memory:'` for a throwaway database.
 * @example const database = openDatabase('.docent'); … database.close();
 */
export function openDatabase(dataDir: string): DocentDatabase {
  if (dataDir === ':memory:') return configure(new Database(':memory:'));
  mkdirSync(dataDir, { recursive: true });
  return configure(new Database(join(dataDir, databaseFileName)));
}

function configure(database: DocentDatabase): DocentDatabase {
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  // Bounded: better-sqlite3 waits synchronously, so a long wait would stall every request.
  database.pragma('busy_timeout = 1000');
  database.exec(`CREATE TABLE IF NOT EXISTS migrations (
    module TEXT NOT NULL,
    step INTEGER NOT NULL,
    applied_at INTEGER NOT NULL,
    PRIMARY KEY (module, step)
  )`);
  return database;
}

/**
 * Brings one module's tables up to date. Each module owns an append-only list of SQL
 * statements; those not yet recorded for `moduleName` in the `migrations` table run in order,
 * each in its own transaction. Never edit or reorder a released statement: append a new one.
 *
 * @param database The open database.
 * @param moduleName A stable name for the module, e.g. `threads` or `agent-jobs`.
 * @param statements SQL statements, applied once each, in order.
 * @example applyMigrations(database, 'agent-jobs', ['CREATE TABLE jobs (id TEXT PRIMARY KEY)']);
 */
export function applyMigrations(database: DocentDatabase, moduleName: string, statements: readonly string[]): void {
  const applied = database
    .prepare('SELECT COUNT(*) AS count FROM migrations WHERE module = ?')
    .get(moduleName) as { count: number };
  if (applied.count > statements.length) {
    throw new Error(
      `The database in this data folder was migrated by a newer Docent ("${moduleName}" is at step ${applied.count}, this version knows ${statements.length}); upgrade docent-server, or use another data folder.`,
    );
  }
  const record = database.prepare('INSERT INTO migrations (module, step, applied_at) VALUES (?, ?, ?)');
  statements.slice(applied.count).forEach((statement, offset) => {
    database.transaction(() => {
      database.exec(statement);
      record.run(moduleName, applied.count + offset, Date.now());
    })();
  });
}
