/**
 * Makes sure a Chromium is available before the e2e tests: looks one up, and only when none is
 * found tries Playwright's own download, then Debian's package when running as root. Never
 * downloads anything when a browser is already there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  CHROMIUM_MISSING_MESSAGE,
  ChromiumPathError,
  findChromium,
  type ChromiumLocation,
  type FindChromiumOptions,
} from './find-chromium';

/** Long enough for Playwright's ~170 MB download on a normal connection; without network it fails in seconds. */
export const PLAYWRIGHT_INSTALL_TIMEOUT_MS = 120_000;
/** `apt-get update` and `apt-get install chromium` together. */
export const APT_INSTALL_TIMEOUT_MS = 600_000;

/** Runs one command to completion (or its timeout); true when it exited with status 0. */
export type CommandRunner = (
  command: string,
  commandArguments: readonly string[],
  options: { timeoutMs: number; environment?: NodeJS.ProcessEnv },
) => boolean;

/** How an installation may happen; every field defaults to this machine. */
export interface ProvisionChromiumOptions extends FindChromiumOptions {
  /** Whether installing is allowed at all (default: unless `DOCENT_BROWSER_INSTALL` is `0`/`false`/`no`). */
  allowInstall?: boolean;
  /** Whether `apt-get` may be used: root on Debian or Ubuntu (default: detected). */
  canUseApt?: boolean;
  /** Runs the installers (default: a real child process with its output captured). */
  run?: CommandRunner;
}

/** What provisioning ended with: a browser, or the one line to show the user. */
export type ProvisionResult =
  | { found: true; location: ChromiumLocation; installedBy?: 'Playwright' | 'apt-get' }
  | { found: false; message: string };

/**
 * Finds a Chromium, installing one only when none is found and installing is allowed. A wrong
 * `CHROMIUM_PATH` is reported, never worked around by an install.
 */
export function provisionChromium(options: ProvisionChromiumOptions = {}): ProvisionResult {
  const environment = options.environment ?? process.env;
  try {
    const existing = findChromium(options);
    if (existing) return { found: true, location: existing };
    if (!(options.allowInstall ?? installAllowed(environment))) {
      return { found: false, message: CHROMIUM_MISSING_MESSAGE };
    }

    const run = options.run ?? runCommand;
    const playwrightCli = resolvePlaywrightCli();
    const downloaded = playwrightCli && run(process.execPath, [playwrightCli, 'install', 'chromium'], {
      timeoutMs: PLAYWRIGHT_INSTALL_TIMEOUT_MS,
      // Give up on an unreachable CDN after 10 s instead of Playwright's 30 s per attempt.
      environment: { ...environment, PLAYWRIGHT_DOWNLOAD_CONNECTION_TIMEOUT: '10000' },
    });
    const afterDownload = downloaded ? findChromium(options) : undefined;
    if (afterDownload) return { found: true, location: afterDownload, installedBy: 'Playwright' };

    if (options.canUseApt ?? isRootOnDebian()) {
      const aptEnvironment = { ...environment, DEBIAN_FRONTEND: 'noninteractive' };
      const aptOptions = { timeoutMs: APT_INSTALL_TIMEOUT_MS, environment: aptEnvironment };
      // A failed update may still leave usable package lists, so the install is tried anyway.
      run('apt-get', ['update', '-qq'], aptOptions);
      if (run('apt-get', ['install', '-y', '-qq', 'chromium'], aptOptions)) {
        const afterApt = findChromium(options);
        if (afterApt) return { found: true, location: afterApt, installedBy: 'apt-get' };
      }
    }
    return { found: false, message: CHROMIUM_MISSING_MESSAGE };
  } catch (error) {
    if (error instanceof ChromiumPathError) return { found: false, message: error.message };
    throw error;
  }
}

/** Reads `DOCENT_BROWSER_INSTALL`: `0`, `false`, `no` or `never` forbid any installation. */
export function installAllowed(environment: NodeJS.ProcessEnv): boolean {
  const value = environment.DOCENT_BROWSER_INSTALL?.trim().toLowerCase();
  return !(value === '0' || value === 'false' || value === 'no' || value === 'never');
}

// The project's own Playwright, run by this Node: `npx` could fetch another version, and the
// environment's PATH may not even hold npx.
function resolvePlaywrightCli(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@playwright/test/cli');
  } catch {
    return undefined;
  }
}

function isRootOnDebian(): boolean {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version');
}

// Output is captured, not shown: when every step fails the user gets one line, not a wall of
// download errors.
const runCommand: CommandRunner = (command, commandArguments, options) => {
  const result = spawnSync(command, commandArguments, {
    stdio: 'pipe',
    timeout: options.timeoutMs,
    env: options.environment,
  });
  return result.status === 0;
};
