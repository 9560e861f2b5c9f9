/**
 * The answer model of `npm run bench:widget`: a scripted `LanguageModelV3` (the AI SDK's
 * `MockLanguageModelV3`) whose answers are Markdown of a length named in the question, so the
 * widget can be made to stream answers of 1k, 4k, 16k… characters, always the same ones.
 */
import type { LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

/** Options of {@link createLongAnswerModel}. */
export interface LongAnswerModelOptions {
  /** Pause between text chunks in milliseconds, as a model streaming tokens would. Default 8. */
  chunkDelayMs?: number;
  /** Characters per text chunk (chunks end at word boundaries, so roughly). Default 20. */
  chunkCharacters?: number;
}

/** The question that makes {@link createLongAnswerModel} answer with `characters` characters. */
export function longAnswerQuestion(characters: number): string {
  return `Write a benchmark answer of ${characters} characters.`;
}

/**
 * A model that answers {@link longAnswerQuestion} with {@link benchmarkMarkdown} of that length,
 * split into {@link longAnswerChunks}; any other question gets a 400-character answer.
 */
export function createLongAnswerModel(options: LongAnswerModelOptions = {}): MockLanguageModelV3 {
  const chunkDelayMs = options.chunkDelayMs ?? 8;
  const chunkCharacters = options.chunkCharacters ?? 20;
  return new MockLanguageModelV3({
    modelId: 'bench-long-answer',
    doStream: async (call) => {
      const requested = /(\d+) characters/.exec(lastUserText(call.prompt))?.[1];
      const chunks = longAnswerChunks(Number(requested ?? 400), chunkCharacters);
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 'answer' },
        ...chunks.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 'answer', delta })),
        { type: 'text-end', id: 'answer' },
        {
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: chunks.length, text: chunks.length, reasoning: undefined },
          },
        },
      ];
      return { stream: simulateReadableStream({ chunks: parts, chunkDelayInMs: chunkDelayMs }) };
    },
  });
}

/** The text chunks of a {@link benchmarkMarkdown} answer of `characters` characters. */
export function longAnswerChunks(characters: number, chunkCharacters = 20): string[] {
  const words = benchmarkMarkdown(characters).match(/\s*\S+\s*/g) ?? [];
  const chunks: string[] = [];
  let current = '';
  for (const word of words) {
    current += word;
    if (current.length >= chunkCharacters) {
      chunks.push(current);
      current = '';
    }
  }
  if (current !== '') chunks.push(current);
  return chunks;
}

/**
 * Deterministic Markdown of about `characters` characters (cut at a block boundary at or after
 * it), with what real answers hold: headings, paragraphs with inline code and links, lists and
 * fenced code blocks in a few languages.
 */
export function benchmarkMarkdown(characters: number): string {
  const blocks: string[] = [];
  let length = 0;
  for (let section = 1; length < characters; section++) {
    const kind = section % 3;
    const sectionBlocks = [
      `## Step ${section}: configure the widget`,
      `To change how the assistant behaves in step ${section}, set the \`accent\` option on the script tag or call \`Docent.update()\` later. ` +
        `The option is read when the widget starts, and [the options page](/docs/options#accent) lists every value it accepts. ` +
        `Values that are not valid are reported once in the console and ignored, so the page keeps working.`,
      `- Add the script tag with \`data-domain\` and \`data-api-key\`.\n- Set \`data-accent\` to a CSS color, for example \`#0b7285\`.\n- Reload the page and open the assistant with **Ask AI**.`,
      kind === 0
        ? '```ts\nimport { mount } from \'docent\';\n\nconst docent = mount(document.body, { domain: \'acme\', apiKey: \'svc_dsc_example\' });\ndocent.on(\'finish\', ({ threadId }) => console.log(threadId));\n```'
        : kind === 1
          ? '```bash\nnpm install docent\nnpx docent ask "How do I change the accent color?" --domain acme\n```'
          : '```css\n:root {\n  --docent-accent: #0b7285;\n  --docent-radius: 12px;\n}\n```',
    ];
    for (const block of sectionBlocks) {
      blocks.push(block);
      length += block.length + 2;
    }
  }
  return blocks.join('\n\n');
}

function lastUserText(prompt: LanguageModelV3Prompt): string {
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index];
    if (message?.role === 'user') return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  }
  return '';
}
