/**
 * A parser for the AI SDK 4 data stream (the deprecated assistant v1 body): one part per line,
 * `<type code>:<JSON value>\n`. Small on purpose, so the client does not need the AI SDK 4
 * packages; only the parts an answer uses are typed, the rest come through as `other`.
 */

/** A source part (`h:`). */
export interface DataStreamSource {
  sourceType: string;
  id: string;
  url: string;
  title?: string;
}

/** One part of a data stream. */
export type DataStreamPart =
  | { type: 'text'; value: string }
  | { type: 'data'; value: unknown[] }
  | { type: 'error'; value: string }
  | { type: 'message_annotations'; value: unknown[] }
  | { type: 'source'; value: DataStreamSource }
  | { type: 'finish_message'; value: { finishReason: string; usage?: unknown } }
  | { type: 'other'; code: string; value: unknown };

const expectedShapes: Record<string, [DataStreamPart['type'], (value: unknown) => boolean]> = {
  '0': ['text', (value) => typeof value === 'string'],
  '2': ['data', Array.isArray],
  '3': ['error', (value) => typeof value === 'string'],
  '8': ['message_annotations', Array.isArray],
  h: ['source', (value) => typeof value === 'object' && value !== null && typeof (value as { url?: unknown }).url === 'string'],
  d: ['finish_message', (value) => typeof value === 'object' && value !== null && 'finishReason' in value],
};

/**
 * Parses one line. @throws Error when the line is not a data stream part (the body is
 * something else, e.g. an HTML error page from a proxy).
 */
export function parseDataStreamLine(line: string): DataStreamPart {
  const match = /^([0-9a-z]):([\s\S]*)$/.exec(line);
  if (!match) throw new Error(`Not an AI SDK 4 data stream line: ${JSON.stringify(line.slice(0, 80))}`);
  const [, code = '', json = ''] = match;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`The data stream part "${code}:" does not hold JSON: ${JSON.stringify(json.slice(0, 80))}`);
  }
  const expected = expectedShapes[code];
  if (!expected) return { type: 'other', code, value };
  const [type, isValid] = expected;
  if (!isValid(value)) throw new Error(`The data stream part "${code}:" (${type}) has an unexpected value.`);
  return { type, value } as DataStreamPart;
}

/** Parses a data stream body part by part, as the bytes arrive. */
export async function* parseDataStream(stream: ReadableStream<Uint8Array>): AsyncGenerator<DataStreamPart> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline !== -1) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line.trim() !== '') yield parseDataStreamLine(line);
        newline = buffered.indexOf('\n');
      }
    }
    buffered += decoder.decode();
    if (buffered.trim() !== '') yield parseDataStreamLine(buffered);
  } finally {
    // Stopping early (or failing) releases the connection instead of leaving the body unread.
    await reader.cancel().catch(() => undefined);
  }
}
