/** Texts at least this long are worth remembering what was read from them (see {@link longTextCache}). */
export const longTextLength = 20_000;

/**
 * Remembers what `read` makes of the last `size` long texts (at least {@link longTextLength}
 * characters), the oldest forgotten first; a shorter text is read every time. A long section (a
 * changelog, a table of two thousand plugins) is met by question after question, and reading it
 * again each time made every answer that retrieved it slow. What is remembered is shared: callers
 * read it and do not change it.
 *
 * @example const termsOf = longTextCache(64, (text) => new Set(textTerms(text)));
 */
export function longTextCache<T>(size: number, read: (text: string) => T): (text: string) => T {
  const remembered = new Map<string, T>();
  return (text) => {
    if (text.length < longTextLength) return read(text);
    let value = remembered.get(text);
    if (value === undefined) {
      value = read(text);
      if (remembered.size >= size) remembered.delete(remembered.keys().next().value as string);
      remembered.set(text, value);
    }
    return value;
  };
}
