import type { z } from 'zod/v4';

/** The parts of a configuration that refer to one another (ids, keys, project references). */
interface ReferencingConfig {
  organizations: {
    id: string;
    domains: { id: string; assistantKeys: string[] }[];
    adminKeys: { key: string; projects: string[] }[];
  }[];
  projects: { id: string; organization: string }[];
}

/**
 * Checks what a field-by-field schema cannot: every domain id and key is declared once, every
 * project names a declared organization, and an admin key lists only its organization's
 * projects. Each problem becomes an issue at the path of the offending field.
 */
export function checkCrossReferences(config: ReferencingConfig, context: z.RefinementCtx): void {
  const seenDomains = new Set<string>();
  const seenKeys = new Set<string>();
  const projectIds = new Set<string>();
  const organizationIds = new Set(config.organizations.map((organization) => organization.id));
  const checkKey = (key: string, path: PropertyKey[]) => {
    if (seenKeys.has(key)) context.addIssue({ code: 'custom', path, message: 'this key is declared twice; each key must be unique' });
    seenKeys.add(key);
  };
  config.organizations.forEach((organization, organizationIndex) => {
    organization.domains.forEach((domain, domainIndex) => {
      const path = ['organizations', organizationIndex, 'domains', domainIndex];
      if (seenDomains.has(domain.id)) {
        context.addIssue({ code: 'custom', path: [...path, 'id'], message: `domain "${domain.id}" is declared twice` });
      }
      seenDomains.add(domain.id);
      domain.assistantKeys.forEach((key, keyIndex) => checkKey(key, [...path, 'assistantKeys', keyIndex]));
    });
    organization.adminKeys.forEach((entry, keyIndex) =>
      checkKey(entry.key, ['organizations', organizationIndex, 'adminKeys', keyIndex, 'key']),
    );
  });
  config.projects.forEach((project, projectIndex) => {
    if (projectIds.has(project.id)) {
      context.addIssue({ code: 'custom', path: ['projects', projectIndex, 'id'], message: `project "${project.id}" is declared twice` });
    }
    projectIds.add(project.id);
    if (!organizationIds.has(project.organization)) {
      context.addIssue({
        code: 'custom',
        path: ['projects', projectIndex, 'organization'],
        message: `no organization "${project.organization}"; use one of the ids under organizations`,
      });
    }
  });
  config.organizations.forEach((organization, organizationIndex) => {
    organization.adminKeys.forEach((entry, keyIndex) => {
      entry.projects.forEach((projectId, projectIndex) => {
        const project = config.projects.find((candidate) => candidate.id === projectId);
        if (project?.organization === organization.id) return;
        context.addIssue({
          code: 'custom',
          path: ['organizations', organizationIndex, 'adminKeys', keyIndex, 'projects', projectIndex],
          message: project
            ? `project "${projectId}" belongs to organization "${project.organization}", not "${organization.id}"`
            : `no project "${projectId}"; declare it under projects with organization "${organization.id}"`,
        });
      });
    });
  });
}
