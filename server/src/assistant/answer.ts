import { randomBytes } from 'node:crypto';
import { streamText, type LanguageModel } from 'ai';
import type { Logger } from '../http/logger';
import { buildAnswerPrompt, sectionLabel, type ConversationTurn } from '../models/answer-prompt';
import type { DocsIndex, SearchHit } from '../retrieval/docs-index';
import type { Retriever } from '../retrieval/retriever';
import { buildConversationQuery } from '../retrieval/conversation-query';
import type { Thread, ThreadStore } from '../storage/thread-store';
import { genericAnswerError, type AnswerEvent, type AnswerSource, type AnswerStream } from './answer-events';
import type { AssistantRequest } from './request-schema';

/** What {@link answerQuestion} works with. */
export interface AnswerOptions {
  /** The validated request. */
  request: AssistantRequest;
  /** The thread the question belongs to (new or continued). */
  thread: Thread;
  threads: ThreadStore;
  /** The domain's docs index. */
  index: DocsIndex;
  /** Finds the sections (lexical, or hybrid with embeddings). Default: the index's lexical search. */
  retriever?: Retriever;
  model: LanguageModel;
  logger: Logger;
  /** Aborts the model when the client goes away. */
  abortSignal: AbortSignal;
}

/** One source per page, in retrieval order, pointing at that page's best section. */
export function sourcesOf(hits: readonly SearchHit[]): AnswerSource[] {
  const seenPages = new Set<string>();
  const sources: AnswerSource[] = [];
  for (const hit of hits) {
    if (seenPages.has(hit.pagePath)) continue;
    seenPages.add(hit.pagePath);
    sources.push({ id: hit.id, url: hit.url, title: sectionLabel(hit) });
  }
  return sources;
}

/**
 * The conversation the model sees. Chat SDK clients send the whole conversation each time; a
 * client that sends only the new question on an existing thread gets the stored turns before it.
 */
function conversationTurns(request: AssistantRequest, threads: ThreadStore, thread: Thread): ConversationTurn[] {
  if (request.turns.length > 1) return request.turns;
  const stored = threads.listMessages(thread.id).map(({ role, text }) => ({ role, text }));
  return [...stored, ...request.turns];
}

/**
 * Answers one question: searches the domain's docs (through the retriever, when given),
 * builds the prompt, stores the question in
 * the thread, and returns the answer as a stream of events for an encoder. The model starts when
 * the encoder first reads; the finished answer is stored in the thread before the `finish`
 * event goes out, so a client that saw `finish` can continue the thread at once. If the client
 * leaves (or the stream is cancelled) the model is aborted and nothing more is stored.
 */
export async function answerQuestion(options: AnswerOptions): Promise<AnswerStream> {
  const { request, thread, threads, index, model, logger } = options;
  const turns = conversationTurns(request, threads, thread);
  const search = {
    ...buildConversationQuery(turns, request.context),
    limit: request.retrievalPageSize,
    currentPath: request.currentPath,
    filter: request.filter,
  };
  // Without a retriever the lexical search stays synchronous: nothing is added before the first byte.
  const hits = options.retriever ? await options.retriever.retrieve(search, { signal: options.abortSignal }) : index.search(search);
  const prompt = buildAnswerPrompt({ turns, sections: hits, context: request.context, currentPath: request.currentPath, vocabulary: index });
  threads.addMessage({
    threadId: thread.id,
    role: 'user',
    text: request.question,
    fp: request.fp,
    currentPath: request.currentPath,
    context: request.context,
  });

  async function* events(): AsyncGenerator<AnswerEvent> {
    const stop = new AbortController();
    let text = '';
    let finished = false;
    try {
      const result = streamText({
        model,
        ...prompt,
        abortSignal: AbortSignal.any([stop.signal, options.abortSignal]),
        maxRetries: 1,
        // Errors arrive as `error` parts below; this only keeps the SDK from printing them.
        onError: () => {},
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          text += part.text;
          yield { type: 'text', delta: part.text };
        } else if (part.type === 'error') {
          const error = part.error;
          logger.error({
            event: 'answer_failed',
            domain: thread.domain,
            threadId: thread.id,
            error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          });
          yield { type: 'error', message: genericAnswerError };
          return;
        } else if (part.type === 'abort') {
          return;
        } else if (part.type === 'finish') {
          threads.addMessage({ threadId: thread.id, role: 'assistant', text, fp: request.fp, currentPath: request.currentPath, context: [] });
          finished = true;
          yield {
            type: 'finish',
            finishReason: part.finishReason,
            usage: { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens },
          };
          return;
        }
      }
    } finally {
      if (!finished) stop.abort();
    }
  }

  return {
    messageId: `msg_${randomBytes(12).toString('base64url')}`,
    threadId: thread.id,
    sources: sourcesOf(hits),
    events: events(),
  };
}
