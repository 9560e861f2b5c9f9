import path from 'node:path';
import { startTestServer, type TestServer, type TestServerOptions } from '../../../../e2e/fixtures/server';
import type { DocentConfigInput } from '../../config';
import { createAgentJobsExtension, type AgentJobsExtension, type AgentJobsExtensionOptions } from '../agent-jobs-extension';
import { testDocs } from './agent-testbed';
import { createScriptedAgentModel, type AgentScript } from './scripted-agent-model';
import { createTemporaryRepository, type TemporaryFolder } from './temporary-repository';

/** Keys of the agent test configuration. */
export const agentTestKeys = {
  /** Admin key reaching project `docs` (and `broken`). */
  admin: 'svc_admin_docs',
  /** Admin key reaching only project `elsewhere`. */
  otherAdmin: 'svc_admin_elsewhere',
  /** Assistant key of domain `docs`. */
  assistant: 'svc_dsc_docs',
};

/** The real server with the agent-job endpoints, over a temporary docs repository. */
export interface AgentTestServer {
  url: string;
  server: TestServer;
  extension: AgentJobsExtension;
  repository: TemporaryFolder;
  /** Stops the agents, the server, and removes the temporary folders. */
  close(): Promise<void>;
}

/**
 * Starts the real server (`startTestServer`) with the agent-job extension. Projects: `docs` on a
 * temporary git repository, `broken` whose repository does not exist, `elsewhere` (another
 * key's). The agent model plays `script`; `null` leaves it unconfigured.
 */
export async function startAgentTestServer(
  script: AgentScript | null,
  options: Omit<TestServerOptions, 'config' | 'extensions'> &
    Omit<AgentJobsExtensionOptions, 'agentModel'> & {
      /** The configuration's `publicUrl` (base of `prLink`). Default: none, so the listening address. */
      publicUrl?: string;
    } = {},
): Promise<AgentTestServer> {
  const repository = createTemporaryRepository(testDocs);
  const config: DocentConfigInput = {
    organizations: [
      {
        id: 'acme',
        domains: [{ id: 'docs', docs: path.join(repository.path, 'docs'), assistantKeys: [agentTestKeys.assistant] }],
        adminKeys: [
          { key: agentTestKeys.admin, projects: ['docs', 'broken'] },
          { key: agentTestKeys.otherAdmin, projects: ['elsewhere'] },
        ],
      },
    ],
    projects: [
      { id: 'docs', organization: 'acme', repository: repository.path },
      { id: 'broken', organization: 'acme', repository: path.join(repository.path, 'missing-repository') },
      { id: 'elsewhere', organization: 'acme', repository: repository.path },
    ],
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
  };
  const { codeHost, publicBaseUrl, maxSteps, maxConcurrentJobs, publicUrl: _publicUrl, ...serverOptions } = options;
  const extension = createAgentJobsExtension({
    agentModel: script === null ? undefined : createScriptedAgentModel(script).provider,
    codeHost,
    publicBaseUrl,
    maxSteps,
    maxConcurrentJobs,
  });
  let server: TestServer;
  try {
    server = await startTestServer({ ...serverOptions, config, extensions: [extension] });
  } catch (error) {
    repository.remove();
    throw error;
  }
  return {
    url: server.url,
    server,
    extension,
    repository,
    async close() {
      await extension.close();
      await server.close();
      repository.remove();
    },
  };
}
