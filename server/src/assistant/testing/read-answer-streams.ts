import { processDataStream } from '@ai-sdk/ui-utils';
import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from 'ai';

/** What a client made of one streamed answer. */
export interface ReadAnswer {
  text: string;
  sources: { url: string; title?: string }[];
  threadId: string | undefined;
  finishReason: string | undefined;
  errors: string[];
}

/**
 * Reads a v2 body the way AI SDK 5+ clients do: the SDK's own SSE/JSON parser with its chunk
 * schema, then its UI-message reader. The thread id is taken from the `finish` chunk, as spec
 * section 6 tells clients to.
 */
export async function readUIMessageAnswer(stream: ReadableStream<UIMessageChunk> | ReadableStream<Uint8Array>, alreadyParsed = false): Promise<ReadAnswer & { message: UIMessage | undefined; chunks: UIMessageChunk[] }> {
  const chunks: UIMessageChunk[] = [];
  const parsed = alreadyParsed
    ? (stream as ReadableStream<UIMessageChunk>)
    : parseJsonEventStream({ stream: stream as ReadableStream<Uint8Array>, schema: uiMessageChunkSchema }).pipeThrough(
        new TransformStream({
          transform(result, controller) {
            if (!result.success) throw result.error;
            controller.enqueue(result.value);
          },
        }),
      );
  const recorded = parsed.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, controller) {
        chunks.push(chunk);
        controller.enqueue(chunk);
      },
    }),
  );
  const errors: string[] = [];
  let message: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({ stream: recorded, onError: (error) => errors.push(String((error as Error).message ?? error)) })) {
    message = snapshot;
  }
  const finish = chunks.find((chunk) => chunk.type === 'finish') as (UIMessageChunk & { threadId?: string; finishReason?: string }) | undefined;
  for (const chunk of chunks) if (chunk.type === 'error' && !errors.includes(chunk.errorText)) errors.push(chunk.errorText);
  return {
    message,
    chunks,
    text: (message?.parts ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(''),
    sources: (message?.parts ?? []).flatMap((part) => (part.type === 'source-url' ? [{ url: part.url, title: part.title }] : [])),
    threadId: finish?.threadId,
    finishReason: finish?.finishReason,
    errors,
  };
}

/**
 * Reads a v1 body with the AI SDK 4 data stream parser (`@ai-sdk/ui-utils`), collecting the
 * thread id from the message annotations and the data parts.
 */
export async function readDataStreamAnswer(stream: ReadableStream<Uint8Array>): Promise<ReadAnswer & { annotations: unknown[]; data: unknown[] }> {
  const answer = { text: '', sources: [] as ReadAnswer['sources'], threadId: undefined as string | undefined, finishReason: undefined as string | undefined, errors: [] as string[] };
  const annotations: unknown[] = [];
  const data: unknown[] = [];
  await processDataStream({
    stream,
    onTextPart: (text) => {
      answer.text += text;
    },
    onSourcePart: (source) => {
      answer.sources.push({ url: source.url, title: source.title });
    },
    onMessageAnnotationsPart: (values) => {
      annotations.push(...values);
    },
    onDataPart: (values) => {
      data.push(...values);
    },
    onErrorPart: (error) => {
      answer.errors.push(error);
    },
    onFinishMessagePart: (finish) => {
      answer.finishReason = finish.finishReason;
    },
  });
  const withThread = [...annotations, ...data].find(
    (value): value is { threadId: string } => typeof value === 'object' && value !== null && 'threadId' in value,
  );
  return { ...answer, threadId: withThread?.threadId, annotations, data };
}
