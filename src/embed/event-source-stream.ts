/**
 * Build-time stand-in for `eventsource-parser/stream` (see vite.config.ts): the chat SDK's
 * `parseJsonEventStream` splits the answer's server-sent events with `EventSourceParserStream`,
 * and calls it with no options. This is that stream without the options (retry, comment and
 * error callbacks, buffer limit) the SDK never passes: about 1 kB gzip less in the script tag.
 * `event-source-stream.test.ts` holds it to the library's output on the same input, split at
 * every point. Unit tests of the widget run with the library itself.
 */

/** One event, as `eventsource-parser` gives it: `data` lines joined with `\n`. */
export interface EventSourceMessage {
  /** The event's `id` field, if it had one. */
  id: string | undefined;
  /** The event's `event` field (its type), if it had a non-empty one. */
  event: string | undefined;
  /** The event's `data` lines, joined with line feeds. */
  data: string;
}

/**
 * Turns text (decoded server-sent events) into one {@link EventSourceMessage} per event, with
 * the same rules as `eventsource-parser` 3: lines end with CRLF, LF or CR; an empty line ends
 * an event, which is sent if it had a `data` line; `:` lines are comments; `id`, `event` and
 * `data` are kept, other fields ignored; an event left unfinished when the text ends is dropped.
 *
 * @example
 * response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
 */
export class EventSourceParserStream extends TransformStream<string, EventSourceMessage> {
  constructor() {
    let pending = '';
    let isFirstChunk = true;
    let id: string | undefined;
    let event: string | undefined;
    let data: string | undefined;
    const parseLine = (line: string, controller: TransformStreamDefaultController<EventSourceMessage>) => {
      if (line === '') {
        if (data !== undefined) controller.enqueue({ id, event, data });
        id = event = data = undefined;
        return;
      }
      if (line.startsWith(':')) return;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const rawValue = colon === -1 ? '' : line.slice(colon + 1);
      const value = rawValue.startsWith(' ') ? rawValue.slice(1) : rawValue;
      if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
      else if (field === 'event') event = value || undefined;
      else if (field === 'id' && !value.includes('\0')) id = value;
    };
    super({
      transform(chunk, controller) {
        // The library drops a UTF-8 byte order mark read as Latin-1 at the very start.
        if (isFirstChunk && chunk.startsWith('\u00EF\u00BB\u00BF')) chunk = chunk.slice(3);
        isFirstChunk = false;
        pending += chunk;
        // A final CR may be the first half of a CRLF: it waits for the next chunk.
        const complete = pending.endsWith('\r') ? pending.length - 1 : pending.length;
        const lines = pending.slice(0, complete).split(/\r\n|\r|\n/);
        pending = (lines.pop() ?? '') + pending.slice(complete);
        for (const line of lines) parseLine(line, controller);
      },
    });
  }
}
