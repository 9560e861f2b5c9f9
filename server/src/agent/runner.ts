import path from 'node:path';
import type { ModelMessage } from 'ai';
import { runAgentLoop } from './agent-loop';
import { noAgentModelMessage, type AgentModelProvider } from './agent-model';
import type { CodeHost } from './code-host';
import { branchChanges, commitAll, ensureJobWorktree, RepositoryMisconfiguredError } from './git-workspace';
import type { JobStorage } from '../storage/storage';
import type { JobOutcome, JobRecord, QueuedPrompt } from './job-types';
import type { ProjectRepositories } from './project-repositories';
import { createWorkspaceFiles } from './workspace-files';

/** What running a job needs. */
export interface JobRunnerDependencies {
  store: JobStorage;
  repositories: ProjectRepositories;
  /** Folder holding the jobs' worktrees (`{dataDir}/agent/worktrees`). */
  worktreeDirectory: string;
  codeHost: CodeHost;
  /** The tool-calling model; `undefined` when none is configured. */
  agentModel: AgentModelProvider | undefined;
  /** Step budget per run. Default: the agent loop's default. */
  maxSteps?: number;
}

/** Where a job's worktree lives. */
export function jobWorktreePath(worktreeDirectory: string, job: Pick<JobRecord, 'projectId' | 'id'>): string {
  return path.join(worktreeDirectory, job.projectId, job.id);
}

/** A title from the first prompt, for jobs whose agent did not name them. */
export function fallbackTitle(prompt: string): string {
  const firstLine = prompt.trim().split('\n')[0]?.trim() ?? '';
  return firstLine.length > 72 ? `${firstLine.slice(0, 71).trimEnd()}…` : firstLine || 'Agent job';
}

/**
 * Runs a job's waiting prompts through the agent in the job's worktree (branch
 * `docent/<job-id>`), then commits, opens or refreshes the pull request when the branch has
 * changes, and says how it went. A follow-up that arrives during a run is picked up after the
 * agent's current step.
 *
 * @returns the outcome to store, or `undefined` when `signal` stopped the run (archive or
 *   shutdown: nothing is recorded, and an interrupted prompt stays queued for recovery).
 */
export async function runJob(
  dependencies: JobRunnerDependencies,
  jobId: string,
  signal: AbortSignal,
): Promise<JobOutcome | undefined> {
  const { store } = dependencies;
  const job = await store.get(jobId);
  if (!job || job.status !== 'active') return undefined;
  const title = async () => (await store.get(jobId))?.title ?? fallbackTitle(await store.firstPrompt(jobId));
  // The job cannot run any prompt (no model, unusable repository): none is left waiting.
  const failure = async (haltReason: JobOutcome['haltReason'], messageToUser: string): Promise<JobOutcome> => {
    await store.dropQueuedPrompts(jobId);
    return { status: 'failed', haltReason, messageToUser, title: await title() };
  };

  let repositoryPath: string;
  try {
    repositoryPath = (await dependencies.repositories.prepare(job.projectId)).path;
  } catch (error) {
    if (error instanceof RepositoryMisconfiguredError) return failure('github_missconfigured', error.message);
    throw error;
  }
  if (!dependencies.agentModel) return failure('error', noAgentModelMessage);
  const model = dependencies.agentModel.languageModel(job.model);

  const worktreePath = jobWorktreePath(dependencies.worktreeDirectory, job);
  try {
    await ensureJobWorktree({ repositoryPath, worktreePath, branch: job.branch, baseRef: job.ref });
  } catch (error) {
    return failure(
      'github_missconfigured',
      `Could not create the job's branch ${job.branch} from "${job.ref}": ${(error as Error).message}`,
    );
  }
  const files = await createWorkspaceFiles(worktreePath);
  const state = {
    saveTodos: (todos: Parameters<JobStorage['saveTodos']>[1]) => store.saveTodos(jobId, todos),
    saveTitle: (newTitle: string) => store.saveTitle(jobId, newTitle),
  };

  let lastText = '';
  let reachedStepLimit = false;
  for (;;) {
    const prompts: QueuedPrompt[] = await store.takePendingPrompts(jobId);
    if (prompts.length === 0) break;
    try {
      const result = await runAgentLoop({
        model,
        files,
        state,
        history: (await store.conversation(jobId)) as ModelMessage[],
        prompts: prompts.map((prompt) => prompt.prompt),
        maxSteps: dependencies.maxSteps,
        followUpWaiting: () => store.hasPendingPrompts(jobId),
        abortSignal: signal,
      });
      await store.saveConversation(jobId, result.messages);
      await store.completePrompts(prompts.map((prompt) => prompt.id));
      if (!result.stoppedForFollowUp) {
        lastText = result.text;
        reachedStepLimit = result.reachedStepLimit;
      }
    } catch (error) {
      if (signal.aborted) return undefined;
      // Only the prompts of this run failed; a follow-up that arrived meanwhile still runs next.
      await store.completePrompts(prompts.map((prompt) => prompt.id));
      return {
        status: 'failed',
        haltReason: 'error',
        messageToUser: `The agent stopped with an error: ${(error as Error).message}. Send a follow-up to this job to try again.`,
        title: await title(),
      };
    }
    if (signal.aborted) return undefined;
  }

  const jobTitle = await title();
  await commitAll(worktreePath, jobTitle);
  const changes = await branchChanges(repositoryPath, job.ref, job.branch);
  const summary =
    lastText ||
    (changes.files.length > 0
      ? `Changed ${changes.files.length} file${changes.files.length === 1 ? '' : 's'}: ${changes.files.join(', ')}.`
      : 'The agent finished without changing any file.');
  const messageToUser = reachedStepLimit
    ? `${summary}\n\n(The agent used its whole step budget; send a follow-up to let it continue.)`
    : summary;
  let prLink: string | null = null;
  if (changes.files.length > 0) {
    const pullRequest = await dependencies.codeHost.openPullRequest({
      projectId: job.projectId,
      jobId,
      repositoryPath,
      branch: job.branch,
      baseRef: job.ref,
      title: jobTitle,
      body: messageToUser,
      publicBaseUrl: job.publicBaseUrl,
    });
    prLink = pullRequest.url;
  }
  return { status: 'completed', haltReason: 'completed', messageToUser, title: jobTitle, prLink };
}

/** Who is running a job, for {@link runJobUntilEnded}. */
export interface JobRunContext {
  /** The instance holding the job's claim: only the holder may record the outcome. */
  instanceId: string;
  /** Told about an error the run did not expect (the job is then marked `failed`). */
  onUnexpectedError: (error: unknown) => void;
}

/**
 * Runs the job again and again until its outcome is recorded: a follow-up stored while the
 * run was ending keeps it going (`finish` refuses while prompts wait).
 * @returns `true` once the outcome is stored; `false` when the run stopped without one (abort,
 *   archive, or the claim lost).
 */
export async function runJobUntilEnded(
  dependencies: JobRunnerDependencies,
  jobId: string,
  signal: AbortSignal,
  context: JobRunContext,
): Promise<boolean> {
  const { store } = dependencies;
  while (!signal.aborted) {
    let outcome: JobOutcome | undefined;
    try {
      outcome = await runJob(dependencies, jobId, signal);
    } catch (error) {
      if (signal.aborted) return false;
      context.onUnexpectedError(error);
      await store.dropQueuedPrompts(jobId);
      outcome = {
        status: 'failed',
        haltReason: 'error',
        messageToUser: `The job met an unexpected error: ${(error as Error).message}. Send a follow-up to this job to try again.`,
      };
    }
    if (outcome === undefined) return false;
    if (await store.finish(jobId, outcome, context.instanceId)) return true;
    // Not finished: a follow-up arrived at the last moment (run again), or the job was archived.
    if ((await store.get(jobId))?.status !== 'active') return false;
  }
  return false;
}
