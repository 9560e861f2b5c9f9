import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Options of {@link startFakeEmbeddingsServer}. */
export interface FakeEmbeddingsServerOptions {
  /** Length of the vectors. Default `512`. */
  dimensions?: number;
  /**
   * Words counted as another word, the way a real model knows that "hue" and "colour" are about
   * color: `{ hue: 'color' }`. Keys are lower case. Default: none.
   */
  aliases?: Readonly<Record<string, string>>;
}

/** How the fake endpoint misbehaves: an HTTP status to answer with, or `'hang'` (never answer). */
export type FakeFailure = number | 'hang';

/** A running fake `/v1/embeddings` endpoint. */
export interface FakeEmbeddingsServer {
  /** Base URL as `DOCENT_EMBEDDINGS_BASE_URL` takes it, e.g. `http://127.0.0.1:41234/v1`. */
  baseUrl: string;
  /** `POST /v1/embeddings` requests received so far, failed ones included. */
  readonly requests: number;
  /** Texts embedded so far (in successful requests). */
  readonly textsEmbedded: number;
  /** Makes every following request fail this way; `null` makes the endpoint work again. */
  fail(failure: FakeFailure | null): void;
  /** Stops the server, dropping requests left hanging. */
  close(): Promise<void>;
}

/**
 * A deterministic stand-in for an embedding model: a hashed bag of words. Each word (after
 * {@link FakeEmbeddingsServerOptions.aliases}) adds 1 to one of `dimensions` coordinates chosen
 * by its hash, so texts sharing words point the same way, and an alias makes two different
 * words meet, as synonyms do in a real model's space.
 *
 * @example fakeEmbedding('Change the colour', 512, { colour: 'color' })
 */
export function fakeEmbedding(text: string, dimensions: number, aliases: Readonly<Record<string, string>> = {}): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    // Own keys only: "constructor" is a word too.
    const word = Object.hasOwn(aliases, match[0]) ? (aliases[match[0]] as string) : match[0];
    const coordinate = fnv1a(word) % dimensions;
    vector[coordinate] = (vector[coordinate] ?? 0) + 1;
  }
  return vector;
}

/**
 * Starts a fake OpenAI-compatible embeddings endpoint on a free loopback port: `POST
 * /v1/embeddings` with `{ model, input }` answers `{ object: 'list', data: [{ embedding, index }],
 * model, usage }` with {@link fakeEmbedding} vectors. It counts requests, and fails on demand.
 *
 * @example
 * const fake = await startFakeEmbeddingsServer({ aliases: { hue: 'color' } });
 * const environment = { DOCENT_EMBEDDINGS_BASE_URL: fake.baseUrl, DOCENT_EMBEDDINGS_MODEL: 'fake' };
 * fake.fail(503); … fake.fail(null); await fake.close();
 */
export async function startFakeEmbeddingsServer(options: FakeEmbeddingsServerOptions = {}): Promise<FakeEmbeddingsServer> {
  const dimensions = options.dimensions ?? 512;
  const aliases = options.aliases ?? {};
  let requests = 0;
  let textsEmbedded = 0;
  let failure: FakeFailure | null = null;

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    requests += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (failure === 'hang') return;
    if (failure !== null) {
      response.writeHead(failure, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'the fake endpoint is failing on purpose' } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model?: string; input?: string | string[] };
    const inputs = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
    const answerBody = JSON.stringify({
      object: 'list',
      data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(input, dimensions, aliases) })),
      model: body.model ?? 'fake',
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
    textsEmbedded += inputs.length;
    response.writeHead(200, { 'content-type': 'application/json' }).end(answerBody);
  };

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      // A client that gave up mid-request (timeout) leaves nothing to answer.
      if (!response.headersSent) response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: String(error) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return requests;
    },
    get textsEmbedded() {
      return textsEmbedded;
    },
    fail(next) {
      failure = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function fnv1a(word: string): number {
  let hash = 0x811c9dc5;
  for (let position = 0; position < word.length; position += 1) {
    hash ^= word.charCodeAt(position);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
