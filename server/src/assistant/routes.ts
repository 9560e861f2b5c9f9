import { Hono, type MiddlewareHandler } from 'hono';
import type { LanguageModel } from 'ai';
import type { DomainConfig } from '../config';
import { ApiError } from '../http/api-error';
import type { AppEnvironment } from '../http/app-environment';
import { requireAssistantKey, type KeyRegistry } from '../http/auth';
import { assistantCors } from '../http/cors';
import { readJsonBody } from '../http/json-body';
import type { Logger } from '../http/logger';
import type { DocsIndex } from '../retrieval/docs-index';
import type { Retriever } from '../retrieval/retriever';
import type { Thread, ThreadStore } from '../storage/thread-store';
import { answerQuestion } from './answer';
import { dataStreamHeaders, encodeDataStreamV4 } from './data-stream-v4';
import { parseAssistantRequest, type AssistantApiVersion, type AssistantRequest } from './request-schema';
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
  threads: ThreadStore;
  keys: KeyRegistry;
  /** Counts requests against the limits (see `rateLimit`). */
  rateLimit: MiddlewareHandler<AppEnvironment>;
  logger: Logger;
}

/** The path of an assistant endpoint, e.g. `assistantPath('v2', 'demo')` → `/discovery/v2/assistant/demo/message`. */
export function assistantPath(version: AssistantApiVersion, domain: string): string {
  return `/discovery/${version}/assistant/${encodeURIComponent(domain)}/message`;
}

const routePath = '/discovery/:version{v1|v2}/assistant/:domain/message';

/** The continued thread, or a new one; 404 for an unknown id or another domain's thread. */
function resolveThread(threads: ThreadStore, domain: string, request: AssistantRequest): Thread {
  if (request.threadId === null) return threads.createThread({ domain, fp: request.fp });
  const thread = threads.findThread(request.threadId);
  // Another domain's thread is reported exactly like a missing one, so ids cannot be probed across domains.
  if (!thread || thread.domain !== domain) {
    throw new ApiError(
      404,
      'thread_not_found',
      'This thread does not exist on this domain (it may have been deleted, or belong elsewhere); start a new conversation by sending threadId null.',
      { field: 'threadId' },
    );
  }
  return thread;
}

/**
 * The assistant endpoints, `POST /discovery/v2/assistant/{domain}/message` (AI SDK 5+ UI message
 * stream) and the deprecated `POST /discovery/v1/assistant/{domain}/message` (AI SDK 4 data
 * stream), with CORS, auth, limits, body checks and threads, in that order.
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
  routes.post(routePath, requireAssistantKey(options.keys), options.rateLimit, async (context) => {
    const version = context.req.param('version') as AssistantApiVersion;
    const domain = context.req.param('domain');
    const index = options.indexes.get(domain);
    if (!index) throw new Error(`no docs index was built for domain "${domain}"`);
    const request = parseAssistantRequest(version, await readJsonBody(context.req.raw));
    const thread = resolveThread(options.threads, domain, request);
    context.get('logFields').threadId = thread.id;
    const answer = await answerQuestion({
      request,
      thread,
      threads: options.threads,
      index,
      retriever: options.retrievers?.get(domain),
      model: options.model,
      logger: options.logger,
      abortSignal: context.req.raw.signal,
    });
    return version === 'v2'
      ? context.body(encodeUIMessageStream(answer), 200, uiMessageStreamHeaders(thread.id))
      : context.body(encodeDataStreamV4(answer), 200, dataStreamHeaders(thread.id, assistantPath('v2', domain)));
  });
  routes.all(routePath, () => {
    throw new ApiError(405, 'method_not_allowed', 'Use POST to send a message to the assistant.', { headers: { Allow: 'POST, OPTIONS' } });
  });
  return routes;
}
