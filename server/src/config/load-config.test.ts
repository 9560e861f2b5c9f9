import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { loadConfig, type DocentConfigInput } from './index';

const minimal: DocentConfigInput = {
  organizations: [{ id: 'acme', domains: [{ id: 'acme-docs', docs: 'docs', assistantKeys: ['svc_dsc_public1'] }] }],
};

const temporaryFolders: string[] = [];
afterEach(() => {
  for (const folder of temporaryFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('loadConfig', () => {
  test('uses the embedded default when there is no file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'docent-config-'));
    temporaryFolders.push(folder);
    const config = loadConfig({ cwd: folder, environment: {} });
    expect(config.source).toBeNull();
    expect(config.domains[0]?.id).toBe('demo');
    expect(config.domains[0]?.docs).toBe(resolve('demo/docs'));
  });

  test('reads ./docent.config.json, --config and DOCENT_CONFIG, resolving paths against the file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'docent-config-'));
    temporaryFolders.push(folder);
    writeFileSync(join(folder, 'docent.config.json'), JSON.stringify(minimal));
    writeFileSync(join(folder, 'other.json'), JSON.stringify({ ...minimal, limits: { perIpPerDay: 3 } }));
    expect(loadConfig({ cwd: folder, environment: {} }).domains[0]?.docs).toBe(join(folder, 'docs'));
    expect(loadConfig({ cwd: folder, environment: {}, argv: ['--config', 'other.json'] }).limits.perIpPerDay).toBe(3);
    expect(loadConfig({ cwd: folder, environment: {}, argv: ['--config=other.json'] }).source).toBe(join(folder, 'other.json'));
    expect(loadConfig({ cwd: '/', environment: { DOCENT_CONFIG: join(folder, 'other.json') } }).limits.perIpPerDay).toBe(3);
  });

  test('a named file that is missing or not JSON stops with a clear message', () => {
    const folder = mkdtempSync(join(tmpdir(), 'docent-config-'));
    temporaryFolders.push(folder);
    writeFileSync(join(folder, 'broken.json'), '{ "organizations": ');
    expect(() => loadConfig({ cwd: folder, environment: { DOCENT_CONFIG: 'missing.json' } })).toThrow(/missing\.json does not exist/);
    expect(() => loadConfig({ cwd: folder, environment: {}, argv: ['--config', 'broken.json'] })).toThrow(/is not valid JSON/);
  });
});
