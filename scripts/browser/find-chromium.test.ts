import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHROMIUM_MISSING_MESSAGE, ChromiumPathError, findChromium, requireChromium } from './find-chromium';

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'docent-find-chromium-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** Writes a fake browser at `relativePath` inside the temp folder and returns its full path. */
function fakeBrowser(relativePath: string, options: { executable?: boolean } = {}): string {
  const path = join(folder, relativePath);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, options.executable === false ? 0o644 : 0o755);
  return path;
}

/** A lookup that sees only the temp folder: nothing from this machine's own installs. */
function isolated(environment: NodeJS.ProcessEnv, extra: { usualPaths?: string[]; cache?: string } = {}) {
  return {
    environment,
    usualPaths: extra.usualPaths ?? [],
    playwrightExecutablePath: () => extra.cache,
  };
}

describe('findChromium', () => {
  it('uses CHROMIUM_PATH first when it names an executable', () => {
    const explicit = fakeBrowser('custom/my-chrome');
    fakeBrowser('bin/chromium');
    const location = findChromium(isolated({ CHROMIUM_PATH: explicit, PATH: join(folder, 'bin') }));
    expect(location).toEqual({ path: explicit, source: 'CHROMIUM_PATH' });
  });

  it('reports a CHROMIUM_PATH that is missing or not executable instead of using another browser', () => {
    fakeBrowser('bin/chromium');
    const notExecutable = fakeBrowser('custom/chrome', { executable: false });
    for (const wrong of [join(folder, 'missing/chrome'), notExecutable, folder]) {
      const options = isolated({ CHROMIUM_PATH: wrong, PATH: join(folder, 'bin') });
      expect(() => findChromium(options)).toThrow(ChromiumPathError);
      expect(() => findChromium(options)).toThrow(`CHROMIUM_PATH is set to "${wrong}"`);
    }
  });

  it('finds a browser on PATH, skipping entries that are not executable files', () => {
    fakeBrowser('first/chromium', { executable: false });
    mkdirSync(join(folder, 'second/chromium'), { recursive: true });
    const found = fakeBrowser('third/chromium');
    const searchPath = ['first', 'second', 'third'].map((name) => join(folder, name)).join(delimiter);
    expect(findChromium(isolated({ PATH: searchPath }))).toEqual({ path: found, source: 'PATH' });
  });

  it('prefers Chromium to Chrome on PATH, and finds Chrome when it is the only one', () => {
    const chrome = fakeBrowser('early/google-chrome');
    const chromium = fakeBrowser('late/chromium-browser');
    const searchPath = [join(folder, 'early'), join(folder, 'late')].join(delimiter);
    expect(findChromium(isolated({ PATH: searchPath }))?.path).toBe(chromium);
    expect(findChromium(isolated({ PATH: join(folder, 'early') }))?.path).toBe(chrome);
  });

  it('falls back to the usual install paths in order when PATH has no browser', () => {
    const missing = join(folder, 'usr/bin/chromium');
    const chrome = fakeBrowser('Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    const later = fakeBrowser('Applications/Chromium.app/Contents/MacOS/Chromium');
    const location = findChromium(isolated({ PATH: join(folder, 'empty') }, { usualPaths: [missing, chrome, later] }));
    expect(location).toEqual({ path: chrome, source: 'usual path' });
  });

  it("uses Playwright's downloaded browser last, and only when it exists on disk", () => {
    const cached = fakeBrowser('ms-playwright/chromium-1/chrome-linux64/chrome');
    const system = fakeBrowser('usr/bin/chromium');
    expect(findChromium(isolated({ PATH: '' }, { cache: cached }))).toEqual({ path: cached, source: 'Playwright cache' });
    expect(findChromium(isolated({ PATH: '' }, { cache: cached, usualPaths: [system] }))?.path).toBe(system);
    expect(findChromium(isolated({ PATH: '' }, { cache: join(folder, 'not-downloaded/chrome') }))).toBeUndefined();
  });

  it('gives the one line saying what to install when nothing is found', () => {
    expect(() => requireChromium(isolated({ PATH: join(folder, 'empty') }))).toThrow(CHROMIUM_MISSING_MESSAGE);
    expect(CHROMIUM_MISSING_MESSAGE).toBe(
      'Chromium not found: install it (e.g. apt-get install chromium) or set CHROMIUM_PATH',
    );
  });

  // This machine has Debian's Chromium; a machine without it (before provisioning) skips this.
  it.skipIf(!existsSync('/usr/bin/chromium'))("finds this machine's Chromium with the real lookup", () => {
    const environment = { ...process.env };
    delete environment.CHROMIUM_PATH;
    expect(findChromium({ environment })?.path).toBe('/usr/bin/chromium');
    expect(findChromium({ environment: { PATH: '' } })).toEqual({ path: '/usr/bin/chromium', source: 'usual path' });
  });
});
