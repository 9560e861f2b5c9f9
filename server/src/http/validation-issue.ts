import type { z } from 'zod/v4';

/** One schema problem, phrased for the person who has to fix it. */
export interface ValidationIssue {
  /** Where the problem is, in JavaScript notation, e.g. `messages[0].parts[0].text`; empty for the root. */
  field: string;
  /** What is wrong and what to do about it. */
  message: string;
}

/**
 * Writes a zod issue path the way a reader would type it: `messages[0].parts[0].text`.
 *
 * @example formatIssuePath(['messages', 0, 'parts']) === 'messages[0].parts'
 */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let field = '';
  for (const segment of path) {
    if (typeof segment === 'number') field += `[${segment}]`;
    else field += field === '' ? String(segment) : `.${String(segment)}`;
  }
  return field;
}

/**
 * Turns zod issues into field/message pairs. An unknown key is reported at the key itself, so
 * `filter.versoin` is named rather than its parent `filter`.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  const described: ValidationIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const message = issue.message.startsWith('Unrecognized key') ? 'unknown field: remove it or fix its spelling' : issue.message;
        described.push({ field: formatIssuePath([...issue.path, key]), message });
      }
    } else if (issue.code === 'invalid_union' && issue.errors.length > 0 && issue.message === 'Invalid input') {
      // zod reports a failed union at its root; the closest branch's own issues say more.
      const closest = [...issue.errors].sort((left, right) => left.length - right.length)[0] ?? [];
      described.push(
        ...describeIssues(closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }))),
      );
    } else {
      described.push({ field: formatIssuePath(issue.path), message: issue.message });
    }
  }
  return described;
}
