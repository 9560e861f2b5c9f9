import { fileURLToPath } from 'node:url';
import type { DocentConfigInput } from './schema';

/** The project root, where the embedded default's `demo/docs` lives. */
export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The embedded default used when no config file exists: organization `demo`, domain `demo`
 * serving `demo/docs` under `/docs`, assistant key `svc_dsc_demo`, admin key `svc_demo`,
 * project `demo`. Paths in it are relative to the project root.
 */
export const defaultConfig: DocentConfigInput = {
  organizations: [
    {
      id: 'demo',
      domains: [{ id: 'demo', docs: 'demo/docs', pathPrefix: '/docs', assistantKeys: ['svc_dsc_demo'] }],
      adminKeys: [{ key: 'svc_demo', projects: ['demo'] }],
    },
  ],
  // No `repository`: agent jobs get the embedded default, a git repository initialised from the
  // domain's docs (demo/docs) in the data folder, so jobs never branch the Docent checkout itself.
  projects: [{ id: 'demo', organization: 'demo' }],
};
