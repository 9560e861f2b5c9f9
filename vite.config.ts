import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

/**
 * Two builds from one config (`npm run build` runs both, then `tsc -p tsconfig.build.json`
 * for the `.d.ts` files):
 * - default mode: `dist/docent.js`, the self-contained IIFE for the script tag (styles are
 *   TypeScript strings, so they are inside), with a hidden source map that `npm run size`
 *   uses to attribute bytes to packages.
 * - `--mode npm`: the ESM entries for npm (`dist/index.js`, `dist/element.js`, the API clients
 *   `dist/client.js` and the CLI `dist/cli.js`), with the
 *   runtime dependencies left to the consumer's bundler — except the chat SDK's React
 *   bindings, which are bundled so that `react` resolves to `preact/compat` for every consumer.
 * `npm run dev` serves `index.html` (the widget against the reference server, see README).
 *
 * The chat SDK's React bindings run on Preact through the `react` -> `preact/compat` alias.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
];

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const bundledForNpm = new Set(['@ai-sdk/react']);
const npmExternals = Object.keys(packageJson.dependencies).filter((name) => !bundledForNpm.has(name));
// Node built-ins stay imports: the CLI entry runs in Node.
const isNpmExternal = (id: string) =>
  id.startsWith('node:') || npmExternals.some((name) => id === name || id.startsWith(`${name}/`));

/** swr's module-level "use client" means nothing outside React Server Components. */
const quietDirectives = <Warning extends { code?: string }>(warning: Warning, warn: (warning: Warning) => void) => {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
};

// Evergreen browsers from 2021 on: keeps class fields and `??=` as written (smaller than down-levelled).
const browserTarget = 'es2022';

// Script tag only: the SDK's zod 3 path is unreachable there (see src/embed/zod-v3-unused.ts).
const scriptTagAliases = [
  { find: /^zod\/v3$/, replacement: fileURLToPath(new URL('./src/embed/zod-v3-unused.ts', import.meta.url)) },
  { find: /^zod\/v4$/, replacement: fileURLToPath(new URL('./src/embed/zod-v4-without-json-schema.ts', import.meta.url)) },
];

export default defineConfig(({ mode }): UserConfig => ({
  resolve: { alias: mode === 'npm' ? preactAliases : [...preactAliases, ...scriptTagAliases] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  server: {
    port: 5173,
    proxy: { '/discovery': 'http://127.0.0.1:4173', '/v1': 'http://127.0.0.1:4173', '/v2': 'http://127.0.0.1:4173' },
  },
  build:
    mode === 'npm'
      ? {
          outDir: 'dist',
          emptyOutDir: false,
          target: browserTarget,
          minify: false,
          // `jitless` is an entry of its own so that it stays a separate module imported first:
          // inlined into a chunk, its `config()` call would run after that chunk's `ai` import.
          lib: {
            entry: {
              index: 'src/index.ts',
              element: 'src/element.ts',
              jitless: 'src/core/jitless.ts',
              client: 'src/client/index.ts',
              cli: 'src/client/cli.ts',
            },
            formats: ['es'],
          },
          rollupOptions: { external: isNpmExternal, onwarn: quietDirectives },
        }
      : {
          outDir: 'dist',
          emptyOutDir: true,
          target: browserTarget,
          minify: true,
          sourcemap: 'hidden',
          rollupOptions: { onwarn: quietDirectives },
          lib: {
            entry: 'src/embed/script-tag.ts',
            formats: ['iife'],
            name: 'DocentBundle',
            fileName: () => 'docent.js',
          },
        },
}));
