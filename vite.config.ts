import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

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
// `docent-server` (the reference server, for `docent eval`) is never bundled: the CLI loads it if installed.
const isNpmExternal = (id: string) =>
  id.startsWith('node:') || id === 'docent-server' || id.startsWith('docent-server/') || npmExternals.some((name) => id === name || id.startsWith(`${name}/`));

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

/** A build-time edit of a dependency's file, for the script tag only (see {@link scriptTagPatches}). */
interface Patch {
  file: RegExp;
  text: string;
  replacement: string;
}

const missingTransport = '(() => { throw new Error("Docent: useChat needs a transport") })()';

/**
 * Script tag only: edits of dependencies' files that drop code the widget can never run.
 * - `useChat` (and the chat class under it) fall back to `new DefaultChatTransport()` when given
 *   no transport. The widget always gives them its own (`src/core/assistant-transport.ts`), but
 *   the fallbacks alone keep the SDK's zod chunk schema, and with it zod (about 13 kB gzip).
 *   Each fallback becomes an error saying so.
 * - The SDK turns zod 3 schemas into JSON Schema; the widget has none (`zod/v3` is a stand-in,
 *   see src/embed/zod-v3-unused.ts), so that converter (about 4 kB gzip) becomes an error.
 * - marked's module-level `marked` instance keeps its HTML parser and renderers (about 3 kB
 *   gzip) although the widget only runs the lexer; the instance and its exports go, the lexer
 *   stays exported. Same length, spaces, so the source map's columns stay right.
 * - The SDK's zod imports get names of their own (see {@link pureSchemaBuilders}).
 * Each edit fails the build when its text is no longer there, so an upgrade cannot silently
 * undo it (update the text here then).
 */
function scriptTagPatches(): Plugin {
  const aiFile = /\/node_modules\/ai\/dist\/index\.mjs$/;
  const markedFile = /\/node_modules\/marked\/lib\/marked\.esm\.js$/;
  const markedInstance = /var \w+=new \w+;function \w+\(\w+,\w+\)\{return \w+\.parse\(.*?(?=export\{)/s;
  const patches: readonly Patch[] = [
    { file: aiFile, text: 'transport = new DefaultChatTransport(),', replacement: `transport = ${missingTransport},` },
    { file: /\/node_modules\/@ai-sdk\/react\/dist\/index\.mjs$/, text: 'defaultTransport = new DefaultChatTransport()', replacement: `defaultTransport = ${missingTransport}` },
    {
      file: /\/node_modules\/@ai-sdk\/provider-utils\/dist\/index\.mjs$/,
      text: 'return zod3Schema(zodSchema2, options);',
      replacement: 'throw new Error("Docent: zod 3 schemas are not supported in the script tag");',
    },
  ];
  return {
    name: 'docent:script-tag-patches',
    apply: 'build',
    transform(code, id) {
      if (markedFile.test(id)) {
        const instance = markedInstance.exec(code);
        const exports = /export\{[^}]*\bw as Lexer\b[^}]*\}/.exec(code);
        if (instance === null || exports === null) this.error('marked no longer has the expected instance and exports: update vite.config.ts');
        const blank = (text: string) => text.replace(/[^\n]/g, ' ');
        const lexerOnly = 'export{w as Lexer}';
        return {
          code: code
            .replace(instance[0], blank(instance[0]))
            .replace(exports[0], lexerOnly + blank(exports[0].slice(lexerOnly.length))),
          map: null,
        };
      }
      let patched = code;
      for (const patch of patches.filter(({ file }) => file.test(id))) {
        if (!patched.includes(patch.text)) this.error(`"${patch.text}" is no longer in ${id}: update vite.config.ts`);
        patched = patched.replace(patch.text, patch.replacement);
      }
      if (aiFile.test(id)) patched = renameSdkZod(patched);
      return patched === code ? null : { code: patched, map: null };
    },
  };
}

/**
 * Script tag only: the SDK builds zod schemas at module level (for tools, model messages, UI
 * messages) that the widget never validates with. Building a schema has no side effects, so
 * declaring those calls pure lets the bundler drop every unused schema, and with them nearly
 * all of zod: calls on the SDK's zod imports (renamed by {@link scriptTagPatches} from `z`,
 * `z2`, … to names no other module uses: the minified libraries have functions called `z`),
 * on its schema helpers, and on its module-level schemas (`jsonValueSchema.optional()`), whose
 * names are read from the SDK's file so that an upgrade keeps working.
 */
function pureSchemaBuilders(): string[] {
  const requireFromAi = createRequire(createRequire(import.meta.url).resolve('ai'));
  const code = readFileSync(requireFromAi.resolve('ai').replace(/\.js$/, '.mjs'), 'utf8');
  const schemaNames = [...code.matchAll(/^var (\w+Schema\d*) = (?:z\d*\.|lazySchema|lazyValidator)/gm)].map((match) => match[1]!);
  const zodNames = ['', ...Array.from({ length: 20 }, (_, index) => String(index))].map((suffix) => `${sdkZodName}${suffix}`);
  return [...new Set([...zodNames, 'lazySchema', 'lazySchema2', 'lazyValidator', 'zodSchema', 'zodSchema2', 'zodSchema3', ...schemaNames])];
}

/** What the SDK's zod imports (`z`, `z2`, …) are renamed to in the script tag, plus their number. */
const sdkZodName = 'docentSdkZod';

/** The SDK's file with its zod imports and their uses renamed (see {@link pureSchemaBuilders}). */
function renameSdkZod(code: string): string {
  return code
    .replace(/import \{ z(?: as z(\d+))? \} from "zod\/v4";/g, (_, number = '') => `import { z as ${sdkZodName}${number} } from "zod/v4";`)
    .replace(/(?<![\w$.\-])z(\d*)\.(?=\w+\()/g, (_, number: string) => `${sdkZodName}${number}.`);
}

export default defineConfig(({ mode }): UserConfig => ({
  resolve: { alias: mode === 'npm' ? preactAliases : [...preactAliases, ...scriptTagAliases] },
  plugins: mode === 'npm' ? [] : [scriptTagPatches()],
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
          rolldownOptions: { onwarn: quietDirectives, treeshake: { manualPureFunctions: pureSchemaBuilders() } },
          lib: {
            entry: 'src/embed/script-tag.ts',
            formats: ['iife'],
            name: 'DocentBundle',
            fileName: () => 'docent.js',
          },
        },
}));
