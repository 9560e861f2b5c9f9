import type { LanguageModelV3GenerateResult, LanguageModelV3Prompt } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import type { AgentModelProvider } from '../agent-model';

/** One model turn: call tools, answer with text, or fail like a provider error. */
export type ScriptedTurn =
  | { toolCalls: { toolName: string; input: Record<string, unknown> }[] }
  | { text: string }
  | { error: string };

/** What the script sees of each model call. */
export interface ScriptedCall {
  /** The prompt exactly as the model receives it. */
  prompt: LanguageModelV3Prompt;
  /** Text of the newest user message (the prompt being worked on). */
  lastUserText: string;
  /** Model calls since that user message: 0 for the first step of a run. */
  stepInRun: number;
  /** Calls made to this model so far, from 0. */
  callIndex: number;
  /** Aborted when the run is stopped (archive, shutdown); a waiting script should give up then. */
  abortSignal: AbortSignal | undefined;
}

/** Decides each turn from the call. */
export type AgentScriptFunction = (call: ScriptedCall) => ScriptedTurn | Promise<ScriptedTurn>;

/** Decides each turn; a list plays its turns in order. */
export type AgentScript = AgentScriptFunction | ScriptedTurn[];

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function toResult(turn: ScriptedTurn, callIndex: number): LanguageModelV3GenerateResult {
  if ('error' in turn) throw new Error(turn.error);
  if ('text' in turn) {
    return { content: [{ type: 'text', text: turn.text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
  }
  return {
    content: turn.toolCalls.map((call, index) => ({
      type: 'tool-call' as const,
      toolCallId: `call-${callIndex}-${index}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

function describeCall(prompt: LanguageModelV3Prompt): { lastUserText: string; stepInRun: number } {
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');
  const user = prompt[lastUser];
  const lastUserText =
    user?.role === 'user' ? user.content.map((part) => (part.type === 'text' ? part.text : '')).join('') : '';
  const stepInRun = prompt.slice(lastUser + 1).filter((message) => message.role === 'assistant').length;
  return { lastUserText, stepInRun };
}

/**
 * A deterministic tool-calling model for tests (the AI SDK's `MockLanguageModelV3`), playing a
 * script, wrapped as the agent model provider the server takes. `model.doGenerateCalls` holds
 * every call for assertions.
 */
export function createScriptedAgentModel(script: AgentScript, modelId = 'scripted-model'): {
  provider: AgentModelProvider;
  model: MockLanguageModelV3;
} {
  let callIndex = 0;
  const model = new MockLanguageModelV3({
    modelId,
    doGenerate: async (options) => {
      const index = callIndex++;
      const turn = Array.isArray(script)
        ? script[index] ?? { error: `The test script has no turn ${index + 1}.` }
        : await script({
            prompt: options.prompt,
            ...describeCall(options.prompt),
            callIndex: index,
            abortSignal: options.abortSignal,
          });
      return toResult(turn, index);
    },
  });
  return { model, provider: { defaultModelId: modelId, languageModel: () => model } };
}

/** A promise a script can wait on, released by the test (or rejected when the run is aborted). */
export function createGate(): { wait(signal?: AbortSignal): Promise<void>; release(): void; reached: Promise<void> } {
  let release!: () => void;
  let markReached!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (markReached = resolve));
  return {
    reached,
    release,
    wait(signal) {
      markReached();
      return new Promise<void>((resolve, reject) => {
        void released.then(resolve);
        if (signal?.aborted) reject(new Error('aborted'));
        signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
    },
  };
}

/**
 * A script driven by the prompt text, for tests that create several jobs against one server:
 * - `write <path>: <content>`: plans a todo, writes the file, names the job, then reports;
 * - `fail`: the model call fails (the job ends `failed`, halt reason `error`);
 * - anything else: answers without changing a file.
 */
export const promptDrivenScript: AgentScriptFunction = ({ lastUserText, stepInRun }) => {
  const write = /^write ([^:]+): ([\s\S]*)$/.exec(lastUserText.trim());
  if (lastUserText.trim() === 'fail') return { error: 'The scripted model was told to fail.' };
  if (!write) return { text: `Nothing to change for: ${lastUserText}` };
  const [, path = '', content = ''] = write;
  switch (stepInRun) {
    case 0:
      return { toolCalls: [{ toolName: 'todo_write', input: { todos: [{ id: 'write', content: `Write ${path}` }] } }] };
    case 1:
      return {
        toolCalls: [
          { toolName: 'write_file', input: { path, content } },
          { toolName: 'set_title', input: { title: `Update ${path}` } },
        ],
      };
    case 2:
      return { toolCalls: [{ toolName: 'todo_write', input: { todos: [{ id: 'write', content: `Write ${path}`, status: 'completed' }] } }] };
    default:
      return { text: `Wrote ${path}.` };
  }
};
