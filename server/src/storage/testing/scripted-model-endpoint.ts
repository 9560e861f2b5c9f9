import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request as the endpoint received it. */
export interface ModelRequest {
  messages: { role: string; content?: unknown }[];
  stream: boolean;
  /** The request's messages as one string, for `includes` checks. */
  text: string;
}

/** A scripted OpenAI-compatible endpoint that server processes reach over HTTP (`DOCENT_MODEL_BASE_URL`). */
export interface ScriptedModelEndpoint {
  /** Base URL to give as `DOCENT_MODEL_BASE_URL`, ending in `/v1`. */
  baseUrl: string;
  /** Every request so far, in arrival order. */
  readonly requests: ModelRequest[];
  /**
   * Requests whose messages contain `marker` get no answer until {@link release}: the agent
   * stays mid-step, as on a slow model.
   */
  hold(marker: string): void;
  /** Answers held requests' successors normally again. */
  release(marker: string): void;
  /** Resolves with the first request (past or future) whose messages contain `marker`. */
  requestWith(marker: string): Promise<ModelRequest>;
  close(): Promise<void>;
}

const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

/** The agent's turn: write the file its prompt names (`write <path>: <content>`), then report. */
function agentMessage(request: ModelRequest): Record<string, unknown> {
  if (request.messages.at(-1)?.role === 'tool') return { role: 'assistant', content: 'I wrote the file.' };
  const userText = JSON.stringify(request.messages.filter((message) => message.role === 'user'));
  const write = /write ([\w./-]+): ([^"\\]*)/.exec(userText);
  if (!write) return { role: 'assistant', content: 'Nothing to change.' };
  const call = { name: 'write_file', arguments: JSON.stringify({ path: write[1], content: `${write[2]}\n` }) };
  return { role: 'assistant', content: null, tool_calls: [{ id: `call_${request.text.length}`, type: 'function', function: call }] };
}

function streamAnswer(response: ServerResponse, request: ModelRequest): void {
  const lastUser = request.messages.findLast((message) => message.role === 'user');
  const question = typeof lastUser?.content === 'string' ? lastUser.content : JSON.stringify(lastUser?.content ?? '');
  const chunk = (delta: Record<string, unknown>, finishReason: string | null, withUsage = false) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-scripted',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'scripted',
      choices: [{ index: 0, delta, finish_reason: finishReason }],
      ...(withUsage ? { usage } : {}),
    })}\n\n`;
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.write(chunk({ role: 'assistant', content: 'Scripted answer ' }, null));
  response.write(chunk({ content: `to: ${question.slice(-80)}` }, null));
  response.end(`${chunk({}, 'stop', true)}data: [DONE]\n\n`);
}

/**
 * Starts the endpoint: streamed requests (answers) get "Scripted answer to: <question>"; plain
 * ones (agent steps) follow {@link agentMessage}.
 */
export async function startScriptedModelEndpoint(): Promise<ScriptedModelEndpoint> {
  const requests: ModelRequest[] = [];
  const held = new Set<string>();
  const waiting: { marker: string; resolve: (request: ModelRequest) => void }[] = [];
  const releases = new Map<string, (() => void)[]>();

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const piece of incoming) raw += String(piece);
    const body = JSON.parse(raw) as { messages: ModelRequest['messages']; stream?: boolean };
    const request: ModelRequest = { messages: body.messages, stream: body.stream === true, text: JSON.stringify(body.messages) };
    requests.push(request);
    for (const waiter of waiting.filter((each) => request.text.includes(each.marker))) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(request);
    }
    const marker = [...held].find((each) => request.text.includes(each));
    if (marker !== undefined) {
      await new Promise<void>((resolve) => {
        releases.set(marker, [...(releases.get(marker) ?? []), resolve]);
        // The caller died (kill -9): nothing to answer.
        response.on('close', resolve);
      });
      if (response.destroyed) return;
    }
    if (request.stream) return streamAnswer(response, request);
    response.writeHead(200, { 'content-type': 'application/json' });
    const message = agentMessage(request);
    response.end(
      JSON.stringify({
        id: 'chatcmpl-scripted',
        object: 'chat.completion',
        created: 1,
        model: 'scripted',
        choices: [{ index: 0, message, finish_reason: 'tool_calls' in message ? 'tool_calls' : 'stop' }],
        usage,
      }),
    );
  }

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch(() => response.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    hold: (marker) => void held.add(marker),
    release(marker) {
      held.delete(marker);
      for (const resolve of releases.get(marker) ?? []) resolve();
      releases.delete(marker);
    },
    requestWith(marker) {
      const seen = requests.find((request) => request.text.includes(marker));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiting.push({ marker, resolve }));
    },
    async close() {
      server.closeAllConnections();
      const closed = once(server, 'close');
      server.close();
      await closed;
    },
  };
}
