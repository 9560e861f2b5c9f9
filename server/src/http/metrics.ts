import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AnswerObserver } from '../assistant/answer';
import type { AdmissionObserver, AnswerOutcome } from '../assistant/answer-admission';
import { ApiError } from './api-error';
import type { AppEnvironment } from './app-environment';
import type { Storage } from '../storage/storage';
import { readBearerKey, type KeyRegistry } from './auth';

/** Counts the metrics read from storage when scraped; `undefined` for one the storage cannot count. */
export interface StoredCounts {
  /** Threads stored. */
  threads?: number;
  /** Agent jobs by state (`active`, `completed`, …). */
  jobsByState?: Readonly<Record<string, number>>;
}

/** What {@link ServerMetrics} reads when it is scraped. */
export interface MetricsSources {
  /** Answers in progress now (the admission's count). */
  answersInProgress?: () => number;
  /** Threads and jobs in storage; a failure leaves those gauges out of that scrape. */
  storedCounts?: () => Promise<StoredCounts>;
}

const secondsOf = (milliseconds: number) => milliseconds / 1_000;

/**
 * The server's Prometheus metrics (with `prom-client`), all prefixed `docent_`: requests by
 * route and status, time to first byte and full answer, retrieval time, model errors,
 * rate-limit and admission rejections, answers in progress, threads and agent jobs by state,
 * and Node's own process metrics (event-loop lag, heap, CPU).
 *
 * @example
 * const metrics = new ServerMetrics({ answersInProgress: () => admission.inProgress });
 * app.use('*', metrics.countRequests);
 * app.get('/metrics', requireMetricsKey(keys), metrics.handler);
 */
export class ServerMetrics {
  /** The registry holding every metric (one per server, so tests can run several). */
  readonly registry = new Registry();
  readonly #requests: Counter<'route' | 'method' | 'status'>;
  readonly #rateLimitRejections: Counter<'route'>;
  readonly #admissionRejections: Counter;
  readonly #firstByte: Histogram;
  readonly #answerDuration: Histogram<'outcome'>;
  readonly #retrieval: Histogram;
  readonly #modelErrors: Counter;

  constructor(sources: MetricsSources = {}) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'docent_' });
    this.#requests = new Counter({
      name: 'docent_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.#rateLimitRejections = new Counter({
      name: 'docent_rate_limit_rejections_total',
      help: 'Requests refused with 429 by a rate limit, by route pattern.',
      labelNames: ['route'],
      registers,
    });
    this.#admissionRejections = new Counter({
      name: 'docent_admission_rejections_total',
      help: 'Questions refused with 503 because limits.maxConcurrentAnswers answers were in progress.',
      registers,
    });
    this.#firstByte = new Histogram({
      name: 'docent_answer_first_byte_seconds',
      help: 'Time from an admitted question to the first byte of its answer stream.',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.#answerDuration = new Histogram({
      name: 'docent_answer_duration_seconds',
      help: 'Time from an admitted question to the last byte of its answer (or the client leaving: outcome "aborted").',
      labelNames: ['outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    this.#retrieval = new Histogram({
      name: 'docent_retrieval_seconds',
      help: 'Time to find the sections of one answer (lexical, or hybrid with embeddings).',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.#modelErrors = new Counter({ name: 'docent_model_errors_total', help: 'Answers the model failed mid-way.', registers });
    const answersInProgress = sources.answersInProgress;
    new Gauge({
      name: 'docent_answers_in_progress',
      help: 'Answers being written now (admitted, last byte not yet sent).',
      registers,
      collect() {
        this.set(answersInProgress?.() ?? 0);
      },
    });
    const storedCounts = sources.storedCounts;
    if (storedCounts !== undefined) {
      // One storage read per scrape, shared by both gauges.
      let pending: Promise<StoredCounts> | undefined;
      const read = () => (pending ??= storedCounts().catch(() => ({}) as StoredCounts).finally(() => setImmediate(() => (pending = undefined))));
      new Gauge({
        name: 'docent_threads',
        help: 'Threads stored.',
        registers,
        async collect() {
          const { threads } = await read();
          if (threads !== undefined) this.set(threads);
        },
      });
      new Gauge({
        name: 'docent_agent_jobs',
        help: 'Agent jobs stored, by state.',
        labelNames: ['state'],
        registers,
        async collect() {
          const { jobsByState } = await read();
          this.reset();
          for (const [state, count] of Object.entries(jobsByState ?? {})) this.set({ state }, count);
        },
      });
    }
  }

  /** Middleware counting every request by route pattern, method and status (and 429s apart). */
  readonly countRequests: MiddlewareHandler<AppEnvironment> = async (context, next) => {
    await next();
    const route = routeOf(context);
    const status = context.res.status;
    this.#requests.inc({ route, method: context.req.method, status: String(status) });
    if (status === 429) this.#rateLimitRejections.inc({ route });
  };

  /** The answers' side: retrieval time and model failures (see `answerQuestion`). */
  readonly answers: AnswerObserver = {
    retrieved: (milliseconds) => this.#retrieval.observe(secondsOf(milliseconds)),
    modelFailed: () => this.#modelErrors.inc(),
  };

  /** The admission's side: rejections, time to first byte and to the last (see `AnswerAdmission`). */
  readonly admission: AdmissionObserver = {
    rejected: () => this.#admissionRejections.inc(),
    firstByte: (milliseconds) => this.#firstByte.observe(secondsOf(milliseconds)),
    finished: (milliseconds, outcome: AnswerOutcome) => this.#answerDuration.observe({ outcome }, secondsOf(milliseconds)),
  };

  /** `GET /metrics`: the Prometheus text format. Put an auth middleware before it. */
  readonly handler = async (context: Context<AppEnvironment>): Promise<Response> => {
    const body = await this.registry.metrics();
    return context.body(body, 200, { 'content-type': this.registry.contentType, 'cache-control': 'no-store' });
  };
}

/** The matched route's pattern (e.g. `/discovery/:version{v1|v2}/assistant/:domain/message`); `unmatched` for a 404 of no route. */
function routeOf(context: Context<AppEnvironment>): string {
  const route = routePath(context);
  // Only middleware registered on every path matched: no route; a label per unknown path would grow without bound.
  return route === '*' || route === '/*' || route === '' ? 'unmatched' : route;
}

/**
 * Middleware for `/metrics`: any admin key (`svc_…`, secret) of the configuration, as
 * `Authorization: Bearer <key>`; 401 without a valid key, 403 for an assistant key (public).
 */
export function requireMetricsKey(keys: KeyRegistry): MiddlewareHandler<AppEnvironment> {
  return async (context, next) => {
    const key = readBearerKey(context.req.header('authorization'));
    const grant = key === undefined ? undefined : keys.identify(key);
    if (grant === undefined) {
      throw new ApiError(401, 'missing_api_key', 'The metrics need an admin key (svc_…) of this server: send it as "Authorization: Bearer <key>".', {
        headers: { 'WWW-Authenticate': 'Bearer' },
      });
    }
    if (grant.kind !== 'admin') {
      throw new ApiError(403, 'wrong_key_kind', 'The metrics need an admin key (svc_…); assistant keys are public and cannot read them.');
    }
    await next();
  };
}

/**
 * Threads and agent jobs by state, counted by the storage (SQLite or PostgreSQL), for the
 * `docent_threads` and `docent_agent_jobs` gauges; a count that fails is left out.
 */
export async function storedCountsOf(storage: Pick<Storage, 'threads' | 'jobs'>): Promise<StoredCounts> {
  const [threads, jobsByState] = await Promise.allSettled([storage.threads.count(), storage.jobs.countByStatus()]);
  const counts: StoredCounts = {};
  if (threads.status === 'fulfilled') counts.threads = threads.value;
  if (jobsByState.status === 'fulfilled') counts.jobsByState = jobsByState.value;
  return counts;
}
