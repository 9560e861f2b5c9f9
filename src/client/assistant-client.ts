import { generateId, parseJsonEventStream, uiMessageChunkSchema } from 'ai';
import { parseDataStream } from './data-stream-v4.js';
import { DocentStreamError } from './errors.js';
import { joinUrl, segment, toApiError, type FetchFunction } from './http.js';

/** Options of {@link createAssistantClient}. */
export interface AssistantClientOptions {
  /** The service's base URL, e.g. `http://127.0.0.1:4173`. */
  baseUrl: string;
  /** The documentation domain identifier, e.g. `demo`. */
  domain: string;
  /** An assistant key (`svc_dsc_…`); public, safe in client-side code. */
  apiKey: string;
  /** The `fetch` to use. Default: `globalThis.fetch`. */
  fetch?: FetchFunction;
}

/** One turn of a conversation, as plain text. */
export interface AskMessage {
  role: 'user' | 'assistant';
  content: string;
  /** Message id. Default: a generated one. */
  id?: string;
}

/** A piece of the reader's page sent with the question (spec section 2.7). */
export interface AskContextItem {
  type: 'code' | 'textSelection';
  value: string;
  path?: string;
  elementId?: string;
}

/** Options of {@link AssistantClient.ask}. */
export interface AskOptions {
  /** Continue this thread (from an earlier answer's `threadId`). Default: a new thread. */
  threadId?: string | null;
  context?: AskContextItem[];
  /** Path of the page the reader is on (at most 200 characters). */
  currentPath?: string;
  /** Documentation search results the answer draws on. Default (server side): 5. */
  retrievalPageSize?: number;
  /** Search filter, e.g. `{ version: '2.x' }`. */
  filter?: Record<string, unknown> | null;
  /** `v2` (default) or the deprecated `v1` endpoint. */
  version?: 'v2' | 'v1';
  /** The user fingerprint (`fp`). Default: `anonymous`. */
  fp?: string;
  /** Cancels the request and the stream. */
  signal?: AbortSignal;
}

/** A documentation page an answer cites. */
export interface AskSource {
  url: string;
  title?: string;
}

/**
 * A streamed answer: iterate it for the text as it arrives (once), or await its promises, which
 * settle when the stream ends (they reject with the stream's error).
 */
export interface AskResult extends AsyncIterable<string> {
  /** The thread id from the `finish` event: pass it as `threadId` to continue the conversation. */
  threadId: Promise<string | undefined>;
  /** The cited pages. */
  sources: Promise<AskSource[]>;
  /** The whole answer text. */
  text: Promise<string>;
}

/** A client for the assistant endpoints, for bots and scripts. */
export interface AssistantClient {
  /** Asks a question (a string) or continues a conversation (messages, the last one from the user). */
  ask(messages: string | AskMessage[], options?: AskOptions): AskResult;
}

/** What the stream readers report as they go. */
interface AnswerSink {
  text(delta: string): void;
  source(source: AskSource): void;
  threadId(threadId: string): void;
}

async function readUIMessageStreamBody(body: ReadableStream<Uint8Array>, sink: AnswerSink): Promise<void> {
  const reader = parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }).getReader();
  try {
    for (;;) {
      const { done, value: result } = await reader.read();
      if (done) return;
      if (!result.success) throw new DocentStreamError(`The answer stream held an unexpected event: ${result.error.message}`);
      const chunk = result.value;
      if (chunk.type === 'text-delta') sink.text(chunk.delta);
      else if (chunk.type === 'source-url') sink.source({ url: chunk.url, ...(chunk.title === undefined ? {} : { title: chunk.title }) });
      else if (chunk.type === 'error') throw new DocentStreamError(chunk.errorText);
      else if (chunk.type === 'finish') {
        // Spec section 6: the finish event carries threadId at its top level. Read it from the raw
        // event, since the SDK's chunk schema need not keep fields it does not define.
        const raw = result.rawValue as { threadId?: unknown; messageMetadata?: { threadId?: unknown } };
        const threadId = raw.threadId ?? raw.messageMetadata?.threadId;
        if (typeof threadId === 'string') sink.threadId(threadId);
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

async function readDataStreamBody(body: ReadableStream<Uint8Array>, sink: AnswerSink): Promise<void> {
  for await (const part of parseDataStream(body)) {
    if (part.type === 'text') sink.text(part.value);
    else if (part.type === 'source') sink.source({ url: part.value.url, ...(part.value.title === undefined ? {} : { title: part.value.title }) });
    else if (part.type === 'error') throw new DocentStreamError(part.value);
    else if (part.type === 'data' || part.type === 'message_annotations') {
      const withThread = part.value.find(
        (value): value is { threadId: string } =>
          typeof value === 'object' && value !== null && typeof (value as { threadId?: unknown }).threadId === 'string',
      );
      if (withThread) sink.threadId(withThread.threadId);
    }
  }
}

/** A one-reader queue of text deltas fed by the stream reader. */
function createDeltaQueue() {
  const buffered: string[] = [];
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  return {
    push(delta: string) {
      buffered.push(delta);
      notify();
    },
    end(error?: unknown) {
      ended = true;
      failure = error;
      notify();
    },
    async *iterate(): AsyncGenerator<string> {
      for (;;) {
        if (buffered.length > 0) yield buffered.shift() as string;
        else if (ended) {
          if (failure !== undefined) throw failure;
          return;
        } else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

const toWireMessages = (messages: AskMessage[], version: 'v1' | 'v2') =>
  messages.map((message) => {
    const id = message.id ?? generateId();
    const parts = [{ type: 'text', text: message.content }];
    return version === 'v2' ? { id, role: message.role, parts } : { id, role: message.role, content: message.content, parts };
  });

/**
 * Creates a client for the assistant (`POST /discovery/v2|v1/assistant/{domain}/message`).
 *
 * @example
 * const assistant = createAssistantClient({ baseUrl: 'http://127.0.0.1:4173', domain: 'demo', apiKey: 'svc_dsc_demo' });
 * const answer = assistant.ask('How do I change the theme?');
 * for await (const delta of answer) process.stdout.write(delta);
 * console.log(await answer.sources, await answer.threadId);
 */
export function createAssistantClient(options: AssistantClientOptions): AssistantClient {
  const fetchFunction = options.fetch ?? globalThis.fetch.bind(globalThis);
  return {
    ask(messages, askOptions = {}) {
      const version = askOptions.version ?? 'v2';
      const conversation = typeof messages === 'string' ? [{ role: 'user' as const, content: messages }] : messages;
      const queue = createDeltaQueue();
      const sources: AskSource[] = [];
      let text = '';
      let threadId: string | undefined;

      const finished = (async () => {
        const response = await fetchFunction(joinUrl(options.baseUrl, `/discovery/${version}/assistant/${segment(options.domain)}/message`), {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            fp: askOptions.fp ?? 'anonymous',
            messages: toWireMessages(conversation, version),
            threadId: askOptions.threadId ?? null,
            ...(askOptions.context ? { context: askOptions.context } : {}),
            ...(askOptions.currentPath === undefined ? {} : { currentPath: askOptions.currentPath }),
            ...(askOptions.retrievalPageSize === undefined ? {} : { retrievalPageSize: askOptions.retrievalPageSize }),
            ...(askOptions.filter === undefined ? {} : { filter: askOptions.filter }),
          }),
          signal: askOptions.signal,
        });
        if (!response.ok) throw await toApiError(response);
        if (!response.body) throw new DocentStreamError('The service sent an answer without a body.');
        threadId = response.headers.get('x-thread-id') ?? undefined;
        const sink: AnswerSink = {
          text: (delta) => {
            text += delta;
            queue.push(delta);
          },
          source: (source) => sources.push(source),
          threadId: (id) => (threadId = id),
        };
        await (version === 'v2' ? readUIMessageStreamBody(response.body, sink) : readDataStreamBody(response.body, sink));
      })();
      finished.then(
        () => queue.end(),
        (error: unknown) => queue.end(error),
      );

      const settled = <T>(value: () => T): Promise<T> => {
        const promise = finished.then(value);
        // Callers who only iterate still see the error there; an unawaited promise must not crash the process.
        promise.catch(() => undefined);
        return promise;
      };
      return {
        [Symbol.asyncIterator]: () => queue.iterate(),
        threadId: settled(() => threadId),
        sources: settled(() => sources),
        text: settled(() => text),
      };
    },
  };
}
