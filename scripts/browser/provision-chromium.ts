/**
 * `tsx scripts/browser/provision-chromium.ts`: run by `npm run test:e2e` before Playwright.
 * Prints the browser the tests will use, installing one only when none is found (see
 * `install-chromium.ts`); otherwise prints one line saying what to install and exits 1.
 * `DOCENT_BROWSER_INSTALL=0` forbids installing.
 */
import type { ChromiumSource } from './find-chromium';
import { provisionChromium } from './install-chromium';

const SOURCE_WORDS: Record<ChromiumSource, string> = {
  CHROMIUM_PATH: 'from CHROMIUM_PATH',
  PATH: 'found on PATH',
  'usual path': 'found at a usual install path',
  'Playwright cache': "found in Playwright's browser cache",
};

const result = provisionChromium();
if (result.found) {
  const how = result.installedBy ? `installed by ${result.installedBy}` : SOURCE_WORDS[result.location.source];
  console.log(`Chromium for the e2e tests: ${result.location.path} (${how})`);
} else {
  console.error(result.message);
  process.exitCode = 1;
}
