import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHROMIUM_MISSING_MESSAGE } from './find-chromium';
import { installAllowed, provisionChromium, type CommandRunner, type ProvisionChromiumOptions } from './install-chromium';

let folder: string;
let commands: string[];

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'docent-install-chromium-'));
  commands = [];
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

function writeExecutable(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, 0o755);
}

/** A runner that records each command as text and, per step, succeeds or fails (and may "install"). */
function fakeRunner(steps: { playwright?: () => boolean; aptInstall?: () => boolean }): CommandRunner {
  return (command, commandArguments) => {
    const isPlaywright = command === process.execPath && commandArguments.join(' ').endsWith('install chromium');
    commands.push(isPlaywright ? 'playwright install chromium' : [command, ...commandArguments].join(' '));
    if (isPlaywright) return steps.playwright?.() ?? false;
    if (command === 'apt-get' && commandArguments[0] === 'install') return steps.aptInstall?.() ?? false;
    return true;
  };
}

/** Provisioning that sees only the temp folder: an empty PATH, one usual path, one cache path. */
function isolated(overrides: Partial<ProvisionChromiumOptions> = {}): ProvisionChromiumOptions {
  return {
    environment: { PATH: join(folder, 'empty-bin') },
    usualPaths: [join(folder, 'usr/bin/chromium')],
    playwrightExecutablePath: () => join(folder, 'ms-playwright/chrome'),
    allowInstall: true,
    canUseApt: true,
    run: fakeRunner({}),
    ...overrides,
  };
}

describe('provisionChromium', () => {
  it('installs nothing when a browser is already found', () => {
    writeExecutable(join(folder, 'usr/bin/chromium'));
    const result = provisionChromium(isolated());
    expect(result).toEqual({ found: true, location: { path: join(folder, 'usr/bin/chromium'), source: 'usual path' } });
    expect(commands).toEqual([]);
  });

  it('prints only the one line, and runs nothing, when installing is turned off', () => {
    const options = isolated({ allowInstall: undefined, environment: { PATH: '', DOCENT_BROWSER_INSTALL: '0' } });
    expect(provisionChromium(options)).toEqual({ found: false, message: CHROMIUM_MISSING_MESSAGE });
    expect(commands).toEqual([]);
    expect(installAllowed({ DOCENT_BROWSER_INSTALL: 'false' })).toBe(false);
    expect(installAllowed({})).toBe(true);
  });

  it("uses Playwright's download first, and stops there when it works", () => {
    const run = fakeRunner({ playwright: () => (writeExecutable(join(folder, 'ms-playwright/chrome')), true) });
    const result = provisionChromium(isolated({ run }));
    expect(result).toMatchObject({ found: true, installedBy: 'Playwright', location: { source: 'Playwright cache' } });
    expect(commands).toEqual(['playwright install chromium']);
  });

  it("installs Debian's package as root when Playwright's download fails", () => {
    const run = fakeRunner({ aptInstall: () => (writeExecutable(join(folder, 'usr/bin/chromium')), true) });
    const result = provisionChromium(isolated({ run }));
    expect(result).toMatchObject({ found: true, installedBy: 'apt-get', location: { path: join(folder, 'usr/bin/chromium') } });
    expect(commands).toEqual(['playwright install chromium', 'apt-get update -qq', 'apt-get install -y -qq chromium']);
  });

  it('gives the one line after every possible install has failed, never trying apt without root', () => {
    expect(provisionChromium(isolated({ canUseApt: false }))).toEqual({ found: false, message: CHROMIUM_MISSING_MESSAGE });
    expect(commands).toEqual(['playwright install chromium']);
  });

  it('reports a wrong CHROMIUM_PATH without installing anything', () => {
    const result = provisionChromium(isolated({ environment: { CHROMIUM_PATH: join(folder, 'nope'), PATH: '' } }));
    expect(result).toMatchObject({ found: false, message: expect.stringContaining('CHROMIUM_PATH is set to') });
    expect(commands).toEqual([]);
  });
});

describe('provision-chromium.ts, as `npm run test:e2e` runs it', () => {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'provision-chromium.ts');
  function runScript(environment: NodeJS.ProcessEnv) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', script], { env: environment, encoding: 'utf8' });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('exits 1 with one line naming CHROMIUM_PATH when it is wrong', () => {
    const result = runScript({ ...process.env, CHROMIUM_PATH: join(folder, 'no-such-chrome'), DOCENT_BROWSER_INSTALL: '0' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      `CHROMIUM_PATH is set to "${join(folder, 'no-such-chrome')}", which is not an executable file: point it at a Chromium or Chrome binary, or unset it to look for one`,
    ]);
  });

  it.skipIf(!existsSync('/usr/bin/chromium'))("finds this machine's Chromium without CHROMIUM_PATH", () => {
    const environment: NodeJS.ProcessEnv = { ...process.env, DOCENT_BROWSER_INSTALL: '0' };
    delete environment.CHROMIUM_PATH;
    const result = runScript(environment);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('Chromium for the e2e tests: /usr/bin/chromium (found on PATH)\n');
  });
});
