import { EventSourceParserStream as LibraryStream } from 'eventsource-parser/stream';
import { describe, expect, it } from 'vitest';
import { EventSourceParserStream } from './event-source-stream.js';

async function parse(stream: TransformStream<string, unknown>, chunks: readonly string[]): Promise<unknown[]> {
  const events: unknown[] = [];
  const writer = stream.writable.getWriter();
  const reading = (async () => {
    for await (const event of stream.readable as unknown as AsyncIterable<unknown>) events.push(event);
  })();
  for (const chunk of chunks) await writer.write(chunk);
  await writer.close();
  await reading;
  return events;
}

// Each input split in two at every position, and one character at a time.
function splits(text: string): string[][] {
  const twoParts = Array.from({ length: text.length + 1 }, (_, index) => [text.slice(0, index), text.slice(index)]);
  return [[text], [...text], ...twoParts];
}

const inputs: Readonly<Record<string, string>> = {
  'one event': 'data: {"type":"text-delta","delta":"Hi"}\n\n',
  'several data lines, joined': 'data: first\ndata:second\ndata:  third\n\n',
  'CRLF and CR line ends': 'data: a\r\n\r\ndata: b\r\rdata: c\r\n\r\n',
  'event types and ids, reset after each event': 'event: update\nid: 7\ndata: x\n\ndata: y\n\nevent:\ndata: z\n\n',
  'comments, retry and unknown fields ignored': ': keep-alive\nretry: 100\nfoo: bar\ndata: kept\n\n',
  'a field without a colon': 'data\n\ndata\ndata: two\n\n',
  'an id with NUL is ignored': 'id: a\u0000b\ndata: x\n\n',
  'empty lines without data send nothing': '\n\n\nid: 1\n\ndata: last\n\n',
  'an unfinished event at the end is dropped': 'data: done\n\ndata: partial\n',
  'a text without a line end': 'data: never ended',
  'the SDK end marker': 'data: {"type":"finish"}\n\ndata: [DONE]\n\n',
  'a byte order mark read as Latin-1': '\u00EF\u00BB\u00BFdata: after mark\n\n',
  'unicode data': 'data: ünïcødé ✓ 🚀\n\n',
};

describe('EventSourceParserStream (the script tag stand-in)', () => {
  for (const [name, text] of Object.entries(inputs)) {
    it(`gives the library's events for ${name}, however the text is split`, async () => {
      for (const chunks of splits(text)) {
        expect(await parse(new EventSourceParserStream(), chunks)).toEqual(await parse(new LibraryStream(), chunks));
      }
    });
  }

  it('gives each event its id, type and data', async () => {
    expect(await parse(new EventSourceParserStream(), ['event: a\nid: 1\ndata: x\ndata: y\n\n'])).toEqual([{ id: '1', event: 'a', data: 'x\ny' }]);
  });
});
