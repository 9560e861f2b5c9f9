import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { AnswerSection, DocentAnswerOptions, FollowingSection, PageContextItem } from './answer-prompt';
import type { ExtractiveAnswerOptions } from './extractive-answer';
import { composeExtractiveAnswer } from './extractive-answer';
import type { TermStatistics } from './term-statistics';
import { isTermStatistics } from './term-statistics';

/** Options of {@link createExtractiveModel}. */
export interface ExtractiveModelOptions extends ExtractiveAnswerOptions {
  /**
   * Pause between streamed words, in milliseconds, to make the streaming visible in demos.
   * Default `0`: every word is sent as soon as the reader can take it.
   */
  chunkDelayMs?: number;
  /** The model id reported to the SDK (and in telemetry). Default `'extractive'`. */
  modelId?: string;
}

/**
 * The embedded answer model: a real AI SDK language model (`LanguageModelV3`) that needs no
 * network and no weights. It reads the retrieved sections from `providerOptions.docent` (see
 * `buildAnswerPrompt`) and the reader's messages, and answers by quoting the docs: the passage
 * that answers, with its steps and code, and the sections it quotes; or a plain "the
 * documentation doesn't cover this" with the nearest pages. The answer streams word by word.
 *
 * Deterministic: the same prompt always gives the same answer. Usage is reported in words
 * (prompt words in, streamed chunks out), since there is no tokenizer.
 *
 * @example
 * const result = streamText({ model: createExtractiveModel(), ...buildAnswerPrompt(input) });
 */
export function createExtractiveModel(options: ExtractiveModelOptions = {}): LanguageModelV3 {
  const chunkDelayMs = Math.max(0, options.chunkDelayMs ?? 0);
  const answer = (call: LanguageModelV3CallOptions) => {
    const material = readDocentOptions(call.providerOptions);
    const questions = userTexts(call.prompt);
    const text = composeExtractiveAnswer(
      {
        question: questions.at(-1) ?? '',
        earlierQuestions: questions.slice(0, -1),
        sections: material.sections,
        context: material.context,
        ...(material.statistics === undefined ? {} : { statistics: material.statistics }),
        currentPath: material.currentPath,
      },
      options,
    );
    const chunks = text.match(/\s*\S+\s*/g) ?? [];
    return { text, chunks, usage: usage(promptWords(call.prompt, material), chunks.length) };
  };

  return {
    specificationVersion: 'v3',
    provider: 'docent',
    modelId: options.modelId ?? 'extractive',
    supportedUrls: {},

    async doGenerate(call): Promise<LanguageModelV3GenerateResult> {
      throwIfAborted(call.abortSignal);
      const { text, usage } = answer(call);
      return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
    },

    async doStream(call): Promise<LanguageModelV3StreamResult> {
      throwIfAborted(call.abortSignal);
      const { chunks, usage } = answer(call);
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 'answer' },
        ...chunks.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 'answer', delta })),
        { type: 'text-end', id: 'answer' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ];
      return { stream: partStream(parts, call.abortSignal, chunkDelayMs) };
    },
  };
}

// One part per pull: the reader's pace sets ours, and an abort stops the answer mid-way.
function partStream(parts: LanguageModelV3StreamPart[], signal: AbortSignal | undefined, delayMs: number): ReadableStream<LanguageModelV3StreamPart> {
  let next = 0;
  let onAbort: (() => void) | undefined;
  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      if (signal === undefined) return;
      onAbort = () => controller.error(abortError(signal));
      signal.addEventListener('abort', onAbort, { once: true });
    },
    async pull(controller) {
      if (signal?.aborted) return;
      const part = parts[next++];
      if (part === undefined) {
        if (onAbort) signal?.removeEventListener('abort', onAbort);
        controller.close();
        return;
      }
      if (part.type === 'text-delta') {
        const textIndex = next - 3;
        if (delayMs > 0 && textIndex > 0) await sleep(delayMs, signal);
        // Without a pause the whole answer would stream in one run of promise callbacks: the
        // server could not flush what it wrote (headers, sources) until the end, nor serve
        // other requests meanwhile. Giving the event loop a turn before the first word and
        // every few dozen words keeps time to first byte low, even under concurrent load.
        else if (textIndex % wordsPerTurn === 0) await nextTurn();
      }
      if (signal?.aborted) return;
      controller.enqueue(part);
    },
    cancel() {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    },
  });
}

/**
 * Reads `providerOptions.docent`, tolerating anything missing (then there is nothing to quote and
 * the answer says the docs do not cover the question).
 */
function readDocentOptions(providerOptions: LanguageModelV3CallOptions['providerOptions']): {
  sections: AnswerSection[];
  context: PageContextItem[];
  statistics: TermStatistics | undefined;
  currentPath: string | null;
} {
  const docent = providerOptions?.docent as Partial<DocentAnswerOptions> | undefined;
  const sections = Array.isArray(docent?.sections) ? docent.sections.filter(isAnswerSection).map(withUsableFollowing) : [];
  const context = Array.isArray(docent?.context) ? docent.context.filter(isContextItem) : [];
  const statistics = isTermStatistics(docent?.statistics) ? docent.statistics : undefined;
  const currentPath = typeof docent?.currentPath === 'string' ? docent.currentPath : null;
  return { sections, context, statistics, currentPath };
}

// A retrieved section: a following section's shape (its heading trail may be left out) and a page title.
function isAnswerSection(value: unknown): value is AnswerSection {
  const section = value as Partial<AnswerSection> | null;
  return typeof section?.pageTitle === 'string' && isFollowingSection(section.headingTrail === undefined ? { ...section, headingTrail: [] } : section);
}

// The sections after one (`next`, `subsections`) only when they have the shape answers read.
function withUsableFollowing(section: AnswerSection): AnswerSection {
  const { next, subsections, ...rest } = section;
  const usable: AnswerSection = rest;
  if (isFollowingSection(next)) usable.next = next;
  if (Array.isArray(subsections) && subsections.every(isFollowingSection)) usable.subsections = subsections;
  return usable;
}

function isFollowingSection(value: unknown): value is FollowingSection {
  const section = value as Partial<FollowingSection> | null;
  return (
    typeof section === 'object' &&
    section !== null &&
    typeof section.url === 'string' &&
    typeof section.heading === 'string' &&
    typeof section.markdown === 'string' &&
    Array.isArray(section.headingTrail) &&
    section.headingTrail.every((heading) => typeof heading === 'string')
  );
}

function isContextItem(value: unknown): value is PageContextItem {
  const item = value as Partial<PageContextItem> | null;
  return typeof item === 'object' && item !== null && typeof item.value === 'string' && (item.type === 'code' || item.type === 'textSelection');
}

// The reader's messages, oldest first: the last is the question, the others steer a follow-up.
function userTexts(prompt: LanguageModelV3Prompt): string[] {
  const texts: string[] = [];
  for (const message of prompt) {
    if (message.role !== 'user') continue;
    const text = message.content
      .map((part) => (part.type === 'text' ? part.text : ''))
      .join(' ')
      .trim();
    if (text !== '') texts.push(text);
  }
  return texts;
}

function promptWords(prompt: LanguageModelV3Prompt, material: Pick<DocentAnswerOptions, 'sections' | 'context'>): number {
  let words = 0;
  const count = (text: string) => {
    words += text.split(/\s+/).filter((word) => word !== '').length;
  };
  for (const message of prompt) {
    if (message.role === 'system') count(message.content);
    else for (const part of message.content) if (part.type === 'text') count(part.text);
  }
  // The system prompt already holds the sections for a real model; count them only if it does not.
  if (!prompt.some((message) => message.role === 'system')) for (const section of material.sections) count(section.markdown);
  for (const item of material.context) count(item.value);
  return words;
}

function usage(inputWords: number, outputChunks: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: inputWords, noCache: inputWords, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: outputChunks, text: outputChunks, reasoning: undefined },
  };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

// The SDK recognises an abort by the error's name; a custom reason would read as a failure.
function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The answer was aborted.', 'AbortError');
}

const wordsPerTurn = 32;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));
}

function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, milliseconds);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
