import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveAgentModel } from './agent-model';
import { createAgentTestbed, type AgentTestbed } from './testing/agent-testbed';
import { git } from './testing/temporary-repository';
import { pullRequestLinkPattern } from './testing/pull-request-link';

type ChatMessage = { role: string; content?: unknown; tool_call_id?: string };
const requests: { messages: ChatMessage[]; tools: { function: { name: string; parameters: unknown } }[] }[] = [];

/**
 * A tiny OpenAI-compatible chat-completions endpoint (as Ollama, llama.cpp or vLLM serve): it
 * asks for one `write_file` call, then answers with text once it has seen the tool result.
 */
async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  let raw = '';
  for await (const chunk of request) raw += String(chunk);
  const body = JSON.parse(raw) as (typeof requests)[number];
  requests.push(body);
  const sawToolResult = body.messages.at(-1)?.role === 'tool';
  const message = sawToolResult
    ? { role: 'assistant', content: 'I added the page.' }
    : {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'write_file', arguments: JSON.stringify({ path: 'docs/added.md', content: '# Added\n' }) } },
        ],
      };
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'tiny',
      choices: [{ index: 0, message, finish_reason: sawToolResult ? 'stop' : 'tool_calls' }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    }),
  );
}

const endpoint = createServer((request, response) => void answer(request, response));
let baseUrl: string;
let testbed: AgentTestbed | undefined;

beforeAll(async () => {
  endpoint.listen(0, '127.0.0.1');
  await once(endpoint, 'listening');
  baseUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1`;
});
afterAll(() => void endpoint.close());
afterEach(async () => {
  await testbed?.cleanUp();
  testbed = undefined;
});

describe('an agent job on an OpenAI-compatible endpoint (DOCENT_MODEL_BASE_URL / DOCENT_MODEL)', () => {
  it('offers the tools with their schemas, runs the tool call the model makes, and sends the result back', async () => {
    const agentModel = resolveAgentModel({ DOCENT_MODEL_BASE_URL: baseUrl, DOCENT_MODEL: 'tiny' });
    testbed = createAgentTestbed(null, { agentModel });
    const job = await testbed.service.create('docs', { prompt: 'Add a page', publicBaseUrl: 'http://docs.test' });
    expect(job.model).toBe('tiny');
    await testbed.service.whenIdle();

    expect(await testbed.service.get('docs', job.id)).toMatchObject({
      status: 'completed',
      messageToUser: 'I added the page.',
      prLink: expect.stringMatching(pullRequestLinkPattern('http://docs.test', 'docs')),
    });
    expect(git(testbed.repository.path, 'show', `${job.branch}:docs/added.md`)).toBe('# Added\n');
    const tools = requests[0]?.tools.map((tool) => tool.function.name).sort();
    expect(tools).toEqual(['list_files', 'read_file', 'search_files', 'set_title', 'todo_write', 'write_file']);
    expect(requests[0]?.tools.find((tool) => tool.function.name === 'write_file')?.function.parameters).toMatchObject({
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
    });
    const toolResult = requests[1]?.messages.at(-1);
    expect(toolResult).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(JSON.stringify(toolResult?.content)).toContain('created');
  });
});
