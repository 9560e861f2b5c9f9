import type { AskMessage, AskSource, AssistantClient } from '../../../src/client/assistant-client';
import { isDecline } from './decline';
import { computeMetrics, type EvalMetrics } from './metrics';
import { citedPages, rankedPages, rankOf } from './page-path';
import { isSteerCase, type QuestionSet } from './question-set';

/**
 * What one request of a run was: an answerable `question`, a `conversation` turn (`turn` 0 is the
 * opening question, later turns are the follow-ups measured), an `unanswerable` question, or a
 * `currentPath` case asked on the page it is about (`current-page`) or on an `unrelated-page`.
 */
export type EvalRunKind = 'question' | 'conversation' | 'unanswerable' | 'current-page' | 'unrelated-page';

/** One request and what came back. */
export interface EvalRun {
  kind: EvalRunKind;
  /** The case's id from the question file. */
  id: string;
  question: string;
  /** Pages that count as right (for `current-page`: the page being read). Empty for `unanswerable`. */
  expected: string[];
  /** Index of the turn in its conversation. */
  turn?: number;
  /** The `currentPath` sent. */
  currentPath?: string;
  /** The distinct pages of the stream's `source-url` parts, in order, as comparable paths. */
  pages: string[];
  /** The sources as streamed. */
  sources: AskSource[];
  answer: string;
  /** Whether the answer says "the documentation doesn't cover this". */
  declined: boolean;
  /** The pages the answer cites (links to its sources), as comparable paths. */
  cited: string[];
  /** 1-based rank of the first right page within the first 5 pages, when there. */
  rank?: number;
  /** Milliseconds from sending the request to the first text-delta. */
  firstDeltaMilliseconds?: number;
  /** Milliseconds from sending the request to the end of the stream. */
  totalMilliseconds: number;
  /** Why the request failed, when it did. */
  error?: string;
}

/** The outcome of running a question set. */
export interface EvalReport {
  runs: EvalRun[];
  metrics: EvalMetrics;
}

/** Options of {@link runQuestionSet}. */
export interface RunQuestionSetOptions {
  /** `retrievalPageSize` sent with each question. Default: 5. */
  pageSize?: number;
  /** Monotonic clock in milliseconds. Default: `performance.now`. */
  clock?: () => number;
  /** Called after each request, e.g. for a progress line. */
  onRun?: (run: EvalRun, done: number, total: number) => void;
}

interface Request {
  kind: EvalRunKind;
  id: string;
  question: string;
  expected: string[];
  currentPath?: string;
}

/** How many requests a set makes: one per question, turn and `currentPath` page. */
export function countRequests(set: QuestionSet): number {
  return (
    set.questions.length +
    set.unanswerable.length +
    set.conversations.reduce((sum, conversation) => sum + conversation.turns.length, 0) +
    set.currentPath.reduce((sum, entry) => sum + (isSteerCase(entry) ? entry.pages.length : entry.unrelated.length), 0)
  );
}

/**
 * Sends every question of a set to the assistant, one at a time (so latencies are not skewed by
 * each other), through the project's own client, and measures what came back. Conversations are
 * sent as the widget sends them: every earlier turn with the assistant's real answer, and the
 * thread id from the previous answer. A failed request is recorded (as a miss) and the run goes on.
 */
export async function runQuestionSet(set: QuestionSet, assistant: AssistantClient, options: RunQuestionSetOptions = {}): Promise<EvalReport> {
  const pageSize = options.pageSize ?? 5;
  const clock = options.clock ?? (() => performance.now());
  const total = countRequests(set);
  const runs: EvalRun[] = [];

  const send = async (request: Request, messages: AskMessage[], threadId: string | null, turn?: number) => {
    const started = clock();
    let firstDelta: number | undefined;
    let answer = '';
    let sources: AskSource[] = [];
    let nextThreadId: string | undefined;
    let error: string | undefined;
    try {
      const result = assistant.ask(messages, {
        threadId,
        retrievalPageSize: pageSize,
        ...(request.currentPath === undefined ? {} : { currentPath: request.currentPath }),
      });
      for await (const delta of result) {
        firstDelta ??= clock() - started;
        answer += delta;
      }
      sources = await result.sources;
      nextThreadId = await result.threadId;
    } catch (caught) {
      error = (caught as Error).message;
    }
    const pages = rankedPages(sources.map((source) => source.url));
    const rank = request.expected.length === 0 ? undefined : rankOf(pages, request.expected, 5);
    const run: EvalRun = {
      ...request,
      ...(turn === undefined ? {} : { turn }),
      pages,
      sources,
      answer,
      declined: isDecline(answer),
      cited: citedPages(answer, sources),
      ...(rank === undefined ? {} : { rank }),
      ...(firstDelta === undefined ? {} : { firstDeltaMilliseconds: firstDelta }),
      totalMilliseconds: clock() - started,
      ...(error === undefined ? {} : { error }),
    };
    runs.push(run);
    options.onRun?.(run, runs.length, total);
    return { answer, threadId: nextThreadId };
  };
  const single = (request: Request) => send(request, [{ role: 'user', content: request.question }], null);

  for (const question of set.questions) {
    await single({ kind: 'question', id: question.id, question: question.question, expected: question.expected });
  }
  for (const conversation of set.conversations) {
    const messages: AskMessage[] = [];
    let threadId: string | null = null;
    for (const [turn, step] of conversation.turns.entries()) {
      messages.push({ role: 'user', content: step.question });
      const request: Request = { kind: 'conversation', id: conversation.id, question: step.question, expected: step.expected };
      const { answer, threadId: next } = await send(request, [...messages], threadId, turn);
      messages.push({ role: 'assistant', content: answer });
      threadId = next ?? threadId;
    }
  }
  for (const entry of set.currentPath) {
    if (isSteerCase(entry)) {
      for (const page of entry.pages) {
        await single({ kind: 'current-page', id: entry.id, question: entry.question, expected: [page], currentPath: page });
      }
    } else {
      for (const page of entry.unrelated) {
        await single({ kind: 'unrelated-page', id: entry.id, question: entry.question, expected: entry.expected, currentPath: page });
      }
    }
  }
  for (const question of set.unanswerable) {
    await single({ kind: 'unanswerable', id: question.id, question: question.question, expected: [] });
  }
  return { runs, metrics: computeMetrics(runs) };
}
