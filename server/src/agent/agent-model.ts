import type { LanguageModel } from 'ai';
import { resolveAnswerModel } from '../models/configured-model';

/**
 * The tool-calling models agent jobs run on. Absent when no model is configured: the embedded
 * extractive answer model cannot call tools, so it does not count for agents, and a job then
 * ends `failed` with a message saying how to configure one.
 */
export interface AgentModelProvider {
  /** Model id used when a job does not name one, e.g. `gpt-4o-mini`. */
  defaultModelId: string;
  /** The model for an id (a job may name another model the same endpoint serves). */
  languageModel(modelId: string): LanguageModel;
}

/**
 * Reads the agent model from the same variables as the answer model (`DOCENT_MODEL_BASE_URL`,
 * `DOCENT_MODEL`, `DOCENT_MODEL_API_KEY`; see `resolveAnswerModel`).
 *
 * @returns `undefined` when neither `DOCENT_MODEL_BASE_URL` nor `DOCENT_MODEL` is set.
 * @throws Error naming the variable to set when the configuration is half done.
 * @example const agentModel = resolveAgentModel(process.env);
 */
export function resolveAgentModel(environment: Record<string, string | undefined>): AgentModelProvider | undefined {
  const isSet = (name: string) => (environment[name]?.trim() ?? '') !== '';
  if (!isSet('DOCENT_MODEL_BASE_URL') && !isSet('DOCENT_MODEL')) return undefined;
  const defaultModel = resolveAnswerModel(environment);
  const defaultModelId = (environment.DOCENT_MODEL ?? '').trim();
  return {
    defaultModelId,
    languageModel: (modelId) =>
      modelId === defaultModelId ? defaultModel.model : resolveAnswerModel({ ...environment, DOCENT_MODEL: modelId }).model,
  };
}

/** What a job tells the user when no agent model is configured. */
export const noAgentModelMessage =
  'No model is configured for agent jobs, so the agent could not run. Set DOCENT_MODEL_BASE_URL to an OpenAI-compatible ' +
  'endpoint (e.g. http://127.0.0.1:11434/v1 for Ollama or https://api.openai.com/v1) and DOCENT_MODEL to a model it serves ' +
  'that can call tools (plus DOCENT_MODEL_API_KEY if the endpoint needs one), restart the server, then send a follow-up to this job.';
