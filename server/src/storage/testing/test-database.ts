import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A database made for one test run; `drop` removes it (and nothing else). */
export interface TestDatabase {
  /** Connection URL of the new, empty database. */
  url: string;
  drop(): Promise<void>;
}

/** The local server the issue promises developers and CI (trust authentication). */
const localServerUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

let serverUrl: Promise<string> | undefined;

/**
 * Creates a fresh PostgreSQL database with a unique name, so test runs never share state.
 * The server is `DOCENT_TEST_DATABASE_URL` when set (a URL to a database on it, with the right
 * to create databases), else the local one on 127.0.0.1:5432 if it answers, else a throwaway
 * cluster started from the installed `initdb`/`pg_ctl` in a temporary folder (stopped when the
 * process exits). Never a mock.
 *
 * @throws Error saying what to install or set when no PostgreSQL can be found or started.
 * @example const database = await createTestDatabase(); … await database.drop();
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  serverUrl ??= findServer();
  const server = await serverUrl;
  const name = `docent_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(server, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(server, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await withClient(url, (client) => client.query('SELECT 1'));
    return true;
  } catch {
    return false;
  }
}

async function findServer(): Promise<string> {
  const configured = process.env.DOCENT_TEST_DATABASE_URL?.trim();
  if (configured) return configured;
  if (await answers(localServerUrl)) return localServerUrl;
  return startThrowawayCluster();
}

/** `initdb` and `pg_ctl` of the newest PostgreSQL installed from Debian's packages. */
function postgresBinaries(): { initdb: string; pgCtl: string } | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((first, second) => Number(second) - Number(first));
  for (const version of versions) {
    const initdb = join(root, version, 'bin', 'initdb');
    const pgCtl = join(root, version, 'bin', 'pg_ctl');
    if (existsSync(initdb) && existsSync(pgCtl)) return { initdb, pgCtl };
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a PostgreSQL cluster of its own in a temporary folder, on a free loopback port, with the
 * installed `initdb`/`pg_ctl` (as the `postgres` user when running as root); it is stopped and
 * removed when the process exits.
 * @returns the URL of its `postgres` database.
 */
export async function startThrowawayCluster(): Promise<string> {
  const binaries = postgresBinaries();
  if (!binaries) {
    throw new Error(
      'No PostgreSQL for the storage tests: set DOCENT_TEST_DATABASE_URL, start one on 127.0.0.1:5432, or install it (apt-get install -y postgresql).',
    );
  }
  const folder = mkdtempSync(join(tmpdir(), 'docent-postgres-'));
  const dataFolder = join(folder, 'data');
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, parameters: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...parameters]] : [command, parameters];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout || result.error?.message}`);
  };
  if (asRoot) {
    const user = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (user.status !== 0) throw new Error('Running as root with no `postgres` user to own a throwaway PostgreSQL cluster; set DOCENT_TEST_DATABASE_URL.');
    chmodSync(folder, 0o755);
    chownSync(folder, Number(user.stdout), Number(group.stdout));
  }
  const port = await freePort();
  run(binaries.initdb, ['-D', dataFolder, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  run(binaries.pgCtl, ['-D', dataFolder, '-w', '-l', join(folder, 'log'), '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  process.once('exit', () => {
    // Synchronous: an exit handler cannot wait for anything.
    try {
      const stop = [binaries.pgCtl, '-D', dataFolder, '-m', 'immediate', 'stop'];
      if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', ...stop], { stdio: 'ignore' });
      else execFileSync(stop[0] as string, stop.slice(1), { stdio: 'ignore' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}
