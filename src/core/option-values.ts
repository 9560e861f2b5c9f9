/**
 * Readers for single option values. Each takes what a host gave (a typed JS value or the string
 * of a `data-*` attribute) and returns the value or a reason it is not acceptable; `options.ts`
 * turns the reasons into warnings naming the option.
 */

/** A parsed value, or why the input was refused (phrased to follow "<option name> "). */
export type ValueResult<T> = { value: T } | { problem: string };

const quote = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** A boolean from `true`/`false`, `"true"`/`"false"`, or `""` (a bare attribute, meaning true). */
export function readBoolean(value: unknown): ValueResult<boolean> {
  if (typeof value === 'boolean') return { value };
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === '' || text === 'true') return { value: true };
    if (text === 'false') return { value: false };
  }
  return { problem: `must be true or false, got ${quote(value)}` };
}

/** A non-empty string (numbers are accepted and stringified). */
export function readString(value: unknown): ValueResult<string> {
  if (typeof value === 'number' && Number.isFinite(value)) return { value: String(value) };
  if (typeof value === 'string' && value.trim() !== '') return { value: value.trim() };
  return { problem: `must be a non-empty string, got ${quote(value)}` };
}

/** An integer in `[minimum, maximum]`, from a number or a numeric string. */
export function readInteger(value: unknown, minimum: number, maximum: number): ValueResult<number> {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number === 'number' && Number.isInteger(number) && number >= minimum && number <= maximum) {
    return { value: number };
  }
  return { problem: `must be a whole number from ${minimum} to ${maximum}, got ${quote(value)}` };
}

/** One of `allowed`, case-insensitive. */
export function readChoice<T extends string>(value: unknown, allowed: readonly T[]): ValueResult<T> {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : value;
  const match = allowed.find((choice) => choice === text);
  if (match !== undefined) return { value: match };
  return { problem: `must be one of ${allowed.map((choice) => `"${choice}"`).join(', ')}, got ${quote(value)}` };
}

/** A value that may arrive as JSON text (from a `data-*` attribute) or as the value itself. */
export function readJson(value: unknown): ValueResult<unknown> {
  if (typeof value !== 'string') return { value };
  try {
    return { value: JSON.parse(value) as unknown };
  } catch (error) {
    return { problem: `is not valid JSON (${(error as Error).message}), got ${quote(value)}` };
  }
}

/** A plain JSON object (or null), possibly given as JSON text. */
export function readObject(value: unknown): ValueResult<Record<string, unknown> | null> {
  const parsed = readJson(value);
  if ('problem' in parsed) return parsed;
  if (parsed.value === null) return { value: null };
  if (typeof parsed.value === 'object' && !Array.isArray(parsed.value)) {
    return { value: parsed.value as Record<string, unknown> };
  }
  return { problem: `must be a JSON object, got ${quote(value)}` };
}

/** An array of non-empty strings, possibly given as JSON text. */
export function readStringList(value: unknown): ValueResult<string[]> {
  const parsed = readJson(value);
  if ('problem' in parsed) return parsed;
  if (Array.isArray(parsed.value) && parsed.value.every((entry) => typeof entry === 'string' && entry.trim() !== '')) {
    return { value: (parsed.value as string[]).map((entry) => entry.trim()) };
  }
  return { problem: `must be a JSON array of strings, got ${quote(value)}` };
}

/**
 * A CSS value for a custom property. In a browser `CSS.supports(property, value)` decides;
 * elsewhere only characters that could end the declaration are refused.
 */
export function readCssValue(value: unknown, property: string): ValueResult<string> {
  const text = readString(value);
  if ('problem' in text) return text;
  if (/[;{}<>\\]/.test(text.value)) return { problem: `is not a valid CSS ${property} value, got ${quote(value)}` };
  const css = (globalThis as { CSS?: { supports?: (property: string, value: string) => boolean } }).CSS;
  if (typeof css?.supports === 'function' && !css.supports(property, text.value)) {
    return { problem: `is not a valid CSS ${property} value, got ${quote(value)}` };
  }
  return text;
}

/** An http(s) base URL, resolved against the page; trailing slashes removed. */
export function readBaseUrl(value: unknown, pageHref: string | undefined): ValueResult<string> {
  const text = readString(value);
  if ('problem' in text) return text;
  let url: URL;
  try {
    url = new URL(text.value, pageHref);
  } catch {
    return { problem: `must be an absolute http(s) URL such as "https://api.example.com", got ${quote(value)}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { problem: `must be an http(s) URL, got ${quote(value)}` };
  }
  return { value: `${url.origin}${url.pathname}`.replace(/\/+$/, '') };
}

/** Whether a CSS selector is valid (always true where there is no DOM to ask). */
export function isValidSelector(selector: string): boolean {
  if (typeof document === 'undefined') return true;
  try {
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
}
