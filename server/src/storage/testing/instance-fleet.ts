import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { testDocs } from '../../agent/testing/agent-testbed';
import { createTemporaryFolder, createTemporaryRepository, type TemporaryFolder } from '../../agent/testing/temporary-repository';
import type { DocentConfigInput } from '../../config';
import { startServerProcess, type ServerProcess } from './server-process';

/** Keys of the fleet's configuration. */
export const fleetKeys = {
  /** Assistant key of domain `docs`. */
  assistant: 'svc_dsc_docs',
  /** A second assistant key of domain `docs`, for counting one key's requests apart. */
  limited: 'svc_dsc_limited',
  /** Admin key of project `docs`. */
  admin: 'svc_admin_docs',
};

/** What {@link startInstanceFleet} needs. */
export interface InstanceFleetOptions {
  /** How many server processes. */
  count: number;
  /** The shared PostgreSQL database (`DOCENT_DATABASE_URL`). */
  databaseUrl: string;
  /** Docs folder of domain `docs`. Default: the `docs/` folder of the fleet's repository. */
  docs?: string;
  /** More assistant keys of domain `docs`, besides {@link fleetKeys}. Default: none. */
  assistantKeys?: readonly string[];
  /** Configuration added to the fleet's own (domain `docs`, project `docs`), e.g. `limits`. */
  config?: Partial<DocentConfigInput>;
  /** Variables for every instance, e.g. `DOCENT_MODEL_BASE_URL`. */
  environment?: Record<string, string>;
}

/** Server processes on one database, each with its own data folder, over one docs repository. */
export interface InstanceFleet {
  instances: ServerProcess[];
  /** The git repository of project `docs` (its `docs/` folder is domain `docs`). */
  repository: TemporaryFolder;
  /** Starts one more instance like the others. */
  add(): Promise<ServerProcess>;
  /** Stops every instance still running (SIGTERM) and removes the temporary folders. */
  close(): Promise<void>;
}

/**
 * Starts `count` instances at once (so their migrations race, as in a rolling deploy's first
 * start): domain `docs` from a temporary git repository that is also project `docs`.
 */
export async function startInstanceFleet(options: InstanceFleetOptions): Promise<InstanceFleet> {
  const repository = createTemporaryRepository(testDocs);
  const folder = createTemporaryFolder('docent-fleet-');
  const config: DocentConfigInput = {
    organizations: [
      {
        id: 'acme',
        domains: [
          {
            id: 'docs',
            docs: options.docs ?? path.join(repository.path, 'docs'),
            assistantKeys: [fleetKeys.assistant, fleetKeys.limited, ...(options.assistantKeys ?? [])],
          },
        ],
        adminKeys: [{ key: fleetKeys.admin, projects: ['docs'] }],
      },
    ],
    projects: [{ id: 'docs', organization: 'acme', repository: repository.path }],
    ...options.config,
  };
  const configPath = path.join(folder.path, 'docent.config.json');
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  const instances: ServerProcess[] = [];
  let started = 0;
  const add = async () => {
    const dataDir = path.join(folder.path, `instance-${started++}`);
    const instance = await startServerProcess({
      configPath,
      environment: { DOCENT_DATABASE_URL: options.databaseUrl, DOCENT_DATA_DIR: dataDir, ...options.environment },
    });
    instances.push(instance);
    return instance;
  };
  const close = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    repository.remove();
    folder.remove();
  };
  const starts = await Promise.allSettled(Array.from({ length: options.count }, add));
  const failure = starts.find((start) => start.status === 'rejected');
  if (failure) {
    await close();
    throw failure.reason;
  }
  return { instances, repository, add, close };
}
