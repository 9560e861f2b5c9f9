import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DocSection } from '../retrieval/sections';
import { buildAnswerPrompt } from './answer-prompt';
import { resolveAnswerModel } from './configured-model';

describe('resolveAnswerModel configuration', () => {
  test('with nothing set, answers come from the embedded extractive model', () => {
    const { model, description } = resolveAnswerModel({});

    expect(model).toMatchObject({ specificationVersion: 'v3', provider: 'docent', modelId: 'extractive' });
    expect(description).toMatch(/^embedded extractive model/);
  });

  test('blank values count as unset', () => {
    expect(resolveAnswerModel({ DOCENT_MODEL_BASE_URL: '  ', DOCENT_MODEL: '', DOCENT_MODEL_API_KEY: '' }).description).toMatch(/extractive/);
  });

  test('a base URL without a model says to set DOCENT_MODEL', () => {
    expect(() => resolveAnswerModel({ DOCENT_MODEL_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /^DOCENT_MODEL_BASE_URL is set but DOCENT_MODEL is not: set DOCENT_MODEL to the name of a model/,
    );
  });

  test('a model without a base URL says to set DOCENT_MODEL_BASE_URL', () => {
    expect(() => resolveAnswerModel({ DOCENT_MODEL: 'llama3.1' })).toThrow(
      /^DOCENT_MODEL is set but DOCENT_MODEL_BASE_URL is not: set DOCENT_MODEL_BASE_URL to the OpenAI-compatible endpoint/,
    );
  });

  test('an API key alone says to set the base URL and the model', () => {
    expect(() => resolveAnswerModel({ DOCENT_MODEL_API_KEY: 'sk-test' })).toThrow(/DOCENT_MODEL_BASE_URL and DOCENT_MODEL are not: set both/);
  });

  test('a base URL that is not an http(s) URL is refused with an example', () => {
    expect(() => resolveAnswerModel({ DOCENT_MODEL_BASE_URL: 'localhost:11434', DOCENT_MODEL: 'llama3.1' })).toThrow(
      /DOCENT_MODEL_BASE_URL must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => resolveAnswerModel({ DOCENT_MODEL_BASE_URL: 'not a url', DOCENT_MODEL: 'llama3.1' })).toThrow(/DOCENT_MODEL_BASE_URL is not a URL/);
  });

  test('the description names the model and endpoint but never the key', () => {
    const { description } = resolveAnswerModel({ DOCENT_MODEL_BASE_URL: 'https://api.example.com/v1/', DOCENT_MODEL: 'gpt-4o-mini', DOCENT_MODEL_API_KEY: 'sk-secret' });

    expect(description).toBe('gpt-4o-mini at https://api.example.com/v1 (OpenAI-compatible, with API key)');
  });
});

describe('OpenAI-compatible model over HTTP', () => {
  const requests: Array<{ url: string; authorization: string | undefined; body: Record<string, unknown> }> = [];
  const server = createServer((request, response) => void answerChatCompletion(request, response));
  let baseUrl: string;

  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(() => {
    server.close();
  });

  // A tiny chat-completions endpoint speaking OpenAI's streaming format, as Ollama, llama.cpp and vLLM do.
  async function answerChatCompletion(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    requests.push({ url: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> });
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'tiny', choices, ...extra })}\n\n`;
    for (const [index, content] of ['Set ', '`accent` ', '([Theming](/docs/theming#accent)).'].entries()) {
      response.write(chunk([{ index: 0, delta: index === 0 ? { role: 'assistant', content } : { content }, finish_reason: null }]));
    }
    response.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
    response.write(chunk([], { usage: { prompt_tokens: 321, completion_tokens: 3, total_tokens: 324 } }));
    response.end('data: [DONE]\n\n');
  }

  test('streams the answer of a real chat endpoint, sending the sections in the system prompt', async () => {
    const { model, description } = resolveAnswerModel({ DOCENT_MODEL_BASE_URL: baseUrl, DOCENT_MODEL: 'tiny', DOCENT_MODEL_API_KEY: 'sk-local' });
    const sections: DocSection[] = [
      {
        id: '/docs/theming#accent',
        pagePath: '/docs/theming',
        pageTitle: 'Theming',
        heading: 'Accent',
        headingTrail: ['Theming'],
        anchor: 'accent',
        url: '/docs/theming#accent',
        markdown: 'Set the `accent` option to any CSS colour.',
        groups: [],
      },
    ];
    const prompt = buildAnswerPrompt({
      turns: [{ role: 'user', text: 'How do I change the accent colour?' }],
      sections,
      context: [{ type: 'textSelection', value: 'brand colour' }],
      currentPath: '/docs/theming',
    });

    const result = streamText({ model, ...prompt });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(description).toBe(`tiny at ${baseUrl} (OpenAI-compatible, with API key)`);
    expect(deltas.join('')).toBe('Set `accent` ([Theming](/docs/theming#accent)).');
    expect((await result.usage).inputTokens).toBe(321);

    const [request] = requests;
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-local');
    expect(request?.body).toMatchObject({ model: 'tiny', stream: true });
    const messages = request?.body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[0]?.content).toContain('<section number="1" title="Theming › Accent" url="/docs/theming#accent">\nSet the `accent` option to any CSS colour.\n</section>');
    expect(messages[0]?.content).toContain('Cite the sections you used as Markdown links to their URLs');
    expect(messages[0]?.content).toContain('<selected-text>\nbrand colour\n</selected-text>');
    expect(messages[1]?.content).toBe('How do I change the accent colour?');
    // The extractive model's structured copy is not the endpoint's business.
    expect(JSON.stringify(request?.body)).not.toContain('"sections"');
  });

  test('sends the conversation and the instruction to admit a gap rather than invent', async () => {
    const { model } = resolveAnswerModel({ DOCENT_MODEL_BASE_URL: baseUrl, DOCENT_MODEL: 'tiny' });
    const prompt = buildAnswerPrompt({
      turns: [
        { role: 'user', text: 'How do I deploy to GitHub Pages?' },
        { role: 'assistant', text: 'Use the workflow in [Deploy](/docs/deploy).' },
        { role: 'user', text: 'And what about GitLab?' },
      ],
      sections: [],
    });
    const before = requests.length;

    await streamText({ model, ...prompt }).text;

    const messages = requests[before]?.body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((message) => [message.role, message.role === 'system' ? '' : message.content])).toEqual([
      ['system', ''],
      ['user', 'How do I deploy to GitHub Pages?'],
      ['assistant', 'Use the workflow in [Deploy](/docs/deploy).'],
      ['user', 'And what about GitLab?'],
    ]);
    expect(messages[0]?.content).toContain('do not guess: say "The documentation doesn\'t cover this"');
    expect(messages[0]?.content).toContain('(No section of the documentation matched this question.)');
  });
});
