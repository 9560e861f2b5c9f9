import { defineConfig } from '@playwright/test';
import { requireChromium } from './scripts/browser/find-chromium';

/**
 * End-to-end tests in a real Chromium against the real reference server and the built
 * `dist/docent.js`. The browser is the one `scripts/browser/find-chromium.ts` finds:
 * CHROMIUM_PATH, a Chromium or Chrome on PATH or at its usual path, or Playwright's own download
 * (`npm run test:e2e` first provisions one when none is found). Each spec file starts its own
 * server on a free port through `e2e/fixtures`, so specs never share state.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // On CI one retry: a test that passes only on its retry is reported as flaky (the list
  // reporter names it, scripts/test-summary.ts counts it) instead of failing the landing. Locally
  // none, so a flaky test shows up as the failure it is.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e.json' }]] : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: requireChromium(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
  },
});
