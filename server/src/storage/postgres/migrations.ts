import pg from 'pg';

/** One versioned step of the PostgreSQL schema. Released steps are never edited: append a new one. */
export interface PostgresMigration {
  version: number;
  name: string;
  sql: string;
}

/** The schema, in order. */
export const postgresMigrations: readonly PostgresMigration[] = [
  {
    version: 1,
    name: 'threads, rate-limit counters, agent jobs',
    sql: `
      CREATE TABLE threads (
        id TEXT PRIMARY KEY,
        domain TEXT NOT NULL,
        fp TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        message_count INTEGER NOT NULL DEFAULT 0,
        byte_count BIGINT NOT NULL DEFAULT 0
      );
      CREATE INDEX threads_by_updated ON threads (updated_at);
      CREATE TABLE thread_messages (
        id BIGSERIAL PRIMARY KEY,
        thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        text TEXT NOT NULL,
        current_path TEXT,
        context TEXT,
        created_at BIGINT NOT NULL,
        bytes INTEGER NOT NULL
      );
      -- bytes in the index: a follow-up picks the messages within its budget from the index alone.
      CREATE INDEX thread_messages_by_thread ON thread_messages (thread_id, id, bytes);
      CREATE TABLE rate_limit_counters (
        bucket TEXT NOT NULL,
        window_start BIGINT NOT NULL,
        window_end BIGINT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (bucket, window_start)
      );
      CREATE INDEX rate_limit_counters_by_end ON rate_limit_counters (window_end);
      CREATE TABLE agent_jobs (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'completed', 'archived', 'failed')),
        repository TEXT NOT NULL,
        ref TEXT NOT NULL,
        branch TEXT NOT NULL,
        model TEXT NOT NULL,
        title TEXT,
        message_to_user TEXT,
        halt_reason TEXT CHECK (halt_reason IN ('completed', 'github_missconfigured', 'error')),
        pr_link TEXT,
        user_id TEXT,
        public_base_url TEXT NOT NULL,
        conversation TEXT NOT NULL DEFAULT '[]',
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        archived_at BIGINT,
        sequence BIGSERIAL,
        claimed_by TEXT,
        lease_until BIGINT
      );
      CREATE INDEX agent_jobs_by_project ON agent_jobs (project_id, created_at DESC, sequence DESC);
      CREATE INDEX agent_jobs_claimable ON agent_jobs (created_at, sequence) WHERE status = 'active';
      CREATE TABLE agent_prompts (
        id BIGSERIAL PRIMARY KEY,
        job_id TEXT NOT NULL REFERENCES agent_jobs(id) ON DELETE CASCADE,
        prompt TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'running', 'done')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX agent_prompts_by_job ON agent_prompts (job_id, state, id);
      CREATE TABLE agent_todos (
        job_id TEXT NOT NULL REFERENCES agent_jobs(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        id TEXT NOT NULL,
        content TEXT NOT NULL,
        status TEXT NOT NULL,
        PRIMARY KEY (job_id, position)
      );`,
  },
  {
    version: 2,
    name: 'rate limits charged all-or-none in one round trip',
    // Each counter is an atomic upsert (its row stays locked until the end of the statement's
    // transaction); if any passed its limit, the inner block's exception undoes every increment.
    sql: `
      CREATE FUNCTION docent_consume_rate_limits(buckets TEXT[], starts BIGINT[], ends BIGINT[], limits INTEGER[])
      RETURNS TABLE (rule_index INTEGER, counted INTEGER, allowed BOOLEAN)
      LANGUAGE plpgsql AS $$
      DECLARE
        counts INTEGER[] := ARRAY[]::INTEGER[];
        current_count INTEGER;
        refused BOOLEAN := false;
      BEGIN
        BEGIN
          FOR i IN 1 .. array_length(buckets, 1) LOOP
            INSERT INTO rate_limit_counters AS counter (bucket, window_start, window_end, count)
              VALUES (buckets[i], starts[i], ends[i], 1)
              ON CONFLICT (bucket, window_start) DO UPDATE SET count = counter.count + 1
              RETURNING counter.count INTO current_count;
            counts := counts || current_count;
            IF current_count > limits[i] THEN refused := true; END IF;
          END LOOP;
          IF refused THEN RAISE EXCEPTION 'docent rate limit reached' USING ERRCODE = 'P0001'; END IF;
        EXCEPTION WHEN raise_exception THEN
          refused := true;
        END;
        RETURN QUERY SELECT i, CASE WHEN refused THEN counts[i] - 1 ELSE counts[i] END, NOT refused
          FROM generate_series(1, array_length(buckets, 1)) AS i;
      END;
      $$;`,
  },
  {
    version: 3,
    name: 'pull requests of the built-in code host, shared by every instance',
    sql: `
      CREATE TABLE local_pull_requests (
        project_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        access_key TEXT NOT NULL,
        job_id TEXT NOT NULL,
        branch TEXT NOT NULL,
        base_ref TEXT NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        files TEXT NOT NULL,
        diff TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (project_id, number),
        UNIQUE (project_id, branch),
        UNIQUE (project_id, access_key)
      );`,
  },
];

/** The database was migrated by a newer Docent than this one; running would misread its tables. */
export class DatabaseNewerThanCodeError extends Error {
  override readonly name = 'DatabaseNewerThanCodeError';
}

// Fixed key of the advisory lock under which migrations run (any bigint unique to Docent).
const migrationLockKey = 7_202_611_240_012;

/**
 * Applies the migrations this database lacks, each in its own transaction, under an advisory
 * lock, so instances starting together migrate once and the others wait and find it done.
 *
 * @param client A connected client (held for the whole run: the lock is the session's).
 * @returns the versions applied now (empty when the schema was current).
 * @throws DatabaseNewerThanCodeError when the database has a version this code does not know.
 */
export async function applyPostgresMigrations(client: pg.ClientBase): Promise<number[]> {
  await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS docent_schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
    const result = await client.query<{ version: number }>('SELECT version FROM docent_schema_migrations');
    const applied = new Set(result.rows.map((row) => row.version));
    const latest = postgresMigrations.at(-1)?.version ?? 0;
    const newest = Math.max(0, ...applied);
    if (newest > latest) {
      throw new DatabaseNewerThanCodeError(
        `The PostgreSQL database is at schema version ${newest}, newer than this Docent server knows (${latest}); upgrade docent-server, or point DOCENT_DATABASE_URL at another database.`,
      );
    }
    const appliedNow: number[] = [];
    for (const migration of postgresMigrations) {
      if (applied.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO docent_schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      appliedNow.push(migration.version);
    }
    return appliedNow;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]);
  }
}
