import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod/v4';
import { ApiError } from '../http/api-error';
import type { AppEnvironment } from '../http/app-environment';
import { requireAdminKey, type KeyRegistry } from '../http/auth';
import { readJsonBody } from '../http/json-body';
import { describeIssues } from '../http/validation-issue';
import { isAccessKey, type LocalCodeHost, type LocalPullRequest } from './code-host';
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
   * Base of the links jobs create (`prLink`), e.g. `https://docs-api.example.com`: the
   * configured `publicUrl` (see `AppServices.publicUrl`). Never the request's `Host` header,
   * which a client can forge to make the server hand out links to another site.
   */
  publicBaseUrl: () => string;
  /**
   * Serves `GET /pulls/{projectId}/{id}` when given (the built-in code host): by the
   * unguessable id in `prLink` to anyone holding the link, by number to the project's admin keys.
   */
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
 * - `GET /pulls/{projectId}/{id}`: the built-in code host's pull request page (HTML), by the
 *   unguessable id of `prLink`, or `GET /pulls/{projectId}/{number}` with an admin key.
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
  routes.post('/v2/agent/:projectId/job', async (context) => {
    const body = parseBody(createBodySchema, await readJsonBody(context.req.raw));
    const job = await service.create(context.req.param('projectId'), { ...body, publicBaseUrl: options.publicBaseUrl() });
    return context.json(toJobV2(job), 201);
  });
  routes.get('/v2/agent/:projectId/job/:id', async (context) =>
    context.json(toJobV2(await service.get(context.req.param('projectId'), context.req.param('id')))),
  );
  routes.post('/v2/agent/:projectId/job/:id/message', async (context) => {
    const { projectId, id } = context.req.param();
    await service.get(projectId, id);
    const body = parseBody(messageBodySchema, await readJsonBody(context.req.raw));
    return context.json(toJobV2(await service.sendMessage(projectId, id, body.prompt)));
  });
  routes.post('/v2/agent/:projectId/job/:id/archive', async (context) =>
    context.json(toJobV2(await service.archive(context.req.param('projectId'), context.req.param('id')))),
  );
  routes.get('/v1/agent/:projectId/job/:id', async (context) => {
    const job = await service.get(context.req.param('projectId'), context.req.param('id'));
    return context.json(toSessionV1(job, await service.store.todos(job.id)));
  });
  routes.get('/v1/agent/:projectId/jobs', async (context) => {
    const jobs = await service.list(context.req.param('projectId'));
    const sessions = await Promise.all(jobs.map(async (job) => toSessionV1(job, await service.store.todos(job.id))));
    return context.json({ allSessions: sessions });
  });

  const pullRequests = options.pullRequests;
  if (pullRequests) {
    // By number: sequential, so guessable; only the project's admin keys may open it that way.
    routes.get('/pulls/:projectId/:number{[0-9]+}', ...guarded, async (context) => {
      const { projectId, number } = context.req.param();
      return pullRequestPage(context, await pullRequests.get(projectId, Number(number)));
    });
    // By the id in prLink: whoever holds the link may read the page, as with a secret gist.
    routes.get('/pulls/:projectId/:accessKey', async (context) => {
      const { projectId, accessKey } = context.req.param();
      return pullRequestPage(context, isAccessKey(accessKey) ? await pullRequests.getByAccessKey(projectId, accessKey) : undefined);
    });
  }
  return routes;
}

/** The page of a pull request, or one 404 that does not tell a wrong project from a wrong id. */
function pullRequestPage(context: Context<AppEnvironment>, pullRequest: LocalPullRequest | undefined): Response {
  if (!pullRequest) {
    throw new ApiError(404, 'pull_request_not_found', 'No such pull request: open the link (prLink) the agent job gave.');
  }
  context.header('Content-Security-Policy', pullRequestPageContentSecurityPolicy);
  context.header('X-Content-Type-Options', 'nosniff');
  context.header('Referrer-Policy', 'no-referrer');
  // The address is the credential: keep the page out of shared caches and search indexes.
  context.header('Cache-Control', 'private, no-store');
  context.header('X-Robots-Tag', 'noindex');
  return context.html(renderPullRequestPage(pullRequest)) as Response;
}
