import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Unit, component and HTTP tests. Files sit beside the code as `*.test.ts(x)`.
 * Component tests opt into a DOM with a `// @vitest-environment happy-dom` comment;
 * everything else runs in Node against the real modules (and the real server over HTTP).
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      // The server's eval runner as source (its package entry loads it through tsx for plain Node).
      { find: /^docent-server\/eval$/, replacement: fileURLToPath(new URL('./server/src/eval/run-eval.ts', import.meta.url)) },
    ],
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/src/**/*.test.{ts,tsx}', 'demo/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'reports/unit.json' }]] : ['default'],
    // Inline the chat SDK's React bindings so the react -> preact/compat alias applies to them.
    server: { deps: { inline: ['@ai-sdk/react', 'swr', 'use-sync-external-store'] } },
  },
});
