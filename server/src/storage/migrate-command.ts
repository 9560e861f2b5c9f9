import pg from 'pg';
import { loadConfig } from '../config';
import { applyPostgresMigrations, postgresMigrations } from './postgres/migrations';
import { openSqliteStorage } from './sqlite/sqlite-storage';
import { redactedUrl } from './storage-errors';

/**
 * `docent-server migrate [--config path]`: applies the storage's pending migrations and says
 * what it did. The server applies them at start-up anyway; this runs them ahead of a rollout
 * (PostgreSQL), under the same advisory lock, so it is safe while instances start.
 *
 * @param argv Arguments after `migrate` (e.g. `--config docent.config.json`).
 * @param print Where the one-line report goes.
 */
export async function runMigrateCommand(argv: readonly string[], print: (line: string) => void, environment: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = loadConfig({ argv, environment });
  const url = config.database.url;
  if (url === null) {
    // Opening the SQLite storage migrates it (and takes the data-folder lock: not while a server runs).
    await openSqliteStorage({ dataDir: config.dataDir }).close();
    print(`SQLite storage in ${config.dataDir} is up to date.`);
    return;
  }
  const client = new pg.Client({ connectionString: url, application_name: 'docent-server migrate' });
  await client.connect();
  try {
    const applied = await applyPostgresMigrations(client);
    const latest = postgresMigrations.at(-1)?.version ?? 0;
    print(
      applied.length === 0
        ? `PostgreSQL ${redactedUrl(url)} is up to date (schema version ${latest}).`
        : `PostgreSQL ${redactedUrl(url)}: applied migration${applied.length === 1 ? '' : 's'} ${applied.join(', ')}; now at schema version ${latest}.`,
    );
  } finally {
    await client.end();
  }
}
