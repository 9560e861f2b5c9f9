import { describe, expect, it } from 'vitest';
import type { AskMessage, AskOptions, AskResult, AssistantClient } from '../../../src/client/assistant-client';
import { parseQuestionSet } from './question-set';
import { countRequests, runQuestionSet } from './runner';

interface Call {
  messages: AskMessage[];
  options: AskOptions;
  /** The thread id the answer carried. */
  threadId: string;
}

/** An assistant that answers from a script keyed by the question, and records what it was sent. */
function scriptedAssistant(script: Record<string, { text: string; sources: string[] } | Error>) {
  const calls: Call[] = [];
  let threads = 0;
  const assistant: AssistantClient = {
    ask(messages, options = {}) {
      const conversation = typeof messages === 'string' ? [{ role: 'user' as const, content: messages }] : messages;
      const question = conversation.at(-1)?.content ?? '';
      const entry = script[question] ?? { text: "The documentation doesn't cover this.", sources: [] };
      const threadId = options.threadId ?? `thread-${++threads}`;
      calls.push({ messages: conversation.map((message) => ({ ...message })), options, threadId });
      const failure = entry instanceof Error ? entry : undefined;
      const settle = <T>(value: T) => (failure ? Promise.reject(failure) : Promise.resolve(value));
      const result: AskResult = {
        async *[Symbol.asyncIterator]() {
          if (failure) throw failure;
          if (!(entry instanceof Error)) for (const word of entry.text.split(/(?<= )/)) yield word;
        },
        text: settle(entry instanceof Error ? '' : entry.text),
        sources: settle(entry instanceof Error ? [] : entry.sources.map((url) => ({ url }))),
        threadId: settle(threadId),
      };
      for (const promise of [result.text, result.sources, result.threadId]) promise.catch(() => undefined);
      return result;
    },
  };
  return { assistant, calls };
}

const set = parseQuestionSet({
  questions: [
    { id: 'first', question: 'first?', expected: ['/docs/a'] },
    { id: 'second', question: 'second?', expected: ['/docs/b'] },
    { id: 'missing', question: 'missing?', expected: ['/docs/c'] },
    { id: 'broken', question: 'broken?', expected: ['/docs/a'] },
  ],
  conversations: [
    {
      id: 'talk',
      turns: [
        { question: 'opening?', expected: ['/docs/a'] },
        { question: 'follow-up?', expected: ['/docs/b'] },
      ],
    },
  ],
  currentPath: [
    { id: 'steer', question: 'this page?', pages: ['/docs/a', '/docs/b'] },
    { id: 'keep', question: 'keep?', expected: ['/docs/c'], unrelated: ['/docs/a'] },
  ],
  unanswerable: [
    { id: 'nope', question: 'nope?' },
    { id: 'invented', question: 'invented?' },
  ],
});

const script = {
  'first?': { text: 'Answer one.', sources: ['https://docs.example.com/docs/a.html#intro', '/docs/b'] },
  'second?': { text: 'Answer two.', sources: ['/docs/a', '/docs/b/', '/docs/b#again'] },
  'missing?': { text: 'The documentation doesn\u2019t cover this: nothing about it.', sources: ['/docs/a', '/docs/b'] },
  'broken?': new Error('The service refused the request.'),
  'opening?': { text: 'Opening answer.', sources: ['/docs/a'] },
  'follow-up?': { text: 'Follow-up answer.', sources: ['/docs/c', '/docs/b'] },
  'this page?': { text: 'About a.', sources: ['/docs/a', '/docs/b'] },
  'keep?': { text: 'About c.', sources: ['/docs/a', '/docs/b', '/docs/c'] },
  'invented?': { text: 'Sure, here is how.', sources: ['/docs/a'] },
};

describe('runQuestionSet', () => {
  it('measures ranks, answers, declines, follow-ups and currentPath runs as the issue defines them', async () => {
    const { assistant } = scriptedAssistant(script);
    const { metrics, runs } = await runQuestionSet(set, assistant);
    expect(runs).toHaveLength(countRequests(set));
    // Ranks 1, 2, absent, failed: hit@1 1/4, hit@3 2/4, MRR (1 + 1/2) / 4.
    expect(metrics.hitAt1).toEqual({ count: 1, total: 4, share: 0.25 });
    expect(metrics.hitAt3).toEqual({ count: 2, total: 4, share: 0.5 });
    expect(metrics.hitAt5.count).toBe(2);
    expect(metrics.meanReciprocalRank).toBeCloseTo(0.375);
    // "missing?" declines (curly apostrophe), "broken?" failed: 2 of 4 answered.
    expect(metrics.answered).toEqual({ count: 2, total: 4, share: 0.5 });
    expect(metrics.unanswerableDeclined).toEqual({ count: 1, total: 2, share: 0.5 });
    // Only the turn after the first counts; its page is second.
    expect(metrics.followUpsOnTopic).toEqual({ count: 1, total: 1, share: 1 });
    // On /docs/b the first source is /docs/a: 1 of 2 steered.
    expect(metrics.currentPathSteers).toEqual({ count: 1, total: 2, share: 0.5 });
    expect(metrics.currentPathKeeps).toEqual({ count: 1, total: 1, share: 1 });
    expect(metrics.errors).toBe(1);
    expect(metrics.latency.firstDelta.p50).toBeGreaterThanOrEqual(0);

    const second = runs.find((run) => run.id === 'second');
    expect(second).toMatchObject({ pages: ['/docs/a', '/docs/b'], rank: 2, answer: 'Answer two.', declined: false });
    expect(runs.find((run) => run.id === 'broken')).toMatchObject({ error: 'The service refused the request.', pages: [] });
  });

  it('sends follow-ups as the widget does: earlier turns with the real answers, and the thread id', async () => {
    const { assistant, calls } = scriptedAssistant(script);
    await runQuestionSet(set, assistant, { pageSize: 8 });
    const opening = calls.find((call) => call.messages.at(-1)?.content === 'opening?');
    const followUp = calls.find((call) => call.messages.at(-1)?.content === 'follow-up?');
    expect(opening?.options).toMatchObject({ threadId: null, retrievalPageSize: 8 });
    expect(followUp?.messages).toEqual([
      { role: 'user', content: 'opening?' },
      { role: 'assistant', content: 'Opening answer.' },
      { role: 'user', content: 'follow-up?' },
    ]);
    expect(opening?.threadId).toMatch(/^thread-/);
    expect(followUp?.options.threadId).toBe(opening?.threadId);

    const steered = calls.filter((call) => call.messages.at(-1)?.content === 'this page?').map((call) => call.options.currentPath);
    expect(steered).toEqual(['/docs/a', '/docs/b']);
    expect(calls.find((call) => call.messages.at(-1)?.content === 'keep?')?.options.currentPath).toBe('/docs/a');
    expect(calls.find((call) => call.messages.at(-1)?.content === 'first?')?.options.currentPath).toBeUndefined();
  });
});
