/**
 * Finds a Chromium for the e2e tests and benchmarks without downloading anything, synchronously
 * so that `playwright.config.ts` can call it while it loads. Order: `CHROMIUM_PATH`, a Chromium or
 * Chrome on `PATH`, the usual install paths, then a browser Playwright itself has downloaded.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

/** The one line printed when no browser is found and none could be installed. */
export const CHROMIUM_MISSING_MESSAGE =
  'Chromium not found: install it (e.g. apt-get install chromium) or set CHROMIUM_PATH';

/** Command names of Chromium and Chrome, looked up on `PATH` in this order. */
export const CHROMIUM_COMMAND_NAMES = [
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
] as const;

/** Where Linux packages and the macOS installers put the browser, tried after `PATH`. */
export const USUAL_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
] as const;

/** Which step of the lookup found the browser, for the line the provisioning step prints. */
export type ChromiumSource = 'CHROMIUM_PATH' | 'PATH' | 'usual path' | 'Playwright cache';

/** A browser the lookup found: an existing executable file. */
export interface ChromiumLocation {
  path: string;
  source: ChromiumSource;
}

/** What the lookup reads; every field defaults to this machine, tests pass their own. */
export interface FindChromiumOptions {
  /** Environment holding `CHROMIUM_PATH` and `PATH` (default `process.env`). */
  environment?: NodeJS.ProcessEnv;
  /** Install paths tried after `PATH` (default {@link USUAL_CHROMIUM_PATHS}). */
  usualPaths?: readonly string[];
  /** Where Playwright's own download would be, existing or not (default: asked of playwright-core). */
  playwrightExecutablePath?: () => string | undefined;
}

/** `CHROMIUM_PATH` is set but does not name an executable file. */
export class ChromiumPathError extends Error {
  override name = 'ChromiumPathError';
}

/**
 * Returns the first browser found, or `undefined` when there is none. Throws
 * {@link ChromiumPathError} when `CHROMIUM_PATH` is set to something that is not an executable:
 * an explicit choice that is wrong is reported rather than silently replaced by another browser.
 */
export function findChromium(options: FindChromiumOptions = {}): ChromiumLocation | undefined {
  const environment = options.environment ?? process.env;
  const explicitPath = environment.CHROMIUM_PATH?.trim();
  if (explicitPath) {
    if (!isExecutableFile(explicitPath)) {
      throw new ChromiumPathError(
        `CHROMIUM_PATH is set to "${explicitPath}", which is not an executable file: point it at a Chromium or Chrome binary, or unset it to look for one`,
      );
    }
    return { path: explicitPath, source: 'CHROMIUM_PATH' };
  }

  const onPath = findOnPath(environment.PATH ?? '');
  if (onPath) return { path: onPath, source: 'PATH' };

  const usualPath = (options.usualPaths ?? USUAL_CHROMIUM_PATHS).find(isExecutableFile);
  if (usualPath) return { path: usualPath, source: 'usual path' };

  const cached = (options.playwrightExecutablePath ?? playwrightDownloadPath)();
  if (cached && isExecutableFile(cached)) return { path: cached, source: 'Playwright cache' };
  return undefined;
}

/**
 * The browser's path for `playwright.config.ts`: like {@link findChromium}, but a missing browser
 * is an error carrying {@link CHROMIUM_MISSING_MESSAGE}, since the tests cannot run without one.
 */
export function requireChromium(options: FindChromiumOptions = {}): string {
  const location = findChromium(options);
  if (!location) throw new Error(CHROMIUM_MISSING_MESSAGE);
  return location.path;
}

function findOnPath(searchPath: string): string | undefined {
  const folders = searchPath.split(delimiter).filter((folder) => folder !== '');
  for (const name of CHROMIUM_COMMAND_NAMES) {
    for (const folder of folders) {
      const candidate = join(folder, name);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// Loaded only when nothing else was found: playwright-core is large, and it ships with
// @playwright/test, so it is always installed beside it.
function playwrightDownloadPath(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core') as { chromium: { executablePath(): string } };
    return chromium.executablePath();
  } catch {
    // An unsupported platform makes executablePath() throw: there is simply no cached browser.
    return undefined;
  }
}
