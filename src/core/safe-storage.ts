/**
 * JSON access to a Web Storage that never throws: storage may be missing or refuse access
 * (Safari private mode, sandboxed iframes, cookies blocked), be full, or hold corrupt values
 * written by another version. Then the widget simply forgets, it does not break.
 */
export interface SafeStorage {
  /** The parsed value under `key`, or undefined when absent, unreadable or corrupt. */
  read(key: string): unknown;
  /** Stores `value` as JSON; returns false when the storage refused it (full, blocked). */
  write(key: string, value: unknown): boolean;
  /** Removes `key`, ignoring failures. */
  remove(key: string): void;
}

/**
 * The page's `sessionStorage`, or undefined when reading the property itself throws
 * (a `SecurityError` in sandboxed iframes) or there is no window.
 */
export function defaultSessionStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Wraps a storage (or none) in {@link SafeStorage}. */
export function createSafeStorage(storage: Storage | undefined): SafeStorage {
  return {
    read(key) {
      try {
        const text = storage?.getItem(key);
        return text === null || text === undefined ? undefined : (JSON.parse(text) as unknown);
      } catch {
        return undefined;
      }
    },
    write(key, value) {
      if (storage === undefined) return false;
      try {
        storage.setItem(key, JSON.stringify(value));
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing to clean up in a storage we cannot reach.
      }
    },
  };
}

/**
 * The prefix of every key a widget stores, scoped by base URL and domain so two widgets (or two
 * sites behind one origin) never read each other's thread: `docent:v1:<baseUrl>:<domain>`.
 */
export function storageKeyFor(baseUrl: string, domain: string): string {
  return `docent:v1:${baseUrl}:${domain}`;
}
