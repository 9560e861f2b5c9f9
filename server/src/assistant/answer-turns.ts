/**
 * Shares the event loop between the answers being written, so that however many there are, the
 * server keeps reading new requests (and answering `/health`) between two slices of their work.
 *
 * A new request waits for a start (`nextStart`) before its body, thread and rate limit are
 * handled; an answer's work (its search, then every few parts of its model stream) waits for a
 * turn (`next`). Each tick of the event loop hands out at most `startsPerTick` starts, then at
 * most `turnsPerTick` turns, first come first served; the rest wait for the next tick, after
 * Node has polled the sockets. Work per tick is thus bounded whatever the number of requests
 * and answers, and starts go first so a new request's first byte does not wait for the answers
 * already under way. Throughput stays the same: the same work is done in a different order.
 *
 * @example
 * const turns = new AnswerTurns();
 * await turns.nextStart(); // read the body, find the thread, charge the rate limit, respond
 * await turns.next(); // search
 * for await (const part of stream) if (++count % 16 === 0) await turns.next();
 */
export class AnswerTurns {
  readonly #turnsPerTick: number;
  readonly #startsPerTick: number;
  readonly #waiting: Array<() => void> = [];
  #first = 0;
  readonly #starting: Array<() => void> = [];
  #firstStarting = 0;
  #scheduled = false;

  /**
   * @param turnsPerTick Slices of answer work per event-loop tick. Default `4`.
   * @param startsPerTick Requests handled up to their first byte per tick, before those slices. Default `32`.
   */
  constructor(turnsPerTick = 4, startsPerTick = 32) {
    for (const [name, value] of [['turnsPerTick', turnsPerTick], ['startsPerTick', startsPerTick]] as const) {
      if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`${name} must be a whole number above 0, not ${value}`);
    }
    this.#turnsPerTick = turnsPerTick;
    this.#startsPerTick = startsPerTick;
  }

  /** How many answers wait for their turn. */
  get waiting(): number {
    return this.#waiting.length - this.#first + this.#starting.length - this.#firstStarting;
  }

  /**
   * Settles when a new request may be handled up to its first byte (body, thread, rate limit):
   * in a later tick, before the answers' turns, so a burst of requests is taken in a few at a
   * time instead of all in one poll of the sockets.
   */
  nextStart(): Promise<void> {
    return new Promise((resolve) => {
      this.#starting.push(resolve);
      this.#schedule();
    });
  }

  /** Settles when it is the caller's turn: in a later tick, after the sockets were polled. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // setImmediate runs after the poll phase: requests that arrived meanwhile are read first.
    setImmediate(() => this.#handOut());
  }

  #handOut(): void {
    this.#scheduled = false;
    const startsEnd = Math.min(this.#firstStarting + this.#startsPerTick, this.#starting.length);
    for (; this.#firstStarting < startsEnd; this.#firstStarting++) this.#starting[this.#firstStarting]?.();
    if (this.#firstStarting === this.#starting.length) {
      this.#starting.length = 0;
      this.#firstStarting = 0;
    }
    const end = Math.min(this.#first + this.#turnsPerTick, this.#waiting.length);
    for (; this.#first < end; this.#first++) this.#waiting[this.#first]?.();
    if (this.#first === this.#waiting.length) {
      this.#waiting.length = 0;
      this.#first = 0;
    }
    if (this.waiting > 0) this.#schedule();
  }
}
