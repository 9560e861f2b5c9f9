import path from 'node:path';
import { generateText, streamText } from 'ai';
import { beforeAll, describe, expect, test } from 'vitest';
import { pageWithSections } from '../ingest/markdown-pages';
import { DocsIndex, loadDocsIndex } from '../retrieval/docs-index';
import { buildSearchQuery } from '../retrieval/search-query';
import type { ConversationTurn, PageContextItem } from './answer-prompt';
import { buildAnswerPrompt } from './answer-prompt';
import type { ExtractiveModelOptions } from './extractive-model';
import { createExtractiveModel } from './extractive-model';

let index: DocsIndex;

beforeAll(async () => {
  index = await loadDocsIndex(path.join(import.meta.dirname, '../retrieval/fixtures/docs'));
});

/** The same path the server takes: query, retrieval, prompt, `streamText` over the model. */
function ask(question: string, options: { context?: PageContextItem[]; model?: ExtractiveModelOptions; abortSignal?: AbortSignal; turns?: ConversationTurn[] } = {}) {
  const turns: ConversationTurn[] = [...(options.turns ?? []), { role: 'user', text: question }];
  const context = options.context ?? [];
  const sections = index.search({ query: buildSearchQuery(turns, context), limit: 5 });
  const prompt = buildAnswerPrompt({ turns, sections, context, currentPath: null });
  return streamText({ model: createExtractiveModel(options.model), ...prompt, abortSignal: options.abortSignal });
}

async function answerText(question: string, options?: Parameters<typeof ask>[1]): Promise<string> {
  return ask(question, options).text;
}

function firstParagraph(markdown: string): string {
  return markdown.split('\n\n')[0] ?? '';
}

function codeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```+[^\n]*\n([\s\S]*?)\n```+$/gm)].map((match) => match[1] ?? '');
}

function sourceLinks(markdown: string): string[] {
  const line = markdown.split('\n').find((text) => text.startsWith('Quoted from ')) ?? '';
  return [...line.matchAll(/\[([^\]]+)\]\(([^)]+)\)/g)].map((match) => `${match[1]} -> ${match[2]}`);
}

describe('extractive model answers', () => {
  test('opens with the paragraph that answers, then the code and its source', async () => {
    const text = await answerText('How do I verify a webhook signature?');

    expect(firstParagraph(text)).toBe(
      "Every webhook request carries an `X-Harbor-Signature` header: an HMAC-SHA256 of the raw body, keyed with the webhook's secret. Compare it in constant time before you trust the payload.",
    );
    expect(codeBlocks(text)).toHaveLength(1);
    expect(codeBlocks(text)[0]).toContain('timingSafeEqual(Buffer.from(expected), Buffer.from(signature))');
    expect(text).toMatch(/^```js$/m);
    expect(sourceLinks(text)).toEqual(['Webhooks › Verify signatures -> /docs/webhooks#verify-signatures']);
  });

  test('shows the code a "how do I" question needs, next to the sentence that introduces it, in the docs\' order', async () => {
    const text = await answerText('How do I install Harbor?');

    expect(firstParagraph(text)).toBe('Harbor ships as a single binary and as a container image. Run the container with a volume for its storage:');
    expect(text).toContain('Run the container with a volume for its storage:\n\n```bash\ndocker run -d --name harbor');
    expect(text.indexOf('docker run')).toBeLessThan(text.indexOf('On a machine without Docker'));
    expect(sourceLinks(text)).toEqual(['Getting started › Install -> /docs/getting-started#install']);
  });

  test('answers a question about a setting with its table row under the table header', async () => {
    const text = await answerText('What is the default cache TTL?');

    expect(firstParagraph(text)).toBe(
      '| Setting | Environment variable | Default | Meaning |\n| --- | --- | --- | --- |\n| `cache.ttl` | `HARBOR_CACHE_TTL` | `10m` | How long package metadata from the upstream is trusted. |',
    );
    expect(codeBlocks(text)).toEqual([]);
    expect(sourceLinks(text)).toEqual(['Configuration › Settings -> /docs/configuration#settings']);
  });

  test('quotes the fact asked for and adds no code to a question that is not about code', async () => {
    const text = await answerText('How many times is a webhook delivery retried?');

    expect(firstParagraph(text)).toBe(
      'A delivery that does not get a 2xx response within 10 seconds is retried five times, with exponential backoff starting at 30 seconds.',
    );
    expect(codeBlocks(text)).toEqual([]);
    expect(sourceLinks(text)).toEqual(['Webhooks › Retries -> /docs/webhooks#retries']);
  });

  test('says plainly when the docs do not cover the question, naming the missing subject', async () => {
    const text = await answerText('Does Harbor support LDAP login?');

    expect(firstParagraph(text)).toBe("The documentation doesn't cover this: I couldn't find anything about “LDAP” in these docs.");
    expect(text).toMatch(/^The closest pages? (?:is|are) \[/m);
    expect(text).toMatch(/Try rephrasing/);
    expect(text).not.toContain('Quoted from');
    expect(await answerText('How do I cook pasta?')).toMatch(/^The documentation doesn't cover this/);
  });

  test('declines a name of several words the docs never write, though they use each of its words', async () => {
    const docs = DocsIndex.fromPages([
      pageWithSections({ path: '/docs/react', title: 'React', groups: [], markdown: '# React\n\nRender the widget in a React app with the `<Docent />` component.' }),
      pageWithSections({ path: '/docs/apps', title: 'Apps', groups: [], markdown: '# Apps\n\nThe widget runs in browsers and in native shells such as Electron apps.' }),
    ]);
    const answer = async (vocabulary?: DocsIndex) => {
      const turns: ConversationTurn[] = [{ role: 'user', text: 'Can I render the widget in a React Native app?' }];
      const sections = docs.search({ query: buildSearchQuery(turns), limit: 5 });
      return streamText({ model: createExtractiveModel(), ...buildAnswerPrompt({ turns, sections, context: [], currentPath: null, ...(vocabulary ? { vocabulary } : {}) }) }).text;
    };

    expect(firstParagraph(await answer(docs))).toBe("The documentation doesn't cover this: I couldn't find anything about “React Native” in these docs.");
    // Without the vocabulary's phrase lookup, each word is found and the page on React is quoted.
    expect(await answer()).toContain('Quoted from');
  });

  test("sums up the reader's page when asked, one point per section, and cites them", async () => {
    const turns: ConversationTurn[] = [{ role: 'user', text: 'Can you sum up this page in two bullet points?' }];
    const sections = index.search({ query: buildSearchQuery(turns), limit: 5, currentPath: '/docs/webhooks' });
    const text = await streamText({ model: createExtractiveModel(), ...buildAnswerPrompt({ turns, sections, context: [], currentPath: '/docs/webhooks' }) }).text;
    const page = index.pages.find((candidate) => candidate.path === '/docs/webhooks');

    expect(firstParagraph(text)).toBe(`[${page?.title}](/docs/webhooks) in short:`);
    expect(text.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(2);
    expect(sourceLinks(text).every((source) => source.includes('-> /docs/webhooks'))).toBe(true);
    // Asked from no page, the same words are a question like any other.
    expect(await answerText('Can you sum up this page in two bullet points?')).not.toContain('in short:');
  });

  test('uses attached code as the subject when the question only points at it', async () => {
    const text = await answerText('What does this do?', {
      context: [{ type: 'code', value: "const expected = createHmac('sha256', secret).update(body).digest('hex');", path: '/docs/webhooks' }],
    });

    expect(sourceLinks(text)[0]).toBe('Webhooks › Verify signatures -> /docs/webhooks#verify-signatures');
    expect(codeBlocks(text)[0]).toContain('createHmac');
  });

  test('meets a greeting with a pointer to what it can do', async () => {
    expect(await answerText('Hi!')).toMatch(/^I answer questions from this documentation/);
  });

  test('leaves out following sections that lack the shape answers read, as provider options may come from anywhere', async () => {
    const props = { number: 1, url: '/docs/badge#props', pageTitle: 'Badge', heading: 'Props', headingTrail: ['Badge'], markdown: 'The badge accepts the following props:' };
    const text = { url: '/docs/badge#text', heading: 'text', headingTrail: ['Badge', 'Props'], markdown: 'The text the badge shows.' };
    const answer = async (section: Record<string, unknown>) =>
      (await generateText({ model: createExtractiveModel(), prompt: 'Which props does the badge accept?', providerOptions: JSON.parse(JSON.stringify({ docent: { sections: [section], context: [], currentPath: null } })) })).text;

    expect(await answer({ ...props, subsections: [text] })).toContain('**text**\n\nThe text the badge shows.');
    // A malformed part (no heading trail) or `next` is ignored, not a failed answer.
    const malformed = await answer({ ...props, subsections: [{ ...text, headingTrail: undefined }], next: { url: 7 } });
    expect(malformed.startsWith('The badge accepts the following props:\n\nQuoted from')).toBe(true);
  });

  test('is deterministic: the same question gives the same answer', async () => {
    const first = await answerText('How do I restore a backup?');

    expect(await answerText('How do I restore a backup?')).toBe(first);
    expect(first).toContain('harbor verify --storage /srv/harbor');
  });
});

describe('extractive model streaming', () => {
  test('streams word-sized text deltas between text-start and text-end, then finishes with usage', async () => {
    const result = ask('How do I verify a webhook signature?');
    const types: string[] = [];
    const deltas: string[] = [];
    for await (const part of result.fullStream) {
      types.push(part.type);
      if (part.type === 'text-delta') deltas.push(part.text);
    }

    expect(types[0]).toBe('start');
    expect(types.indexOf('text-start')).toBeLessThan(types.indexOf('text-delta'));
    expect(types.lastIndexOf('text-delta')).toBeLessThan(types.indexOf('text-end'));
    expect(types.at(-1)).toBe('finish');
    expect(deltas.length).toBeGreaterThan(20);
    for (const delta of deltas) expect(delta).toMatch(/^\s*\S+\s*$/);
    expect(deltas.join('')).toBe(await result.text);
    const usage = await result.usage;
    expect(usage.outputTokens).toBe(deltas.length);
    expect(usage.inputTokens).toBeGreaterThan(100);
    expect(await result.finishReason).toBe('stop');
  });

  test('stops when the request is aborted, and the SDK reports an abort', async () => {
    const controller = new AbortController();
    const result = ask('How do I verify a webhook signature?', { abortSignal: controller.signal, model: { chunkDelayMs: 5 } });
    const types: string[] = [];
    let deltas = 0;
    for await (const part of result.fullStream) {
      types.push(part.type);
      if (part.type === 'text-delta' && ++deltas === 3) controller.abort();
    }

    expect(types).toContain('abort');
    expect(types).not.toContain('text-end');
    expect(deltas).toBeLessThan(6);
  });

  test('an already aborted request produces no text', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = ask('How do I install Harbor?', { abortSignal: controller.signal });
    const types: string[] = [];
    for await (const part of result.fullStream) types.push(part.type);

    expect(types).not.toContain('text-delta');
    expect(types).toContain('abort');
  });

  test('paces the words when asked to, for demos', async () => {
    const started = performance.now();
    await answerText('How many times is a webhook delivery retried?', { model: { chunkDelayMs: 10 } });

    // The answer is about 30 words: at 10 ms a word, well over 150 ms.
    expect(performance.now() - started).toBeGreaterThan(150);
  });

  test('generateText gets the same answer in one piece', async () => {
    const turns: ConversationTurn[] = [{ role: 'user', text: 'How do I restore a backup?' }];
    const sections = index.search({ query: buildSearchQuery(turns, []), limit: 5 });
    const result = await generateText({ model: createExtractiveModel(), ...buildAnswerPrompt({ turns, sections }) });

    expect(result.text).toBe(await answerText('How do I restore a backup?'));
    expect(result.finishReason).toBe('stop');
  });
});
