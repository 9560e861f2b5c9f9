import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDemoSite } from '../../../demo/site/demo-site';
import { createAgentJobsExtension } from '../agent/agent-jobs-extension';
import { resolveAgentModel } from '../agent/agent-model';
import type { AppExtension } from '../app';
import type { DocentConfig, DomainConfig } from '../config';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The demo documentation site (`demo/site`) for one domain, mounted at `/`: its pages under
 * `/docs/`, each with the built widget (`dist/docent.js`) embedded by its script tag and wired to
 * that domain with its first assistant key.
 */
export function demoSiteExtension(domain: DomainConfig, widgetScript = join(projectRoot, 'dist', 'docent.js')): AppExtension {
  return {
    name: 'demo-site',
    create: () =>
      createDemoSite({
        docsFolder: domain.docs,
        widgetScript,
        assistant: { domain: domain.id, apiKey: domain.assistantKeys[0] ?? '' },
      }),
    describe: (baseUrl) => [`  demo site: ${baseUrl}/docs/ (domain "${domain.id}")`],
  };
}

/**
 * What `npm start` serves besides the assistant API: the agent-job endpoints (on the model
 * `DOCENT_MODEL_BASE_URL` / `DOCENT_MODEL` name, if any) and the demo site for the first domain.
 */
export function standardExtensions(config: DocentConfig, environment: NodeJS.ProcessEnv): AppExtension[] {
  const agentModel = resolveAgentModel(environment);
  const agentJobs = createAgentJobsExtension({ agentModel });
  const extensions: AppExtension[] = [
    {
      name: agentJobs.name,
      create: (services) => agentJobs.create(services),
      // Resumes jobs a stop left active and keeps taking over jobs whose instance died.
      start: () => agentJobs.start?.(),
      close: () => agentJobs.close(),
      describe: (baseUrl) => [
        `  agent jobs: ${baseUrl}/v2/agent/{projectId}/job… (${
          agentModel ? `model ${agentModel.defaultModelId}` : 'no agent model: set DOCENT_MODEL_BASE_URL and DOCENT_MODEL to run jobs'
        })`,
      ],
    },
  ];
  const firstDomain = config.domains[0];
  if (firstDomain) extensions.push(demoSiteExtension(firstDomain));
  return extensions;
}
