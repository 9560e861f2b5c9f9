import { describe, expect, test } from 'vitest';
import { ConfigError, defaultConfig, parseConfig } from '../config';

describe('storage settings in the configuration', () => {
  test('defaults: SQLite, 30 days of retention, thread limits, a 30 s job lease', () => {
    const config = parseConfig(defaultConfig, { environment: {} });
    expect(config.database).toEqual({ url: null, maxConnections: 10 });
    expect(config.threadRetentionDays).toBe(30);
    expect(config.threadLimits).toEqual({ maxMessages: 1_000, maxBytes: 2_000_000 });
    expect(config.jobLeaseSeconds).toBe(30);
  });

  test('DOCENT_DATABASE_URL and DOCENT_DATABASE_MAX_CONNECTIONS override the file', () => {
    const config = parseConfig(
      { ...defaultConfig, database: { url: 'postgres://file@db/docent', maxConnections: 4 } },
      { environment: { DOCENT_DATABASE_URL: 'postgresql://env@db:5432/docent', DOCENT_DATABASE_MAX_CONNECTIONS: '20' } },
    );
    expect(config.database).toEqual({ url: 'postgresql://env@db:5432/docent', maxConnections: 20 });
  });

  test('a bad URL or pool size names the field and the fix', () => {
    const message = (input: object, environment: NodeJS.ProcessEnv = {}) => {
      try {
        parseConfig({ ...defaultConfig, ...input }, { environment });
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      throw new Error('expected a ConfigError');
    };
    expect(message({ database: { url: 'mysql://db/docent' } })).toContain('database.url: database.url (or DOCENT_DATABASE_URL) must be a PostgreSQL connection URL');
    expect(message({}, { DOCENT_DATABASE_URL: 'postgres://db/docent', DOCENT_DATABASE_MAX_CONNECTIONS: 'many' })).toContain('database.maxConnections');
    expect(message({ threadLimits: { maxMessages: 0 } })).toContain('threadLimits.maxMessages must be at least 1');
  });
});
