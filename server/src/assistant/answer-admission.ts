import { ApiError } from '../http/api-error';

/** How an answer's response ended: its last byte sent, or the client gone (or an error) first. */
export type AnswerOutcome = 'completed' | 'aborted';

/** What {@link AnswerAdmission} reports, e.g. to the Prometheus metrics (`http/metrics.ts`). */
export interface AdmissionObserver {
  /** A request was turned away with 503: the server was at its limit. */
  rejected(): void;
  /** The response's first byte (the stream's `start`) went out, `milliseconds` after admission. */
  firstByte(milliseconds: number): void;
  /** The response ended, `milliseconds` after admission. */
  finished(milliseconds: number, outcome: AnswerOutcome): void;
}

/** Options of {@link AnswerAdmission}. */
export interface AnswerAdmissionOptions {
  /** Answers in progress at once (config `limits.maxConcurrentAnswers`). */
  maxConcurrentAnswers: number;
  /** Told of rejections and of each answer's timings. Default: nobody. */
  observer?: AdmissionObserver;
  /** Milliseconds for the timings. Default: `performance.now`. */
  clock?: () => number;
}

/** One admitted answer: report its first byte and its end (both safe to call more than once). */
export interface AdmittedAnswer {
  /** The first byte of the response went out. */
  firstByte(): void;
  /** The response ended (or will never be sent): frees the answer's place. */
  finish(outcome: AnswerOutcome): void;
}

/** Seconds a turned-away client is told to wait: answers take about a second under a full load. */
const retryAfterSeconds = 2;

/**
 * The admission limit of the assistant endpoints: at most `maxConcurrentAnswers` answers in
 * progress, from their request's arrival to their last byte. Past it, a request gets
 * 503 `server_busy` with `Retry-After`, before anything is read, stored or charged, so a burst
 * beyond what the machine can serve is refused at once instead of slowing every answer down.
 *
 * @example
 * const admission = new AnswerAdmission({ maxConcurrentAnswers: 256 });
 * const admitted = admission.admit(); // throws ApiError 503 when full
 * try { … } catch (error) { admitted.finish('aborted'); throw error; }
 */
export class AnswerAdmission {
  readonly #limit: number;
  readonly #observer: AdmissionObserver | undefined;
  readonly #clock: () => number;
  #inProgress = 0;

  constructor(options: AnswerAdmissionOptions) {
    this.#limit = options.maxConcurrentAnswers;
    this.#observer = options.observer;
    this.#clock = options.clock ?? (() => performance.now());
  }

  /** Answers in progress now. */
  get inProgress(): number {
    return this.#inProgress;
  }

  /**
   * Takes a place for one answer.
   * @throws ApiError 503 `server_busy` with `Retry-After` when every place is taken.
   */
  admit(): AdmittedAnswer {
    if (this.#inProgress >= this.#limit) {
      this.#observer?.rejected();
      throw new ApiError(
        503,
        'server_busy',
        `The server is writing as many answers as it can (${this.#limit}); send the question again in ${retryAfterSeconds} seconds.`,
        { headers: { 'Retry-After': String(retryAfterSeconds) } },
      );
    }
    this.#inProgress += 1;
    const admitted = this.#clock();
    let sentFirstByte = false;
    let finished = false;
    return {
      firstByte: () => {
        if (sentFirstByte || finished) return;
        sentFirstByte = true;
        this.#observer?.firstByte(this.#clock() - admitted);
      },
      finish: (outcome) => {
        if (finished) return;
        finished = true;
        this.#inProgress -= 1;
        this.#observer?.finished(this.#clock() - admitted, outcome);
      },
    };
  }
}
