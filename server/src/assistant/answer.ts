import { randomBytes } from 'node:crypto';
import { streamText, type LanguageModel } from 'ai';
import type { Logger } from '../http/logger';
import { buildAnswerPrompt, sectionLabel, type ConversationTurn } from '../models/answer-prompt';
import type { DocsIndex, SearchHit } from '../retrieval/docs-index';
import type { Retriever } from '../retrieval/retriever';
import { buildConversationQuery } from '../retrieval/conversation-query';
import type { ThreadStorage } from '../storage/storage';
import { followUpHistoryBudget } from '../storage/thread-limits';
import { withinBudget, type Thread, type ThreadMessage } from '../storage/thread-types';
import { genericAnswerError, type AnswerEvent, type AnswerSource, type AnswerStream } from './answer-events';
import { AnswerTurns } from './answer-turns';
import type { AssistantRequest } from './request-schema';

const sharedTurns = new AnswerTurns();
/** Model stream parts an answer writes per turn: a slice of work well under a millisecond. */
const partsPerTurn = 16;

/** What {@link answerQuestion} works with. */
export interface AnswerOptions {
  /** The validated request. */
  request: AssistantRequest;
  /** The thread the question belongs to (new or continued). */
  thread: Thread;
  /**
   * The thread's newest stored messages within {@link followUpHistoryBudget}, when they were
   * read with the thread (`findThreadWithRecentMessages`, one round trip). Default: read here
   * when the client sent only its new question.
   */
  recentMessages?: readonly ThreadMessage[];
  threads: ThreadStorage;
  /** The domain's docs index. */
  index: DocsIndex;
  /** Finds the sections (lexical, or hybrid with embeddings). Default: the index's lexical search. */
  retriever?: Retriever;
  model: LanguageModel;
  logger: Logger;
  /** Aborts the model when the client goes away. */
  abortSignal: AbortSignal;
  /** Shares the event loop with the other answers (see {@link AnswerTurns}). Default: one instance for the process. */
  turns?: AnswerTurns;
  /** Told how long the retrieval took and when the model fails (metrics). Default: nobody. */
  observer?: AnswerObserver;
}

/** What an answer reports as it goes, e.g. to the Prometheus metrics (`http/metrics.ts`). */
export interface AnswerObserver {
  /** The sections were found, in `milliseconds`. */
  retrieved(milliseconds: number): void;
  /** The model failed mid-answer (the client gets a generic `error`). */
  modelFailed(): void;
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
 * Either way only the last turns within {@link followUpHistoryBudget} are used, so a follow-up
 * costs the same however long the thread is.
 */
async function conversationTurns(options: AnswerOptions): Promise<ConversationTurn[]> {
  const { request, thread } = options;
  const textOf = (turn: ConversationTurn) => turn.text;
  if (request.turns.length > 1 || thread.messageCount === 0) return withinBudget(request.turns, followUpHistoryBudget, textOf);
  const recent = options.recentMessages ?? (await options.threads.recentMessages(thread.id, followUpHistoryBudget));
  const stored = recent.map(({ role, text }) => ({ role, text }));
  return withinBudget([...stored, ...request.turns], followUpHistoryBudget, textOf);
}

/**
 * Answers one question as a stream of events for an encoder, which it returns at once: the
 * search, the prompt and storing the question in the thread happen when the encoder first reads
 * after its `start` (so the response begins before the retrieval, however busy the server), and
 * the first event is the answer's `sources`. The finished answer is stored in the thread before
 * the `finish` event goes out, so a client that saw `finish` can continue the thread at once. If
 * the client leaves (or the stream is cancelled) the model is aborted and nothing more is stored.
 */
export function answerQuestion(options: AnswerOptions): AnswerStream {
  const { request, thread, threads, index, model, logger, observer } = options;
  const answerTurns = options.turns ?? sharedTurns;

  async function* events(): AsyncGenerator<AnswerEvent> {
    // The encoder asks for this right after writing `start`: without waiting for a turn here,
    // each answer's search would run before the server even read the requests behind it.
    await answerTurns.next();
    const turns = await conversationTurns(options);
    const search = {
      ...buildConversationQuery(turns, request.context),
      limit: request.retrievalPageSize,
      currentPath: request.currentPath,
      filter: request.filter,
    };
    const searchStarted = performance.now();
    const hits = options.retriever ? await options.retriever.retrieve(search, { signal: options.abortSignal }) : index.search(search);
    observer?.retrieved(performance.now() - searchStarted);
    const prompt = buildAnswerPrompt({
      turns,
      sections: hits,
      context: request.context,
      currentPath: request.currentPath,
      vocabulary: index,
      sectionAfter: (section) => index.sectionAfter(section.id),
    });
    // Stored with its answer in one write when the answer is done (else alone, below).
    const question = { threadId: thread.id, role: 'user' as const, text: request.question, currentPath: request.currentPath, context: request.context };
    let stored = false;
    const stop = new AbortController();
    let text = '';
    let finished = false;
    try {
      yield { type: 'sources', sources: sourcesOf(hits) };
      await answerTurns.next();
      const result = streamText({
        model,
        ...prompt,
        abortSignal: AbortSignal.any([stop.signal, options.abortSignal]),
        maxRetries: 1,
        // Errors arrive as `error` parts below; this only keeps the SDK from printing them.
        onError: () => {},
      });
      let parts = 0;
      for await (const part of result.fullStream) {
        if (++parts % partsPerTurn === 0) await answerTurns.next();
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
          observer?.modelFailed();
          yield { type: 'error', message: genericAnswerError };
          return;
        } else if (part.type === 'abort') {
          return;
        } else if (part.type === 'finish') {
          await threads.addMessages([question, { threadId: thread.id, role: 'assistant', text, currentPath: request.currentPath, context: [] }]);
          stored = true;
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
      // An answer that failed or was abandoned still leaves its question in the thread.
      if (!stored) await threads.addMessages([question]);
    }
  }

  return {
    messageId: `msg_${randomBytes(12).toString('base64url')}`,
    threadId: thread.id,
    events: events(),
  };
}
