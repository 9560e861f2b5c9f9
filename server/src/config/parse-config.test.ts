import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, defaultConfig, parseConfig, type DocentConfigInput } from './index';

const minimal: DocentConfigInput = {
  organizations: [{ id: 'acme', domains: [{ id: 'acme-docs', docs: 'docs', assistantKeys: ['svc_dsc_public1'] }] }],
};

function errorOf(input: unknown): string {
  try {
    parseConfig(input, { baseDirectory: '/srv/site', environment: {} });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('parseConfig', () => {
  test('applies the defaults and resolves paths against the base folder', () => {
    const config = parseConfig(minimal, { baseDirectory: '/srv/site', environment: {} });
    expect(config.domains).toEqual([
      {
        id: 'acme-docs',
        organization: 'acme',
        docs: '/srv/site/docs',
        assistantKeys: ['svc_dsc_public1'],
        allowedOrigins: ['*'],
      },
    ]);
    expect(config.limits).toEqual({
      perKeyPerMonth: 10_000,
      perOrganizationPerHour: 10_000,
      perIpPerDay: 10_000,
      pollsPerKeyPerHour: 3_600,
      pollsPerIpPerHour: 3_600,
      rejectedPerIpPerMinute: 60,
      maximumBodyBytes: 262_144,
      maximumQuestionCharacters: 8_000,
      maximumMessageCharacters: 20_000,
      maximumMessages: 100,
      maximumContextItems: 20,
      maximumContextCharacters: 20_000,
      maxConcurrentAnswers: 128 * availableParallelism(),
    });
    expect(config.dataDir).toBe(resolve('.docent'));
    expect(config.trustProxy).toBe(false);
  });

  test('dataDir in the file is relative to it; DOCENT_DATA_DIR wins', () => {
    expect(parseConfig({ ...minimal, dataDir: 'state' }, { baseDirectory: '/srv/site', environment: {} }).dataDir).toBe('/srv/site/state');
    expect(parseConfig({ ...minimal, dataDir: 'state' }, { baseDirectory: '/srv/site', environment: { DOCENT_DATA_DIR: '/var/docent' } }).dataDir).toBe(
      '/var/docent',
    );
  });

  test('publicUrl: an http(s) base without query or fragment; DOCENT_PUBLIC_URL wins; none means null', () => {
    expect(parseConfig(minimal, { environment: {} }).publicUrl).toBeNull();
    expect(parseConfig({ ...minimal, publicUrl: 'https://docs-api.example.com/v/' }, { environment: {} }).publicUrl).toBe('https://docs-api.example.com/v');
    const fromEnvironment = parseConfig({ ...minimal, publicUrl: 'https://a.example' }, { environment: { DOCENT_PUBLIC_URL: 'http://b.example:8080' } });
    expect(fromEnvironment.publicUrl).toBe('http://b.example:8080');
    for (const publicUrl of ['javascript:alert(1)', 'ftp://files.example', 'https://a.example/?next=x', 'docs-api.example.com', 'https://user:secret@a.example']) {
      expect(errorOf({ ...minimal, publicUrl }), publicUrl).toContain('publicUrl (or DOCENT_PUBLIC_URL) must be the http(s) address');
    }
  });

  test('dialect settings: generator, sitemap (resolved against the base folder), cleanUrls, defaultLocale', () => {
    const domain = { id: 'site', docs: 'public', assistantKeys: ['svc_dsc_public1'], generator: 'html', sitemap: 'public/sitemap.xml', cleanUrls: true, defaultLocale: 'pt-BR', pathPrefix: '' };
    const [parsed] = parseConfig({ organizations: [{ id: 'acme', domains: [domain] }] }, { baseDirectory: '/srv/site', environment: {} }).domains;
    expect(parsed).toMatchObject({ generator: 'html', sitemap: '/srv/site/public/sitemap.xml', cleanUrls: true, defaultLocale: 'pt-BR', pathPrefix: '' });
  });

  test('bad dialect settings are named with what to write', () => {
    const withDomain = (extra: Record<string, unknown>) => ({
      organizations: [{ id: 'acme', domains: [{ id: 'd', docs: 'docs', assistantKeys: ['svc_dsc_abcd'], ...extra }] }],
    });
    expect(errorOf(withDomain({ generator: 'eleventy' }))).toContain(
      'organizations[0].domains[0].generator: generator must be one of "auto", "vitepress", "docusaurus", "mkdocs", "starlight", "mintlify", "mdbook", "gitbook", "hugo", "jekyll", "sphinx", "gfm" or "html"',
    );
    expect(errorOf(withDomain({ cleanUrls: 'yes' }))).toContain('organizations[0].domains[0].cleanUrls: cleanUrls must be true or false');
    expect(errorOf(withDomain({ defaultLocale: 'English' }))).toContain('organizations[0].domains[0].defaultLocale: defaultLocale must be a locale code such as "en" or "pt-br"');
    expect(errorOf(withDomain({ sitemap: '' }))).toContain('organizations[0].domains[0].sitemap: sitemap must not be empty');
  });

  test('an assistant key without svc_dsc_ is named by its path', () => {
    const input = {
      organizations: [{ id: 'acme', domains: [{ id: 'd', docs: 'docs', assistantKeys: ['svc_dsc_good', 'svc_wrong'] }] }],
    };
    expect(errorOf(input)).toContain('organizations[0].domains[0].assistantKeys[1]: an assistant key must start with svc_dsc_');
  });

  test('an admin key must start with svc_ but not svc_dsc_', () => {
    const withAdminKey = (key: string) => ({
      organizations: [{ id: 'acme', adminKeys: [{ key, projects: [] }] }],
    });
    expect(errorOf(withAdminKey('sk_123456'))).toContain('organizations[0].adminKeys[0].key: an admin key must start with svc_');
    expect(errorOf(withAdminKey('svc_dsc_123456'))).toContain('must not start with svc_dsc_');
  });

  test('unknown fields, bad origins and bad limits are named', () => {
    expect(errorOf({ ...minimal, limit: {} })).toContain('limit: ');
    expect(
      errorOf({ organizations: [{ id: 'a', domains: [{ id: 'd', docs: 'x', assistantKeys: ['svc_dsc_abcd'], allowedOrigins: ['example.com'] }] }] }),
    ).toContain('organizations[0].domains[0].allowedOrigins[0]: an allowed origin is "*" or a scheme and host');
    expect(errorOf({ ...minimal, limits: { perIpPerDay: 0 } })).toContain('limits.perIpPerDay: a limit must be at least 1');
    expect(errorOf({ organizations: [{ id: 'a', domains: [{ id: 'd', assistantKeys: ['svc_dsc_abcd'] }] }] })).toContain(
      'organizations[0].domains[0].docs: docs is required',
    );
  });

  test('duplicate domains and keys, and dangling project references are refused', () => {
    const organization = { id: 'acme', domains: [{ id: 'd', docs: 'x', assistantKeys: ['svc_dsc_same'] }] };
    const message = errorOf({
      organizations: [organization, { ...organization, id: 'other', adminKeys: [{ key: 'svc_admin1', projects: ['ghost'] }] }],
      projects: [{ id: 'p', organization: 'nobody' }],
    });
    expect(message).toContain('organizations[1].domains[0].id: domain "d" is declared twice');
    expect(message).toContain('organizations[1].domains[0].assistantKeys[0]: this key is declared twice');
    expect(message).toContain('projects[0].organization: no organization "nobody"');
    expect(message).toContain('organizations[1].adminKeys[0].projects[0]: no project "ghost"');
  });

  test('the embedded default is valid and serves the demo docs', () => {
    const config = parseConfig(defaultConfig, { baseDirectory: '/project', environment: {} });
    expect(config.domains.map((domain) => [domain.id, domain.docs, domain.assistantKeys])).toEqual([['demo', '/project/demo/docs', ['svc_dsc_demo']]]);
    expect(config.organizations[0]?.adminKeys).toEqual([{ key: 'svc_demo', projects: ['demo'] }]);
    expect(config.projects.map((project) => project.id)).toEqual(['demo']);
  });
});
