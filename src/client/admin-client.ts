import { terminalJobStatuses, type AgentJob, type AgentSession, type AgentSessionList } from './agent-types.js';
import { DocentApiError, DocentTimeoutError } from './errors.js';
import { isBrowser, joinUrl, requestJson, segment, type FetchFunction } from './http.js';

/** Options of {@link createAdminClient}. */
export interface AdminClientOptions {
  /** The service's base URL, e.g. `https://api.example.com` or `http://127.0.0.1:4173`. */
  baseUrl: string;
  /** An admin key (`svc_…`). Secret: keep it on servers and in CI secrets. */
  apiKey: string;
  /** The `fetch` to use. Default: `globalThis.fetch`. */
  fetch?: FetchFunction;
  /**
   * Allow running in a browser page. Default: `false`, because anyone who opens the page can
   * read the admin key from it and change your documentation repository.
   */
  dangerouslyAllowBrowser?: boolean;
}

/** Per-call options. */
export interface RequestOptions {
  /** Cancels the request. */
  signal?: AbortSignal;
}

/** What a new job is made of (`POST /v2/agent/{projectId}/job`, a reference-server extension). */
export interface CreateJobRequest {
  /** The instruction for the agent (at least 1 character). */
  prompt: string;
  /** Branch, tag or commit to start from. Default: the repository's default branch. */
  ref?: string;
  /** Model id. Default: the server's agent model. */
  model?: string;
}

/** Options of {@link AgentJobsClient.waitFor}. */
export interface WaitForOptions {
  /** First delay between polls. Default: 1000 ms. */
  intervalMs?: number;
  /** The delay grows by half after each poll up to this. Default: 10 000 ms. */
  maxIntervalMs?: number;
  /** Give up (with {@link DocentTimeoutError}) after this long. Default: 600 000 ms (10 minutes). */
  timeoutMs?: number;
  /** Stops waiting; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called with the job after every successful poll. */
  onUpdate?: (job: AgentJob) => void;
}

/** The agent-job operations. `projectId` and `id` are path parameters. */
export interface AgentJobsClient {
  /** Creates a job (201 on the reference server); the agent starts at once. */
  create(projectId: string, request: CreateJobRequest, options?: RequestOptions): Promise<AgentJob>;
  /** Sends a follow-up prompt (spec 4.1). The job becomes (or stays) `active`; poll to follow it. */
  sendMessage(projectId: string, id: string, prompt: string, options?: RequestOptions): Promise<AgentJob>;
  /** Reads a job in the v2 shape. */
  get(projectId: string, id: string, options?: RequestOptions): Promise<AgentJob>;
  /** Reads a job as a v1 session (spec 4.2): title, todos, message to the user, halt reason. */
  getSession(projectId: string, id: string, options?: RequestOptions): Promise<AgentSession>;
  /** Every job of the project as v1 sessions, newest first (spec 4.3). */
  list(projectId: string, options?: RequestOptions): Promise<AgentSession[]>;
  /** Archives a job; it takes no more follow-ups. */
  archive(projectId: string, id: string, options?: RequestOptions): Promise<AgentJob>;
  /**
   * Polls the job, with a growing delay, until it is `completed`, `archived` or `failed`, and
   * returns it. A 429 or 503 answer waits for its `Retry-After` and polls again.
   * @throws DocentTimeoutError after `timeoutMs`; the signal's reason when aborted;
   *   DocentApiError for other errors (unknown job, bad key).
   */
  waitFor(projectId: string, id: string, options?: WaitForOptions): Promise<AgentJob>;
}

/** A client for the agent-job API. */
export interface AdminClient {
  jobs: AgentJobsClient;
}

/** Waits `milliseconds`, or rejects with the signal's reason when it aborts. */
function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Creates a client for the agent-job endpoints, for servers, scripts and CI.
 *
 * @throws Error in a browser page unless `dangerouslyAllowBrowser: true`.
 * @example
 * const admin = createAdminClient({ baseUrl: 'http://127.0.0.1:4173', apiKey: process.env.DOCENT_ADMIN_KEY! });
 * const job = await admin.jobs.create('demo', { prompt: 'Document the theme option' });
 * const done = await admin.jobs.waitFor('demo', job.id, { timeoutMs: 300_000 });
 * console.log(done.status, done.prLink);
 */
export function createAdminClient(options: AdminClientOptions): AdminClient {
  if (isBrowser() && !options.dangerouslyAllowBrowser) {
    throw new Error(
      'createAdminClient refuses to run in a browser: an admin key (svc_…) can change your documentation repository, and anyone who ' +
        'opens the page can read it. Call the agent API from your server instead, or pass dangerouslyAllowBrowser: true if this page ' +
        'is private and you accept the risk.',
    );
  }
  if (!options.apiKey) throw new Error('createAdminClient needs apiKey: an admin key (svc_…) from the server configuration.');
  const fetchFunction = options.fetch ?? globalThis.fetch.bind(globalThis);
  const call = <T>(method: string, path: string, body: unknown, requestOptions: RequestOptions = {}) =>
    requestJson<T>(fetchFunction, joinUrl(options.baseUrl, path), { method, apiKey: options.apiKey, body, signal: requestOptions.signal });
  const jobPath = (projectId: string, id: string) => `/v2/agent/${segment(projectId)}/job/${segment(id)}`;

  const jobs: AgentJobsClient = {
    create: (projectId, request, requestOptions) =>
      call('POST', `/v2/agent/${segment(projectId)}/job`, request, requestOptions),
    sendMessage: (projectId, id, prompt, requestOptions) =>
      call('POST', `${jobPath(projectId, id)}/message`, { prompt }, requestOptions),
    get: (projectId, id, requestOptions) => call('GET', jobPath(projectId, id), undefined, requestOptions),
    getSession: (projectId, id, requestOptions) =>
      call('GET', `/v1/agent/${segment(projectId)}/job/${segment(id)}`, undefined, requestOptions),
    list: async (projectId, requestOptions) =>
      (await call<AgentSessionList>('GET', `/v1/agent/${segment(projectId)}/jobs`, undefined, requestOptions)).allSessions,
    archive: (projectId, id, requestOptions) => call('POST', `${jobPath(projectId, id)}/archive`, undefined, requestOptions),

    async waitFor(projectId, id, waitOptions = {}) {
      const { signal, onUpdate } = waitOptions;
      const maxIntervalMs = waitOptions.maxIntervalMs ?? 10_000;
      const timeoutMs = waitOptions.timeoutMs ?? 600_000;
      const deadline = Date.now() + timeoutMs;
      let intervalMs = Math.min(waitOptions.intervalMs ?? 1000, maxIntervalMs);
      let lastSeen: AgentJob | undefined;
      for (;;) {
        let delay = intervalMs;
        try {
          const job = await jobs.get(projectId, id, { signal });
          lastSeen = job;
          onUpdate?.(job);
          if (terminalJobStatuses.includes(job.status)) return job;
          intervalMs = Math.min(intervalMs * 1.5, maxIntervalMs);
        } catch (error) {
          const retryable = error instanceof DocentApiError && (error.status === 429 || error.status === 503);
          if (!retryable) throw error;
          delay = Math.max(delay, (error.retryAfterSeconds ?? 0) * 1000);
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0) {
          throw new DocentTimeoutError(
            `Job ${id} was still ${lastSeen?.status ?? 'unread'} after ${Math.round(timeoutMs / 1000)} s; wait longer (timeoutMs) or check it later.`,
            lastSeen,
          );
        }
        await sleep(Math.min(delay, remaining), signal);
      }
    },
  };
  return { jobs };
}
