import { Hono, type Context } from 'hono';
import type { LanguageModel } from 'ai';
import type { DomainConfig, LimitsConfig } from '../config';
import { ApiError } from '../http/api-error';
import type { AppEnvironment } from '../http/app-environment';
import { requireAssistantKey, type KeyRegistry } from '../http/auth';
import { assistantCors } from '../http/cors';
import { readJsonBody } from '../http/json-body';
import type { Logger } from '../http/logger';
import type { RateLimiter } from '../http/rate-limit';
import type { DocsIndex } from '../retrieval/docs-index';
import type { Retriever } from '../retrieval/retriever';
import type { ThreadStorage } from '../storage/storage';
import { checkThreadLimits, followUpHistoryBudget, type ThreadLimits } from '../storage/thread-limits';
import type { ThreadWithRecentMessages } from '../storage/thread-types';
import { answerQuestion, type AnswerObserver } from './answer';
import { AnswerAdmission, type AdmittedAnswer, type AnswerOutcome } from './answer-admission';
import { AnswerTurns } from './answer-turns';
import { dataStreamHeaders, encodeDataStreamV4 } from './data-stream-v4';
import { parseAssistantRequest, type AssistantApiVersion, type AssistantRequest, type RequestBounds } from './request-schema';
import { encodeUIMessageStream, uiMessageStreamHeaders } from './ui-message-stream';

/** What the assistant endpoints need. */
export interface AssistantRoutesOptions {
  /** Every configured domain. */
  domains: readonly DomainConfig[];
  /** The docs index of each domain, by domain id. */
  indexes: ReadonlyMap<string, DocsIndex>;
  /** The retriever of each domain (hybrid search); a domain without one is searched lexically. */
  retrievers?: ReadonlyMap<string, Retriever>;
  model: LanguageModel;
  threads: ThreadStorage;
  /** Size limits of one thread (config `threadLimits`). Default: 1000 messages, 2,000,000 bytes. */
  threadLimits?: ThreadLimits;
  keys: KeyRegistry;
  /** Charges a valid request to the message budget, just before the model is asked. */
  rateLimiter: RateLimiter;
  /** Body size and input bounds (config `limits`). Default: the config's defaults. */
  limits?: Pick<LimitsConfig, 'maximumBodyBytes'> & RequestBounds;
  logger: Logger;
  /** The admission limit (see {@link AnswerAdmission}). Default: none. */
  admission?: AnswerAdmission;
  /** Told of each answer's retrieval time and model failures (metrics). Default: nobody. */
  answerObserver?: AnswerObserver;
}

/** The path of an assistant endpoint, e.g. `assistantPath('v2', 'demo')` → `/discovery/v2/assistant/demo/message`. */
export function assistantPath(version: AssistantApiVersion, domain: string): string {
  return `/discovery/${version}/assistant/${encodeURIComponent(domain)}/message`;
}

const routePath = '/discovery/:version{v1|v2}/assistant/:domain/message';

/** A continued thread, with its recent messages when they were read with it. */
type ContinuedThread = Pick<ThreadWithRecentMessages, 'thread'> & Partial<Pick<ThreadWithRecentMessages, 'recentMessages'>>;

/**
 * The continued thread, or `undefined` when the request starts one (created only once the
 * request is charged); 404 for an unknown id or another domain's thread, 409/413 for a full one.
 * A request with only its new question gets the thread's recent messages too, in the same
 * round trip (the answer's prompt needs them); one with the whole conversation needs none.
 */
async function continuedThread(
  threads: ThreadStorage,
  domain: string,
  request: AssistantRequest,
  limits?: ThreadLimits,
): Promise<ContinuedThread | undefined> {
  if (request.threadId === null) return undefined;
  const found: ContinuedThread | undefined =
    request.turns.length > 1
      ? await threads.findThread(request.threadId).then((thread) => thread && { thread })
      : await threads.findThreadWithRecentMessages(request.threadId, followUpHistoryBudget);
  const thread = found?.thread;
  // Another domain's thread is reported exactly like a missing one, so ids cannot be probed across domains.
  if (!thread || thread.domain !== domain) {
    throw new ApiError(
      404,
      'thread_not_found',
      'This thread does not exist on this domain (it may have been deleted, or belong elsewhere); start a new conversation by sending threadId null.',
      { field: 'threadId' },
    );
  }
  checkThreadLimits(thread, request.question, limits);
  return { thread, recentMessages: found?.recentMessages };
}

/**
 * The assistant endpoints, `POST /discovery/v2/assistant/{domain}/message` (AI SDK 5+ UI message
 * stream) and the deprecated `POST /discovery/v1/assistant/{domain}/message` (AI SDK 4 data
 * stream), with CORS, auth, body checks, threads and rate limits, in that order: only a request
 * that reaches the model is charged to the message budget.
 */
export function createAssistantRoutes(options: AssistantRoutesOptions): Hono<AppEnvironment> {
  const domains = new Map(options.domains.map((domain) => [domain.id, domain]));
  const findDomain = (id: string) => domains.get(id);
  const routes = new Hono<AppEnvironment>();

  routes.use(routePath, assistantCors(findDomain));
  routes.use(routePath, async (context, next) => {
    const id = context.req.param('domain') ?? '';
    if (!findDomain(id)) {
      throw new ApiError(404, 'domain_not_found', `No documentation domain "${id}" on this server; check the domain id (data-domain) against the server's configuration.`);
    }
    context.get('logFields').domain = id;
    await next();
  });
  const admission = options.admission ?? new AnswerAdmission({ maxConcurrentAnswers: Number.POSITIVE_INFINITY });
  const turns = new AnswerTurns();
  routes.post(routePath, requireAssistantKey(options.keys), async (context) => {
    // First, so a server at its limit refuses before reading, storing or charging anything.
    const admitted = admission.admit();
    try {
      await turns.nextStart();
      return await answerResponse(context, admitted);
    } catch (error) {
      admitted.finish('aborted');
      throw error;
    }
  });
  async function answerResponse(context: Context<AppEnvironment>, admitted: AdmittedAnswer): Promise<Response> {
    const version = context.req.param('version') as AssistantApiVersion;
    const domain = context.req.param('domain') ?? '';
    const index = options.indexes.get(domain);
    if (!index) throw new Error(`no docs index was built for domain "${domain}"`);
    const request = parseAssistantRequest(version, await readJsonBody(context.req.raw, options.limits?.maximumBodyBytes), options.limits);
    const continued = await continuedThread(options.threads, domain, request, options.threadLimits);
    await options.rateLimiter.charge(context, 'messages');
    const thread = continued?.thread ?? (await options.threads.createThread({ domain, fp: request.fp }));
    context.get('logFields').threadId = thread.id;
    const answer = answerQuestion({
      request,
      thread,
      recentMessages: continued?.recentMessages,
      threads: options.threads,
      index,
      retriever: options.retrievers?.get(domain),
      model: options.model,
      logger: options.logger,
      abortSignal: context.req.raw.signal,
      turns,
      observer: options.answerObserver,
    });
    const progress = { firstLine: () => admitted.firstByte(), ended: (outcome: AnswerOutcome) => admitted.finish(outcome) };
    return version === 'v2'
      ? context.body(encodeUIMessageStream(answer, progress), 200, uiMessageStreamHeaders(thread.id))
      : context.body(encodeDataStreamV4(answer, progress), 200, dataStreamHeaders(thread.id, assistantPath('v2', domain)));
  }
  routes.all(routePath, () => {
    throw new ApiError(405, 'method_not_allowed', 'Use POST to send a message to the assistant.', { headers: { Allow: 'POST, OPTIONS' } });
  });
  return routes;
}
