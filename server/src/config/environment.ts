import { resolve } from 'node:path';

/**
 * The configuration as read, with the environment's overrides applied before validation:
 * `DOCENT_PUBLIC_URL` over `publicUrl`, `DOCENT_DATABASE_URL` and
 * `DOCENT_DATABASE_MAX_CONNECTIONS` over the file's `database`. Anything but an object is
 * returned as is, for validation to refuse.
 */
export function withEnvironmentOverrides(input: unknown, environment: NodeJS.ProcessEnv): unknown {
  const environmentPublicUrl = environment.DOCENT_PUBLIC_URL?.trim();
  const withPublicUrl =
    environmentPublicUrl && typeof input === 'object' && input !== null ? { ...input, publicUrl: environmentPublicUrl } : input;
  return withDatabaseEnvironment(withPublicUrl, environment);
}

/** `DOCENT_DATABASE_URL` and `DOCENT_DATABASE_MAX_CONNECTIONS` over the file's `database`. */
function withDatabaseEnvironment(input: unknown, environment: NodeJS.ProcessEnv): unknown {
  const url = environment.DOCENT_DATABASE_URL?.trim();
  const maxConnections = environment.DOCENT_DATABASE_MAX_CONNECTIONS?.trim();
  if ((!url && !maxConnections) || typeof input !== 'object' || input === null) return input;
  const database = { ...((input as { database?: object }).database ?? {}) } as Record<string, unknown>;
  if (url) database.url = url;
  // A bad number stays visible to validation (as NaN) rather than silently ignored.
  if (maxConnections) database.maxConnections = Number(maxConnections);
  return { ...input, database };
}

/**
 * The absolute data folder: `DOCENT_DATA_DIR` (against the current directory) wins over the
 * file's `dataDir` (already absolute), else `.docent` in the current directory.
 */
export function dataDirectoryOf(configuredDataDir: string | undefined, environment: NodeJS.ProcessEnv): string {
  const environmentDataDir = environment.DOCENT_DATA_DIR;
  if (environmentDataDir) return resolve(environmentDataDir);
  return configuredDataDir ?? resolve('.docent');
}
