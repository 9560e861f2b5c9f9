import { generateId, jsonSchema, parseJsonEventStream, type UIMessageChunk } from 'ai';
import { AssistantError, interruptedErrorText } from './assistant-error.js';
import { createTaskSlicer } from './task-slices.js';
import { validateUIMessageChunk } from './ui-message-chunk.js';

/** What the stream reports to the transport as it passes through. */
export interface AssistantStreamHandlers {
  /** A `threadId` arrived on the raw `finish` event. */
  onThreadId(threadId: string): void;
  /** The `finish` event passed; `messageId` is the answer's id. */
  onFinish(messageId: string): void;
  /** The service sent an error event, or the stream was cut (`interrupted`). */
  onError(error: AssistantError): void;
}

const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/**
 * Parses the SSE body of the assistant endpoint into UI message chunks for the chat SDK.
 * It reads `threadId` from the raw `finish` event before the SDK's chunk schema sees it and
 * removes it (older SDKs had a strict schema there); gives the `start` chunk a message id when
 * the service sent none, so `finish` can name the answer; passes error events on; and when the
 * body ends, or breaks, before `finish`, it ends the stream with an error chunk of kind
 * `interrupted` so the SDK keeps the partial answer and the UI marks it incomplete. A backlog of
 * chunks is worked through in slices of a few milliseconds, each in its own task.
 */
export function processAssistantStream(
  body: ReadableStream<Uint8Array>,
  handlers: AssistantStreamHandlers,
): ReadableStream<UIMessageChunk> {
  // The SDK's chunk checks (see ui-message-chunk.ts), run after the thread id has been taken out.
  const capturingSchema = jsonSchema<UIMessageChunk>({ type: 'object' }, {
    validate: (value) => {
      if (typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'finish') {
        const { threadId, ...chunk } = value as Record<string, unknown>;
        if (typeof threadId === 'string' && threadId !== '') handlers.onThreadId(threadId);
        return validateUIMessageChunk(chunk);
      }
      return validateUIMessageChunk(value);
    },
  });

  const reader = parseJsonEventStream({ stream: body, schema: capturingSchema }).getReader();
  // Chunks that arrived together would otherwise be parsed, validated and applied to the
  // message in one task: on a slow phone, hundreds of milliseconds without a frame.
  const slicer = createTaskSlicer();
  let messageId = '';
  let finished = false;
  // Set when the consumer cancels (the reader pressed Stop): the end that follows is no cut.
  let cancelled = false;

  const interrupt = (controller: ReadableStreamDefaultController<UIMessageChunk>, cause?: unknown) => {
    finished = true;
    handlers.onError(new AssistantError('interrupted', undefined, cause === undefined ? {} : { cause }));
    controller.enqueue({ type: 'error', errorText: interruptedErrorText });
    controller.close();
  };

  return new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      let result: ReadableStreamReadResult<Awaited<ReturnType<typeof reader.read>>['value'] & object>;
      try {
        const pause = slicer.pause();
        if (pause !== null) await pause;
        result = (await reader.read()) as typeof result;
      } catch (error) {
        // A body cut by the network midway: keep what arrived. A reader's Stop passes through.
        if (cancelled || isAbort(error)) throw error;
        interrupt(controller, error);
        return;
      }
      if (result.done) {
        if (!finished && !cancelled) interrupt(controller);
        else controller.close();
        return;
      }
      const parsed = result.value;
      if (!parsed.success) throw parsed.error;
      const chunk = parsed.value;
      if (chunk.type === 'start') {
        if (chunk.messageId === undefined) {
          controller.enqueue({ ...chunk, messageId: (messageId = generateId()) });
          return;
        }
        messageId = chunk.messageId;
      } else if (chunk.type === 'finish') {
        finished = true;
        handlers.onFinish(messageId);
      } else if (chunk.type === 'error') {
        finished = true;
        handlers.onError(new AssistantError('server', chunk.errorText));
      }
      controller.enqueue(chunk);
    },
    cancel(reason) {
      cancelled = true;
      return reader.cancel(reason);
    },
  });
}
