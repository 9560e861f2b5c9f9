import type { AppExtension, AppServices } from '../app';
import type { Logger } from '../http/logger';
import type { AgentModelProvider } from './agent-model';
import type { CodeHost } from './code-host';
import { AgentJobService } from './job-service';
import { createAgentRoutes } from './routes';

/** Options of {@link createAgentJobsExtension}. */
export interface AgentJobsExtensionOptions {
  /**
   * The tool-calling model jobs run on (see `resolveAgentModel`). Default: none, so every job
   * ends `failed` with a message on how to configure one.
   */
  agentModel?: AgentModelProvider;
  /** Where pull requests go. Default: the built-in code host, which serves `/pulls/...`. */
  codeHost?: CodeHost;
  /**
   * Base of the links jobs create (`prLink`). Default: the server's `publicUrl`
   * (`AppServices.publicUrl`: the configured one, else the address it listens on).
   */
  publicBaseUrl?: string;
  /** Step budget per agent run. Default: 24. */
  maxSteps?: number;
  /** Jobs running at once. Default: 2. */
  maxConcurrentJobs?: number;
}

/** The agent-job endpoints as an app extension, with the job service's lifecycle. */
export interface AgentJobsExtension extends AppExtension {
  /** The job service, once the app has been created. */
  readonly service: AgentJobService | undefined;
  /**
   * Stops running agents without recording an outcome (their jobs resume at the next start).
   * Call before closing the database.
   */
  close(): Promise<void>;
}

/**
 * Mounts the agent-job endpoints on the app. Creating the app creates the job service; `start`
 * (once the server listens) resumes the jobs nobody runs and keeps looking for them.
 *
 * @example
 * const agentJobs = createAgentJobsExtension({ agentModel: resolveAgentModel(process.env) });
 * const app = createApp({ …, extensions: [agentJobs] });
 * // on shutdown: await agentJobs.close(); database.close();
 */
export function createAgentJobsExtension(options: AgentJobsExtensionOptions = {}): AgentJobsExtension {
  let service: AgentJobService | undefined;
  let logger: Logger | undefined;
  return {
    name: 'agent-jobs',
    get service() {
      return service;
    },
    create(services: AppServices) {
      service = new AgentJobService({
        jobs: services.storage.jobs,
        pullRequests: services.storage.pullRequests,
        leaseMilliseconds: services.config.jobLeaseSeconds * 1000,
        config: services.config,
        agentModel: options.agentModel,
        codeHost: options.codeHost,
        maxSteps: options.maxSteps,
        maxConcurrentJobs: options.maxConcurrentJobs,
        onUnexpectedError: (jobId, error) =>
          services.logger.error({
            event: 'agent_job_error',
            jobId,
            error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          }),
      });
      logger = services.logger;
      return createAgentRoutes({
        service,
        keys: services.keys,
        rateLimit: services.rateLimit,
        publicBaseUrl: () => options.publicBaseUrl ?? services.publicUrl(),
        pullRequests: service.localCodeHost,
      });
    },
    // Only once the server listens: a server that cannot bind its port must not take jobs over.
    async start() {
      if (!service) return;
      const recovered = await service.recoverActiveJobs();
      if (recovered.resumed + recovered.failed > 0) logger?.info({ event: 'agent_jobs_recovered', ...recovered });
      service.startPolling();
    },
    async close() {
      await service?.close();
    },
  };
}
