import { HttpChatTransport, type UIMessageChunk } from 'ai';
import { AssistantError, assistantErrorFromResponse } from './assistant-error.js';
import { assistantEndpoint, buildAssistantRequestBody, messageText, questionContext } from './assistant-request.js';
import { processAssistantStream } from './assistant-stream.js';
import type { DocentUIMessage } from './context-item.js';
import type { WidgetStore } from './store.js';

/** The parts of the store the transport reads and writes. */
export type TransportStore = Pick<
  WidgetStore,
  'options' | 'thread' | 'setThread' | 'events' | 'currentPath' | 'fetch'
>;

/**
 * The chat transport of the widget: the SDK's `HttpChatTransport` (what its `DefaultChatTransport`
 * builds on, without that class's zod chunk schema: see ui-message-chunk.ts) pointed at
 * `{baseUrl}/discovery/v2/assistant/{domain}/message` with the assistant key, sending exactly
 * the body of api-spec 2.5, keeping the thread (from the `finish` event, else `x-thread-id`;
 * plus `x-thread-key`) in the store, and turning failures into {@link AssistantError}s.
 * Emits `submit`, `finish` and `error` on the store's events.
 */
export class AssistantTransport extends HttpChatTransport<DocentUIMessage> {
  readonly #store: TransportStore;
  // Response headers by body stream, so the stream processing can find its response's headers.
  readonly #headersByBody = new WeakMap<ReadableStream<Uint8Array>, Headers>();

  constructor(store: TransportStore, fetchImplementation: typeof fetch | undefined = store.fetch) {
    super({
      api: assistantEndpoint(store.options.peek()),
      credentials: 'omit',
      prepareSendMessagesRequest: ({ messages, trigger }) => {
        const options = store.options.peek();
        const body = buildAssistantRequestBody({
          options,
          thread: store.thread.peek(),
          messages,
          currentPath: store.currentPath(),
        });
        const question = messages.findLast((message) => message.role === 'user');
        if (trigger === 'submit-message' && question !== undefined) {
          store.events.emit('submit', { text: messageText(question), context: questionContext(messages) });
        }
        return {
          api: assistantEndpoint(options),
          headers: { authorization: `Bearer ${options.apiKey}` },
          credentials: 'omit',
          body,
        };
      },
    });
    this.#store = store;
    this.fetch = (input, init) => this.#fetchResponse(fetchImplementation ?? globalThis.fetch, input, init);
  }

  /** Resuming a stream is not part of the assistant API. */
  override async reconnectToStream(): Promise<ReadableStream<UIMessageChunk> | null> {
    return null;
  }

  async #fetchResponse(
    fetchImplementation: typeof fetch,
    input: Parameters<typeof fetch>[0],
    init: Parameters<typeof fetch>[1],
  ): Promise<Response> {
    let response: Response;
    try {
      response = await fetchImplementation(input, init);
    } catch (error) {
      if (init?.signal?.aborted || (error as { name?: unknown }).name === 'AbortError') throw error;
      throw this.#report(new AssistantError('network', undefined, { cause: error }));
    }
    if (!response.ok) throw this.#report(await assistantErrorFromResponse(response));
    const threadId = response.headers.get('x-thread-id');
    const threadKey = response.headers.get('x-thread-key');
    if (threadId !== null && threadId !== '') {
      // Known before the first token, so a stream cut midway still continues its thread.
      this.#store.setThread({ threadId, threadKey: threadKey || null });
    } else if (threadKey !== null && threadKey !== '') {
      this.#store.setThread({ ...this.#store.thread.peek(), threadKey });
    }
    if (response.body !== null) this.#headersByBody.set(response.body, response.headers);
    return response;
  }

  protected override processResponseStream(body: ReadableStream<Uint8Array>): ReadableStream<UIMessageChunk> {
    const store = this.#store;
    const headerKey = this.#headersByBody.get(body)?.get('x-thread-key') || null;
    let eventThreadId: string | null = null;
    return processAssistantStream(body, {
      onThreadId(threadId) {
        eventThreadId = threadId;
      },
      onFinish(messageId) {
        const current = store.thread.peek();
        const threadId = eventThreadId ?? current.threadId;
        // A key belongs to its thread: keep the stored one only while the thread stays the same.
        const threadKey = headerKey ?? (threadId === current.threadId ? current.threadKey : null);
        store.setThread({ threadId, threadKey });
        store.events.emit('finish', { threadId, messageId });
      },
      onError: (error) => {
        this.#report(error);
      },
    });
  }

  #report(error: AssistantError): AssistantError {
    this.#store.events.emit('error', { kind: error.kind, message: error.message });
    return error;
  }
}

const transports = new WeakMap<TransportStore, AssistantTransport>();

/**
 * The transport of a store for `useChat({ transport: transportFor(store) })`: one per store,
 * created on first use. Import it only from code loaded with the panel, since this module
 * brings in the chat SDK.
 */
export function transportFor(store: TransportStore): AssistantTransport {
  let transport = transports.get(store);
  if (transport === undefined) {
    transport = new AssistantTransport(store);
    transports.set(store, transport);
  }
  return transport;
}

/**
 * Creates the widget's transport for `useChat({ transport })`.
 * @param fetchImplementation the `fetch` to use; default the store's, else the global one.
 */
export function createAssistantTransport(
  store: TransportStore,
  fetchImplementation?: typeof fetch,
): AssistantTransport {
  return new AssistantTransport(store, fetchImplementation);
}
