import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in a real Chromium against the real reference server and the built
 * `dist/docent.js`. No browser is downloaded: Debian's Chromium is used, from CHROMIUM_PATH
 * (default /usr/bin/chromium). Each spec file starts its own server on a free port through
 * `e2e/fixtures`, so specs never share state.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e.json' }]] : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
