import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod/v4';
import { ApiError } from '../http/api-error';
import type { AppEnvironment } from '../http/app-environment';
import { requireAdminKey, type KeyRegistry } from '../http/auth';
import { readJsonBody } from '../http/json-body';
import { describeIssues } from '../http/validation-issue';
import type { LocalCodeHost } from './code-host';
import type { AgentJobService } from './job-service';
import { toJobV2, toSessionV1 } from './job-shapes';
import { pullRequestPageContentSecurityPolicy, renderPullRequestPage } from './pull-request-page';

/** What the agent-job endpoints need. */
export interface AgentRoutesOptions {
  service: AgentJobService;
  keys: KeyRegistry;
  /** Counts requests against the limits (the same middleware as the assistant endpoints). */
  rateLimit: MiddlewareHandler<AppEnvironment>;
  /**
   * Origin of the links jobs create (`prLink`), e.g. `https://docs-api.example.com`.
   * Default: the origin of the request that created the job.
   */
  publicBaseUrl?: string;
  /** Serves `GET /pulls/{projectId}/{number}` when given (the built-in code host). */
  pullRequests?: LocalCodeHost;
}

const promptSchema = z
  .string({ error: 'prompt is required: a string with the instruction for the agent, e.g. "Document the theme option"' })
  .min(1, { error: 'prompt must be at least 1 character: give the agent an instruction' });

const messageBodySchema = z.strictObject({ prompt: promptSchema }, { error: 'the body must be a JSON object like {"prompt": "…"}' });

const createBodySchema = z.strictObject(
  {
    prompt: promptSchema,
    ref: z.string({ error: 'ref must be a string naming a branch, tag or commit, e.g. "main"' }).min(1).optional(),
    model: z.string({ error: 'model must be a string naming a model id, e.g. "gpt-4o-mini"' }).min(1).optional(),
  },
  { error: 'the body must be a JSON object like {"prompt": "…", "ref": "main"}' },
);

/** Parses a body, answering 400 `invalid_request` that names the first bad field. */
function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = describeIssues(result.error.issues);
  const message = issues.map((issue) => (issue.field === '' || issue.message.startsWith(issue.field) ? issue.message : `${issue.field}: ${issue.message}`));
  throw new ApiError(400, 'invalid_request', message.join('; '), issues[0]?.field ? { field: issues[0].field } : {});
}

/**
 * Admin-key check with one refinement: for a project no configuration declares, a valid admin
 * key gets 404 rather than 403. Callers without a valid admin key learn nothing about projects.
 */
function requireAdminKeyForProject(keys: KeyRegistry, service: AgentJobService): MiddlewareHandler<AppEnvironment> {
  const adminKey = requireAdminKey(keys);
  return async (context, next) => {
    try {
      await adminKey(context, next);
    } catch (error) {
      const projectId = context.req.param('projectId') ?? '';
      if (error instanceof ApiError && error.code === 'project_not_allowed' && !service.hasProject(projectId)) {
        throw new ApiError(404, 'project_not_found', `No project "${projectId}"; use a project id from the server's configuration.`);
      }
      throw error;
    }
  };
}

/**
 * The agent-job endpoints (admin keys only):
 * - spec: `POST /v2/agent/{projectId}/job/{id}/message`, `GET /v1/agent/{projectId}/job/{id}`,
 *   `GET /v1/agent/{projectId}/jobs`;
 * - extensions: `POST /v2/agent/{projectId}/job` (create, 201), `GET /v2/agent/{projectId}/job/{id}`,
 *   `POST /v2/agent/{projectId}/job/{id}/archive`;
 * - `GET /pulls/{projectId}/{number}`: the built-in code host's pull request page (HTML).
 */
export function createAgentRoutes(options: AgentRoutesOptions): Hono<AppEnvironment> {
  const { service } = options;
  const routes = new Hono<AppEnvironment>();
  const guarded = [requireAdminKeyForProject(options.keys, service), options.rateLimit] as const;
  for (const path of ['/v1/agent/:projectId/*', '/v2/agent/:projectId/*']) {
    routes.use(path, async (context, next) => {
      context.get('logFields').project = context.req.param('projectId');
      await next();
    });
    routes.use(path, ...guarded);
  }
  const publicBaseUrl = (request: Request) => options.publicBaseUrl ?? new URL(request.url).origin;

  routes.post('/v2/agent/:projectId/job', async (context) => {
    const body = parseBody(createBodySchema, await readJsonBody(context.req.raw));
    const job = await service.create(context.req.param('projectId'), { ...body, publicBaseUrl: publicBaseUrl(context.req.raw) });
    return context.json(toJobV2(job), 201);
  });
  routes.get('/v2/agent/:projectId/job/:id', (context) =>
    context.json(toJobV2(service.get(context.req.param('projectId'), context.req.param('id')))),
  );
  routes.post('/v2/agent/:projectId/job/:id/message', async (context) => {
    const { projectId, id } = context.req.param();
    service.get(projectId, id);
    const body = parseBody(messageBodySchema, await readJsonBody(context.req.raw));
    return context.json(toJobV2(service.sendMessage(projectId, id, body.prompt)));
  });
  routes.post('/v2/agent/:projectId/job/:id/archive', (context) =>
    context.json(toJobV2(service.archive(context.req.param('projectId'), context.req.param('id')))),
  );
  routes.get('/v1/agent/:projectId/job/:id', (context) => {
    const job = service.get(context.req.param('projectId'), context.req.param('id'));
    return context.json(toSessionV1(job, service.store.todos(job.id)));
  });
  routes.get('/v1/agent/:projectId/jobs', (context) => {
    const jobs = service.list(context.req.param('projectId'));
    return context.json({ allSessions: jobs.map((job) => toSessionV1(job, service.store.todos(job.id))) });
  });

  const pullRequests = options.pullRequests;
  if (pullRequests) {
    routes.get('/pulls/:projectId/:number{[0-9]+}', (context) => {
      const { projectId, number } = context.req.param();
      const pullRequest = pullRequests.get(projectId, Number(number));
      if (!pullRequest) {
        throw new ApiError(404, 'pull_request_not_found', `No pull request #${number} in project "${projectId}".`);
      }
      context.header('Content-Security-Policy', pullRequestPageContentSecurityPolicy);
      context.header('X-Content-Type-Options', 'nosniff');
      context.header('Referrer-Policy', 'no-referrer');
      return context.html(renderPullRequestPage(pullRequest));
    });
  }
  return routes;
}
