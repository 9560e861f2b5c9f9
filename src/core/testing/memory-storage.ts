/**
 * A Web Storage kept in memory, for tests that simulate reloads (a fresh store over the same
 * storage) or a storage that refuses writes (`quota` bytes, like a full sessionStorage).
 */
export class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  readonly #quota: number;

  constructor(quota = Number.POSITIVE_INFINITY) {
    this.#quota = quota;
  }

  get length(): number {
    return this.#items.size;
  }

  clear(): void {
    this.#items.clear();
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  setItem(key: string, value: string): void {
    const used = [...this.#items].reduce((total, [name, text]) => total + (name === key ? 0 : name.length + text.length), 0);
    if (used + key.length + value.length > this.#quota) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.#items.set(key, String(value));
  }
}

/** A storage whose every access throws, like `sessionStorage` in a sandboxed iframe. */
export class BlockedStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  }

  override setItem(): void {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  }

  override removeItem(): void {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  }
}
