import path from 'node:path';
import type { DocentConfig } from '../../config';
import { openDatabase, type DocentDatabase } from '../../storage/database';
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
  const databases: DocentDatabase[] = [];
  const services: AgentJobService[] = [];
  const build = (overrides: Partial<AgentJobServiceOptions>) => {
    const database = openDatabase(path.join(data.path, 'db'));
    databases.push(database);
    const service = new AgentJobService({
      database,
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
    database: databases[0] as DocentDatabase,
    repository,
    dataDir: data.path,
    config,
    restart: (overrides = {}) => build(overrides),
    async cleanUp() {
      await Promise.all(services.map((each) => each.close()));
      databases.forEach((database) => database.close());
      repository.remove();
      data.remove();
    },
  };
}
