import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { clientOwnCopies, isClientModule } from './scripts/build/client-copies.js';
import { compactStyles } from './scripts/build/compact-styles.js';
import { dependencyPatches, pureSchemaBuilders } from './scripts/build/dependency-patches.js';

/**
 * Two builds from one config (`npm run build` runs both, then `tsc -p tsconfig.build.json`
 * for the `.d.ts` files):
 * - default mode: `dist/docent.js`, the self-contained IIFE for the script tag (styles are
 *   TypeScript strings, so they are inside), with a hidden source map that `npm run size`
 *   uses to attribute bytes to packages.
 * - `--mode npm`: the ESM entries for npm (`dist/index.js`, `dist/element.js`, the API clients
 *   `dist/client.js` and the CLI `dist/cli.js`). Every dependency is bundled, with the same
 *   build-time stand-ins and patches as the script tag (so the same small code), except the
 *   package's only `dependencies`, Preact and its signals, which stay imports so that a Preact
 *   app shares them: `npm i docent` installs three small packages besides itself (issue 9).
 * `npm run dev` serves `index.html` (the widget against the reference server, see README).
 */
const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const npmExternals = Object.keys(packageJson.dependencies);
// Node built-ins stay imports: the CLI entry runs in Node.
// `docent-server` (the reference server, for `docent eval`) is never bundled: the CLI loads it if installed.
// `preact/compat` is not one: it is src/embed/react-hooks.ts (see {@link buildAliases}).
const isNpmExternal = (id: string) =>
  id !== 'preact/compat' &&
  (id.startsWith('node:') || id === 'docent-server' || id.startsWith('docent-server/') || npmExternals.some((name) => id === name || id.startsWith(`${name}/`)));

const ownFile = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Build-time stand-ins, for both builds:
 * - The chat SDK's React bindings run on Preact: `react` is src/embed/react-hooks.ts (the hooks
 *   `useChat` calls), and so is `preact/compat` (`memo`), which would otherwise bring React's
 *   compatibility layer along (see that file).
 * - The SDK's zod 3 path is unreachable (see src/embed/zod-v3-unused.ts) and zod 4's JSON
 *   Schema converter unused (src/embed/zod-v4-without-json-schema.ts).
 * - The SDK's server-sent events parser is called without options: src/embed/event-source-stream.ts
 *   is the same parser without them.
 */
const buildAliases = [
  { find: /^react$/, replacement: ownFile('./src/embed/react-hooks.ts') },
  { find: /^react-dom$/, replacement: ownFile('./src/embed/react-hooks.ts') },
  { find: /^preact\/compat$/, replacement: ownFile('./src/embed/react-hooks.ts') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^zod\/v3$/, replacement: ownFile('./src/embed/zod-v3-unused.ts') },
  { find: /^zod\/v4$/, replacement: ownFile('./src/embed/zod-v4-without-json-schema.ts') },
  { find: /^eventsource-parser\/stream$/, replacement: ownFile('./src/embed/event-source-stream.ts') },
];

/** swr's module-level "use client" means nothing outside React Server Components. */
const quietDirectives = <Warning extends { code?: string }>(warning: Warning, warn: (warning: Warning) => void) => {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
};

// Evergreen browsers from 2021 on: keeps class fields and `??=` as written (smaller than down-levelled).
const browserTarget = 'es2022';

export default defineConfig(({ mode }): UserConfig => ({
  resolve: { alias: buildAliases },
  plugins: [dependencyPatches(), compactStyles(), ...(mode === 'npm' ? [clientOwnCopies()] : [])],
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
          lib: {
            entry: {
              index: 'src/index.ts',
              element: 'src/element.ts',
              client: 'src/client/index.ts',
              cli: 'src/client/cli.ts',
            },
            formats: ['es'],
          },
          rolldownOptions: {
            external: isNpmExternal,
            onwarn: quietDirectives,
            treeshake: { manualPureFunctions: pureSchemaBuilders() },
            // The widget is one chunk, as in the script tag: its idle slices (dynamic imports)
            // become lazily evaluated parts of it, and an app's bundler compresses it as one
            // file instead of eight small ones. The client and the CLI share a chunk of their own.
            output: { codeSplitting: { groups: [{ name: 'widget', test: (id: string) => !isClientModule(id) }] } },
          },
        }
      : {
          outDir: 'dist',
          emptyOutDir: true,
          target: browserTarget,
          minify: true,
          sourcemap: 'hidden',
          rolldownOptions: {
            onwarn: quietDirectives,
            // Not `propertyReadSideEffects: false` (0.5 kB less): it broke following the host's
            // dark mode live (e2e/theme.spec.ts).
            treeshake: { manualPureFunctions: pureSchemaBuilders() },
          },
          lib: {
            entry: 'src/embed/script-tag.ts',
            formats: ['iife'],
            name: 'DocentBundle',
            fileName: () => 'docent.js',
          },
        },
}));
