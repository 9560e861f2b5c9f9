import type { FinishReason } from 'ai';

/** A documentation page cited by an answer. */
export interface AnswerSource {
  /** Stable id of the cited section, e.g. `getting-started#install`. */
  id: string;
  /** Where the reader can open it: `pagePath#anchor`, prefixed with the domain's `siteUrl` when set. */
  url: string;
  title: string;
}

/** Token counts of a finished answer, when the model reported them. */
export interface AnswerUsage {
  inputTokens?: number;
  outputTokens?: number;
}

/**
 * What an answer turns into while it streams, independent of the wire format: the encoders
 * (v2 UI message stream, v1 data stream) map these onto their protocols.
 */
export type AnswerEvent =
  /** The pages the answer draws on, one per page, best first: the first event, once retrieval is done. */
  | { type: 'sources'; sources: readonly AnswerSource[] }
  | { type: 'text'; delta: string }
  | { type: 'finish'; finishReason: FinishReason; usage?: AnswerUsage }
  /** A failure after the stream started; `message` is safe to show (no internals). */
  | { type: 'error'; message: string };

/** Everything an encoder needs to write one answer. */
export interface AnswerStream {
  /** Id of the assistant message being written. */
  messageId: string;
  threadId: string;
  /**
   * The answer as it is produced: `sources` first, then text, then `finish` or `error`. Ending
   * iteration early (client gone) must stop the model.
   */
  events: AsyncIterable<AnswerEvent>;
}

/** Said to the client when the answer broke off for a reason it should not see. */
export const genericAnswerError = 'The answer could not be completed; please try again.';

/** Told when an answer's response sends its first line and when it ends (admission, metrics). */
export interface StreamProgress {
  /** The first line was produced (the response's first byte). */
  firstLine(): void;
  /** The stream ended: its last line was read (`completed`), or it was cancelled or failed (`aborted`). */
  ended(outcome: 'completed' | 'aborted'): void;
}

/**
 * A byte stream pulled from an async source of lines: a line is produced only when the client
 * reads, and a cancelled response (client gone) ends the source's iteration, which lets the
 * producer stop the model. `progress`, when given, hears of the first line and of the end.
 */
export function streamLines(lines: AsyncIterable<string>, progress?: StreamProgress): ReadableStream<Uint8Array> {
  const iterator = lines[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let cancelled = false;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: IteratorResult<string>;
      try {
        next = await iterator.next();
      } catch (error) {
        progress?.ended('aborted');
        throw error;
      }
      // The client may have left while this line was being produced.
      if (cancelled) return;
      if (next.done) {
        controller.close();
        progress?.ended('completed');
        return;
      }
      controller.enqueue(encoder.encode(next.value));
      if (!started) {
        started = true;
        progress?.firstLine();
      }
    },
    async cancel() {
      cancelled = true;
      progress?.ended('aborted');
      await iterator.return?.();
    },
  });
}

/**
 * Iterates an answer's events, turning an unexpected exception into a final `error` event so
 * encoders always end their stream in protocol.
 */
export async function* safeEvents(events: AsyncIterable<AnswerEvent>): AsyncGenerator<AnswerEvent> {
  try {
    yield* events;
  } catch {
    yield { type: 'error', message: genericAnswerError };
  }
}
