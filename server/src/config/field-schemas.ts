import { z } from 'zod/v4';

/** Prefix of every key; an admin key is `svc_` followed by anything but `dsc_`. */
const keyPrefix = 'svc_';
/** Prefix of a public assistant key (spec section 5). */
export const assistantKeyPrefix = 'svc_dsc_';

const identifierPattern = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** An id that appears in URLs (domain, organization, project); `what` names it in errors, e.g. `a domain id`. */
export const identifier = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .regex(identifierPattern, {
      error: `${what} must be letters, digits, "-" or "_" (it appears in URLs), e.g. "acme-docs"`,
    });

/** A public assistant key: `svc_dsc_` and at least 4 more characters. */
export const assistantKeySchema = z
  .string({ error: 'an assistant key must be a string' })
  .startsWith(assistantKeyPrefix, { error: `an assistant key must start with ${assistantKeyPrefix}` })
  .refine((key) => !key.startsWith(assistantKeyPrefix) || key.length >= assistantKeyPrefix.length + 4, {
    error: 'an assistant key needs at least 4 characters after svc_dsc_',
  });

/** An admin key: `svc_` and at least 4 more characters, never `svc_dsc_` (an assistant key). */
export const adminKeySchema = z
  .string({ error: 'an admin key must be a string' })
  .startsWith(keyPrefix, { error: `an admin key must start with ${keyPrefix}` })
  .refine((key) => !key.startsWith(assistantKeyPrefix), {
    error: `an admin key must not start with ${assistantKeyPrefix} (that prefix marks public assistant keys)`,
  })
  .refine((key) => !key.startsWith(keyPrefix) || key.length >= keyPrefix.length + 4, {
    error: 'an admin key needs at least 4 characters after svc_',
  });

/** A browser origin allowed to call the assistant: `*`, or a scheme and host without a path. */
export const originSchema = z.string().refine((origin) => origin === '*' || /^https?:\/\/[^/]+$/.test(origin), {
  error: 'an allowed origin is "*" or a scheme and host without a path, e.g. "https://docs.example.com"',
});

const publicUrlMessage =
  'publicUrl (or DOCENT_PUBLIC_URL) must be the http(s) address people reach this server at, without a query or fragment, e.g. "https://docs-api.example.com"';

/** An absolute http(s) URL without query or fragment; a trailing `/` is dropped. */
export const publicUrlSchema = z
  .string({ error: publicUrlMessage })
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, { error: publicUrlMessage })
  .transform((value) => value.replace(/\/+$/, ''));

/** A whole number of at least 1, with errors that say "a limit" (the fields of `limits`). */
export const positiveLimit = z
  .number({ error: 'a limit must be a number' })
  .int({ error: 'a limit must be a whole number' })
  .positive({ error: 'a limit must be at least 1' });

/** A whole number of at least 1, with errors that name the field, e.g. `threadRetentionDays`. */
export function positiveLimitOf(name: string) {
  return z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .positive({ error: `${name} must be at least 1` });
}
