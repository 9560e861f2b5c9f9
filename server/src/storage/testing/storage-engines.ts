import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { openPostgresStorage } from '../postgres/postgres-storage';
import { openSqliteStorage } from '../sqlite/sqlite-storage';
import type { Storage, StorageEngine } from '../storage';
import { createTestDatabase, type TestDatabase } from './test-database';

/*
 * The engines the storage contract runs on. PostgreSQL runs on a database created for the test
 * file (see test-database.ts) and emptied before each test; "another instance" is a second
 * storage with its own pool on the same database. SQLite gets one in-memory database per test,
 * and a second "instance" is the same storage (one process per file).
 */

/** One engine under test. */
export interface EngineUnderTest {
  name: StorageEngine;
  setUp(): Promise<void>;
  /** A storage on the engine's (shared) database, empty at the first call of each test. */
  open(clock: () => number): Promise<Storage>;
  /** Starts the next test on an empty database. */
  reset(): void;
  tearDown(): Promise<void>;
}

/** Every table the storage writes, emptied before each PostgreSQL test. */
const tables = 'threads, thread_messages, rate_limit_counters, agent_jobs, agent_prompts, agent_todos, local_pull_requests';

function sqliteEngine(): EngineUnderTest {
  let shared: Storage | undefined;
  return {
    name: 'sqlite',
    setUp: async () => undefined,
    open: async (clock) => (shared ??= openSqliteStorage({ dataDir: ':memory:', clock })),
    reset: () => (shared = undefined),
    tearDown: async () => undefined,
  };
}

function postgresEngine(): EngineUnderTest {
  let database: TestDatabase | undefined;
  let fresh = true;
  return {
    name: 'postgres',
    setUp: async () => {
      database = await createTestDatabase();
    },
    open: async (clock) => {
      const storage = await openPostgresStorage({ url: (database as TestDatabase).url, clock, maxConnections: 4 });
      if (fresh) {
        fresh = false;
        await storage.pool.query(`TRUNCATE ${tables}`);
      }
      return storage;
    },
    reset: () => (fresh = true),
    tearDown: async () => database?.drop(),
  };
}

/** Fresh engines for one test file (for `describe.each`): SQLite, then PostgreSQL. */
export function storageEngines(): EngineUnderTest[] {
  return [sqliteEngine(), postgresEngine()];
}

/** The storages' clock in a contract test: set `now` (ms) to move time. */
export interface ContractClock {
  now: number;
}

/** Where every contract test's clock starts. */
export const contractStart = Date.UTC(2025, 1, 14, 13);

/**
 * Registers the hooks of a contract `describe` on `engine` (database set up once, emptied and
 * the clock set to {@link contractStart} before each test, storages closed after it).
 * @returns `open` (a storage on the engine; call again for "another instance") and the clock.
 */
export function useStorageEngine(engine: EngineUnderTest): { open: () => Promise<Storage>; clock: ContractClock } {
  const clock: ContractClock = { now: contractStart };
  const opened: Storage[] = [];
  beforeAll(() => engine.setUp(), 60_000);
  afterAll(() => engine.tearDown());
  beforeEach(() => {
    clock.now = contractStart;
    engine.reset();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((storage) => storage.close()));
  });
  const open = async () => {
    const storage = await engine.open(() => clock.now);
    if (!opened.includes(storage)) opened.push(storage);
    return storage;
  };
  return { open, clock };
}
