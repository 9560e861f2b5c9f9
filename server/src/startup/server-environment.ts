import { ConfigError } from '../config';

/**
 * Reads `PORT`: a whole number from 0 to 65535; `undefined` when unset or blank.
 *
 * @throws ConfigError naming the bad value, so start-up stops with one line.
 */
export function portFrom(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not ${JSON.stringify(value)}`);
  }
  return port;
}

/**
 * `DOCENT_SHUTDOWN_DRAIN_SECONDS` in milliseconds; `undefined` when unset or blank.
 *
 * @throws ConfigError unless it is a number of seconds from 0 to 3600.
 */
export function drainPeriodFrom(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 3_600) {
    throw new ConfigError(`DOCENT_SHUTDOWN_DRAIN_SECONDS must be a number of seconds from 0 to 3600, not ${JSON.stringify(value)}`);
  }
  return Math.round(seconds * 1_000);
}

/**
 * Checks `DOCENT_PARSE_THREADS` (read by the parse pool, `ingest/parse-pool.ts`): a whole number
 * from 0 to 16, or unset.
 *
 * @throws ConfigError naming the bad value, so start-up stops with one line.
 */
export function checkParseThreads(value: string | undefined): void {
  if (value === undefined || value.trim() === '') return;
  if (!/^\d+$/.test(value.trim()) || Number(value) > 16) {
    throw new ConfigError(`DOCENT_PARSE_THREADS must be a whole number of worker threads from 0 (none) to 16, not ${JSON.stringify(value)}`);
  }
}
