import { defineConfig } from 'vite';

/**
 * Two builds from one config:
 * - default mode: `dist/docent.js`, the self-contained IIFE for the script tag (styles inside).
 * - `--mode npm`: the ESM entries for npm (`dist/index.js`, `dist/element.js`).
 * `npm run dev` serves `index.html` (the widget against the reference server, see README).
 *
 * The chat SDK's React bindings run on Preact through the `react` -> `preact/compat` alias.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
];

export default defineConfig(({ mode }) => ({
  resolve: { alias: preactAliases },
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
          lib: {
            entry: { index: 'src/index.ts', element: 'src/element.ts' },
            formats: ['es'],
          },
          rollupOptions: { external: [/^preact/, /^@preact\//, /^ai$/] },
        }
      : {
          outDir: 'dist',
          emptyOutDir: true,
          lib: { entry: 'src/embed/script-tag.ts', formats: ['iife'], name: 'DocentBundle', fileName: () => 'docent.js' },
          minify: true,
          target: 'es2020',
        },
}));
