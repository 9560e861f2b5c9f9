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
  | { type: 'text'; delta: string }
  | { type: 'finish'; finishReason: FinishReason; usage?: AnswerUsage }
  /** A failure after the stream started; `message` is safe to show (no internals). */
  | { type: 'error'; message: string };

/** Everything an encoder needs to write one answer. */
export interface AnswerStream {
  /** Id of the assistant message being written. */
  messageId: string;
  threadId: string;
  /** The pages the answer draws on, one per page, best first. */
  sources: readonly AnswerSource[];
  /** The answer as it is produced. Ending iteration early (client gone) must stop the model. */
  events: AsyncIterable<AnswerEvent>;
}

/** Said to the client when the answer broke off for a reason it should not see. */
export const genericAnswerError = 'The answer could not be completed; please try again.';

/**
 * A byte stream pulled from an async source of lines: a line is produced only when the client
 * reads, and a cancelled response (client gone) ends the source's iteration, which lets the
 * producer stop the model.
 */
export function streamLines(lines: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = lines[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      // The client may have left while this line was being produced.
      if (cancelled) return;
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      cancelled = true;
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
