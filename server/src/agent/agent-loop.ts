import { generateText, stepCountIs, type LanguageModel, type ModelMessage, type StopCondition } from 'ai';
import { createAgentTools, type AgentToolState, type AgentTools } from './agent-tools';
import type { WorkspaceFiles } from './workspace-files';

/** Default step budget of one run (one model call plus its tool calls is a step). */
export const defaultMaxSteps = 24;

/** The instructions every job starts from. */
export const agentSystemPrompt = `You are Docent's documentation agent. You change a documentation repository to do what the user asks.
You work in your own copy of the repository, on a branch of your own; your changes are committed and proposed as a pull request when you finish.
- Start by writing a short todo list with todo_write, and update it as you complete items.
- Explore with list_files, search_files and read_file before you edit. Keep each file's existing style and front matter.
- Change files with write_file, always giving the complete new content of the file.
- Call set_title once with a short title for the change.
- When you are done, reply with a short message for the user: what you changed and anything they should check. If nothing needed to change, say why.`;

/** What one run of the agent needs. */
export interface AgentLoopOptions {
  /** A tool-calling model. */
  model: LanguageModel;
  /** File operations confined to the job's worktree. */
  files: WorkspaceFiles;
  /** Todo list and title storage. */
  state: AgentToolState;
  /** The conversation so far (earlier prompts, the agent's steps and tool results). */
  history: ModelMessage[];
  /** The new prompts to work on, oldest first. */
  prompts: string[];
  /** Step budget for this run. Default: {@link defaultMaxSteps}. */
  maxSteps?: number;
  /**
   * Asked after every step; when it returns true the run stops there so that a follow-up that
   * arrived meanwhile is handed to the agent before its next step.
   */
  followUpWaiting?: () => boolean | Promise<boolean>;
  /** Stops the run (archive or server shutdown). */
  abortSignal?: AbortSignal;
}

/** How a run ended. */
export interface AgentLoopResult {
  /** The whole conversation after the run (history, prompts, new steps). */
  messages: ModelMessage[];
  /** The agent's final text (its message to the user); empty when it stopped mid-work. */
  text: string;
  /** The run stopped early because a follow-up was waiting. */
  stoppedForFollowUp: boolean;
  /** The run used its whole step budget while still calling tools. */
  reachedStepLimit: boolean;
}

/**
 * One AI SDK tool loop (`generateText` with the agent's tools, stopping at the step budget or
 * when a follow-up is waiting) over the job's conversation.
 */
export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopResult> {
  const maxSteps = options.maxSteps ?? defaultMaxSteps;
  const followUpWaiting = options.followUpWaiting ?? (() => false);
  let stoppedForFollowUp = false;
  const stopForFollowUp: StopCondition<AgentTools> = async () => {
    stoppedForFollowUp = await followUpWaiting();
    return stoppedForFollowUp;
  };
  const userMessages: ModelMessage[] = options.prompts.map((prompt) => ({ role: 'user', content: prompt }));
  const messages = [...options.history, ...userMessages];
  const result = await generateText({
    model: options.model,
    system: agentSystemPrompt,
    messages,
    tools: createAgentTools(options.files, options.state),
    stopWhen: [stepCountIs(maxSteps), stopForFollowUp],
    abortSignal: options.abortSignal,
  });
  const lastStep = result.steps.at(-1);
  const endedWithToolCalls = (lastStep?.toolCalls.length ?? 0) > 0;
  return {
    messages: [...messages, ...result.response.messages],
    text: result.text.trim(),
    stoppedForFollowUp: stoppedForFollowUp && endedWithToolCalls,
    reachedStepLimit: !stoppedForFollowUp && endedWithToolCalls && result.steps.length >= maxSteps,
  };
}
