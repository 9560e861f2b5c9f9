import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { silentLogger } from '../http/logger';
import { createExtractiveModel } from '../models/extractive-model';
import { loadDocsIndex, type DocsIndex } from '../retrieval/docs-index';
import type { Retriever } from '../retrieval/retriever';
import { openStorage } from '../storage/open-storage';
import type { Storage } from '../storage/storage';
import { answerQuestion } from './answer';
import { encodeDataStreamV4 } from './data-stream-v4';
import { parseAssistantRequest } from './request-schema';
import { encodeUIMessageStream } from './ui-message-stream';

let dataDir: string;
let storage: Storage;
let index: DocsIndex;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'docent-answer-start-'));
  storage = await openStorage({ dataDir, databaseUrl: null });
  index = await loadDocsIndex('demo/docs');
});
afterAll(async () => {
  await storage.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A retriever that records when it is called and answers only once released. */
function heldRetriever(order: string[]): Retriever & { release(): void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    release: () => release(),
    async retrieve(request) {
      order.push('retrieval started');
      await released;
      order.push('retrieval done');
      return index.search(request);
    },
  };
}

const body = {
  v2: { fp: 'anonymous', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'How do I change the accent color?' }] }] },
  v1: { fp: 'anonymous', messages: [{ id: 'm1', role: 'user', content: 'How do I change the accent color?' }] },
} as const;

const encoders = { v2: encodeUIMessageStream, v1: encodeDataStreamV4 };
const firstPart = { v2: /^data: \{"type":"start"/, v1: /^f:\{"messageId"/ };
const sourcePart = { v2: /"type":"source-url"/, v1: /^h:/m };

test.each(['v2', 'v1'] as const)('%s: the stream starts before the retrieval, and the sources follow it', async (version) => {
  const order: string[] = [];
  const retriever = heldRetriever(order);
  const thread = await storage.threads.createThread({ domain: 'demo', fp: 'anonymous' });
  const answer = answerQuestion({
    request: parseAssistantRequest(version, body[version]),
    thread,
    threads: storage.threads,
    index,
    retriever,
    model: createExtractiveModel(),
    logger: silentLogger,
    abortSignal: new AbortController().signal,
  });
  const reader = encoders[version](answer).getReader();
  const decoder = new TextDecoder();
  const first = decoder.decode((await reader.read()).value);
  order.push('first part read');
  expect(first).toMatch(firstPart[version]);

  // The retrieval is under way (held), and nothing else has been written meanwhile.
  const pending = reader.read();
  await vi.waitFor(() => expect(order).toContain('retrieval started'));
  retriever.release();
  let rest = decoder.decode((await pending).value);
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
  expect(order).toEqual(['first part read', 'retrieval started', 'retrieval done']);
  expect(rest).toMatch(sourcePart[version]);
  expect(rest.indexOf('accent')).toBeGreaterThan(-1);
});
