import path from 'node:path';
import type { DocentConfig } from '../../config';
import type { DocentDatabase } from '../../storage/database';
import { openSqliteStorage, type SqliteStorage } from '../../storage/sqlite/sqlite-storage';
import { AgentJobService, type AgentJobServiceOptions } from '../job-service';
import { createScriptedAgentModel, type AgentScript } from './scripted-agent-model';
import { createTemporaryFolder, createTemporaryRepository, type TemporaryFolder } from './temporary-repository';

/** Documentation files the test repository starts with. */
export const testDocs = {
  'docs/index.md': '# Welcome\n\nDocent answers questions about your docs.\n',
  'docs/guide/setup.md': '# Setup\n\nInstall the package.\n',
};

/** A job service over a temporary git repository and data folder. */
export interface AgentTestbed {
  service: AgentJobService;
  database: DocentDatabase;
  repository: TemporaryFolder;
  dataDir: string;
  config: Pick<DocentConfig, 'projects' | 'domains' | 'dataDir'>;
  /** Builds another service on the same data folder (a restart). */
  restart(options?: Partial<AgentJobServiceOptions>): AgentJobService;
  /** Stops the services and removes every temporary folder. */
  cleanUp(): Promise<void>;
}

/**
 * Project `docs` works on a temporary repository holding {@link testDocs}; the agent model
 * plays `script` (pass `null` for no configured model).
 */
export function createAgentTestbed(
  script: AgentScript | null,
  { repositoryPath, ...options }: Partial<AgentJobServiceOptions> & { repositoryPath?: string } = {},
): AgentTestbed {
  const repository = createTemporaryRepository(testDocs);
  const data: TemporaryFolder = createTemporaryFolder('docent-data-');
  const config = {
    dataDir: data.path,
    domains: [],
    projects: [{ id: 'docs', organization: 'test', repository: repositoryPath ?? repository.path }],
  };
  const storages: SqliteStorage[] = [];
  const services: AgentJobService[] = [];
  const build = (overrides: Partial<AgentJobServiceOptions>) => {
    // No data-folder lock: a "restart" opens the folder again while the stopped service's handle is still open.
    const storage = openSqliteStorage({ dataDir: path.join(data.path, 'db'), lock: false });
    storages.push(storage);
    const service = new AgentJobService({
      jobs: storage.jobs,
      pullRequests: storage.pullRequests,
      config,
      agentModel: script === null ? undefined : createScriptedAgentModel(script).provider,
      ...options,
      ...overrides,
    });
    services.push(service);
    return service;
  };
  const service = build({});
  return {
    service,
    database: (storages[0] as SqliteStorage).database,
    repository,
    dataDir: data.path,
    config,
    restart: (overrides = {}) => build(overrides),
    async cleanUp() {
      await Promise.all(services.map((each) => each.close()));
      await Promise.all(storages.map((storage) => storage.close()));
      repository.remove();
      data.remove();
    },
  };
}
