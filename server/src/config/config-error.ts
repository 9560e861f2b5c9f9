import type { z } from 'zod/v4';
import { describeIssues } from '../http/validation-issue';

/** A configuration that failed validation; the message lists every bad field. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * The error for a configuration that failed validation: one line per bad field, e.g.
 * `  organizations[0].domains[0].assistantKeys[1]: an assistant key must start with svc_dsc_`,
 * under `Invalid <sourceName>:`.
 */
export function invalidConfigError(issues: readonly z.core.$ZodIssue[], sourceName: string): ConfigError {
  const lines = describeIssues(issues).map((issue) => `  ${issue.field === '' ? '(root)' : issue.field}: ${issue.message}`);
  return new ConfigError(`Invalid ${sourceName}:\n${lines.join('\n')}`);
}
