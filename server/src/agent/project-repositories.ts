import path from 'node:path';
import type { DocentConfig } from '../config';
import {
  initialiseRepositoryFromFolder,
  inspectRepository,
  RepositoryMisconfiguredError,
  type RepositoryInfo,
} from './git-workspace';

/** Finds and readies the git repository each project's jobs work on. */
export interface ProjectRepositories {
  /** Whether the project is configured. */
  has(projectId: string): boolean;
  /** Where the project's repository is (or will be): the job's `source.repository`. */
  locate(projectId: string): string;
  /**
   * Makes the repository usable: initialises the embedded default on first use, then checks
   * it is a git repository with a commit.
   * @throws RepositoryMisconfiguredError saying what to fix.
   */
  prepare(projectId: string): Promise<RepositoryInfo>;
}

/**
 * Repositories from the configuration: a project's `repository` when set; otherwise the
 * embedded default, a repository at `{dataDir}/repositories/{projectId}` that the server
 * initialises (once) from the docs folder of the project's organization's first domain.
 */
export function createProjectRepositories(config: Pick<DocentConfig, 'projects' | 'domains' | 'dataDir'>): ProjectRepositories {
  const projects = new Map(config.projects.map((project) => [project.id, project]));
  // One initialisation per project even when several jobs start at once.
  const initialising = new Map<string, Promise<void>>();

  const project = (projectId: string) => {
    const found = projects.get(projectId);
    if (!found) throw new RepositoryMisconfiguredError(`No project "${projectId}" is configured.`);
    return found;
  };

  const locate = (projectId: string) =>
    project(projectId).repository ?? path.join(config.dataDir, 'repositories', projectId);

  return {
    has: (projectId) => projects.has(projectId),
    locate,
    async prepare(projectId) {
      const configured = project(projectId);
      const repositoryPath = locate(projectId);
      if (configured.repository === undefined) {
        const domain = config.domains.find((candidate) => candidate.organization === configured.organization);
        if (!domain) {
          throw new RepositoryMisconfiguredError(
            `Project "${projectId}" has no "repository" and its organization "${configured.organization}" has no domain whose docs could seed one: set the project's "repository" to a git repository of its docs.`,
          );
        }
        let initialisation = initialising.get(projectId);
        if (!initialisation) {
          initialisation = initialiseRepositoryFromFolder(repositoryPath, domain.docs);
          initialising.set(projectId, initialisation);
          initialisation.catch(() => initialising.delete(projectId));
        }
        try {
          await initialisation;
        } catch (error) {
          throw new RepositoryMisconfiguredError(
            `Could not create the default repository for project "${projectId}" from ${domain.docs}: ${(error as Error).message}`,
          );
        }
      }
      return inspectRepository(repositoryPath);
    },
  };
}
