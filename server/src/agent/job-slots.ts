/**
 * How many agent runs an instance allows at once: `acquire` waits for a free slot, `release`
 * hands it to the next waiter, `openAll` lets every waiter through (shutdown: they see the
 * abort and stop).
 */
export class JobSlots {
  readonly #size: number;
  readonly #waiting: (() => void)[] = [];
  #inUse = 0;

  /** @param size Runs at once; at least 1. */
  constructor(size: number) {
    this.#size = Math.max(1, size);
  }

  /** How many runs it allows at once. */
  get size(): number {
    return this.#size;
  }

  /** Resolves once the caller holds a slot. */
  async acquire(): Promise<void> {
    if (this.#inUse >= this.#size) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#inUse++;
  }

  /** Gives a held slot back. */
  release(): void {
    this.#inUse--;
    this.#waiting.shift()?.();
  }

  /** Wakes every waiter at once. */
  openAll(): void {
    this.#waiting.splice(0).forEach((wake) => wake());
  }
}
