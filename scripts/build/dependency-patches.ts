/**
 * Build plugins that keep out of the widget's builds the code of its dependencies it can never
 * run (vite.config.ts uses them for the script tag and the npm build alike).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseSync, type Plugin } from 'vite';
import { clientCopy } from './client-copies.js';

/** A build-time edit of a dependency's file (see {@link dependencyPatches}). */
interface Patch {
  file: RegExp;
  /** The text replaced, or where the replaced span starts when {@link Patch.through} is set. */
  text: string;
  /** Where the replaced span ends (included): the first occurrence after {@link Patch.text}. */
  through?: string;
  replacement: string;
}

const missingTransport = '(() => { throw new Error("Docent: useChat needs a transport") })()';
const aiFile = /\/node_modules\/ai\/dist\/index\.mjs$/;
const providerUtilsFile = /\/node_modules\/@ai-sdk\/provider-utils\/dist\/index\.mjs$/;

/**
 * Edits of dependencies' files that drop code the widget can never run, in both builds (and in
 * `docent/client`'s own copies of those files, except where said).
 * - `useChat` (and the chat class under it) fall back to `new DefaultChatTransport()` when given
 *   no transport. The widget always gives them its own (`src/core/assistant-transport.ts`), but
 *   the fallbacks alone keep the SDK's zod chunk schema, and with it zod (about 13 kB gzip).
 *   Each fallback becomes an error saying so.
 * - The SDK turns zod 3 schemas into JSON Schema; the widget has none (`zod/v3` is a stand-in,
 *   see src/embed/zod-v3-unused.ts), so that converter (about 4 kB gzip) becomes an error.
 * - The SDK's `Output` namespace (structured output for `generateText`, about 1 kB gzip) is
 *   filled by a call the bundler must keep; the call is declared pure, so it goes with `Output`.
 * - While a tool call streams, the SDK repairs and parses its partial JSON input after every
 *   delta (about 0.8 kB gzip of JSON repair). The widget shows no tool parts, so the input
 *   stays `undefined` until the complete input arrives (`tool-input-available`).
 * - The chat's `addToolOutput` and `addToolApprovalResponse` (about 0.5 kB gzip) answer tool
 *   calls run in the browser; the widget has no such tools (the server runs its own), so they
 *   become an error saying so.
 * - marked's module-level `marked` instance keeps its HTML parser and renderers (about 3 kB
 *   gzip) although the widget only runs the lexer; the instance and its exports go, the lexer
 *   stays exported. Same length, spaces, so the source map's columns stay right. So do its
 *   rules for options the widget never sets (see {@link withoutUnusedMarkedRules}).
 * - The SDK's zod imports get names of their own (see {@link pureSchemaBuilders}).
 * - The widget only (not `docent/client`'s copy, see {@link clientOwnCopies}): the SDK reads a
 *   zod schema given where it takes any schema (`asSchema`); the widget gives it only its own
 *   (`jsonSchema`, src/core/assistant-stream.ts), so that branch becomes an error and the rest
 *   of zod (about 1 kB gzip) goes. The client validates stream events with the SDK's zod schema.
 * Each edit fails the build when its text is no longer there, so an upgrade cannot silently
 * undo it (update the text here then).
 */
export function dependencyPatches(): Plugin {
  const markedFile = /\/node_modules\/marked\/lib\/marked\.esm\.js$/;
  const markedInstance = /var \w+=new \w+;function \w+\(\w+,\w+\)\{return \w+\.parse\(.*?(?=export\{)/s;
  // The widget hands the SDK only schemas of its own; `docent/client` validates with the SDK's zod schema.
  const widgetOnlyPatches: readonly Patch[] = [
    {
      file: providerUtilsFile,
      text: 'schema["~standard"].vendor === "zod" ? zodSchema(schema) : standardSchema(schema)',
      replacement: 'schema["~standard"].vendor === "zod" ? (() => { throw new Error("Docent: the widget validates no zod schemas") })() : standardSchema(schema)',
    },
  ];
  const patches: readonly Patch[] = [
    { file: aiFile, text: 'transport = new DefaultChatTransport(),', replacement: `transport = ${missingTransport},` },
    { file: aiFile, text: '__export(output_exports, {', replacement: '/* @__PURE__ */ __export(output_exports, {' },
    { file: aiFile, text: ': (await parsePartialJson(partialToolCall.text)).value;', replacement: ': undefined;' },
    {
      file: aiFile,
      text: 'this.addToolApprovalResponse = async ({',
      through: 'this.addToolResult = this.addToolOutput;',
      replacement: `this.addToolApprovalResponse = this.addToolOutput = this.addToolResult = async () => { throw new Error("Docent: the widget's chat has no client-side tools") };`,
    },
    { file: /\/node_modules\/@ai-sdk\/react\/dist\/index\.mjs$/, text: 'defaultTransport = new DefaultChatTransport()', replacement: `defaultTransport = ${missingTransport}` },
    {
      file: providerUtilsFile,
      text: 'return zod3Schema(zodSchema2, options);',
      replacement: 'throw new Error("Docent: zod 3 schemas are not supported by the widget");',
    },
  ];
  return {
    name: 'docent:dependency-patches',
    apply: 'build',
    transform(code, moduleId) {
      // `docent/client`'s copies of these files (npm build) are patched the same way.
      const isClientCopy = moduleId.endsWith(clientCopy);
      const id = isClientCopy ? moduleId.slice(0, -clientCopy.length) : moduleId;
      if (markedFile.test(id)) {
        const instance = markedInstance.exec(code);
        const exports = /export\{[^}]*\bw as Lexer\b[^}]*\}/.exec(code);
        if (instance === null || exports === null) this.error('marked no longer has the expected instance and exports: update vite.config.ts');
        const blank = (text: string) => text.replace(/[^\n]/g, ' ');
        const lexerOnly = 'export{w as Lexer}';
        const lexerOnlyCode = code
          .replace(instance[0], blank(instance[0]))
          .replace(exports[0], lexerOnly + blank(exports[0].slice(lexerOnly.length)));
        const trimmed = withoutUnusedMarkedRules(lexerOnlyCode);
        if (trimmed === null) this.error("marked's rule sets no longer have the expected shape: update vite.config.ts");
        return { code: trimmed, map: null };
      }
      let patched = code;
      for (const patch of [...patches, ...(isClientCopy ? [] : widgetOnlyPatches)].filter(({ file }) => file.test(id))) {
        const start = patched.indexOf(patch.text);
        const spanEnd = patch.through === undefined || start === -1 ? -1 : patched.indexOf(patch.through, start);
        if (start === -1 || (patch.through !== undefined && spanEnd === -1)) {
          this.error(`"${start === -1 ? patch.text : patch.through}" is no longer in ${id}: update vite.config.ts`);
        }
        const end = patch.through === undefined ? start + patch.text.length : spanEnd + patch.through.length;
        patched = patched.slice(0, start) + patch.replacement + patched.slice(end);
      }
      if (aiFile.test(id)) patched = renameSdkZod(patched);
      return patched === code ? null : { code: patched, map: null };
    },
  };
}

/** A node of the ESTree the parser returns, as far as {@link withoutUnusedMarkedRules} reads it. */
interface SyntaxNode {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

/**
 * marked's code with its `pedantic` and `breaks` rule sets (about 0.4 kB gzip) replaced by `0`:
 * the lexer picks them only for the options of those names, which the widget never sets. The
 * sets are found by parsing, as the values of `pedantic` and `breaks` in the objects that list
 * the rule sets by option (`{normal, gfm, pedantic}` and `{normal, gfm, breaks, pedantic}`).
 * Each set's initialiser becomes `0` and spaces (its line breaks kept), so the source map's
 * lines and columns stay right.
 * `null` when the code no longer has that shape.
 */
export function withoutUnusedMarkedRules(code: string): string | null {
  const nodes: SyntaxNode[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === 'object' && value !== null) {
      if (typeof (value as SyntaxNode).type === 'string') nodes.push(value as SyntaxNode);
      Object.values(value).forEach(collect);
    }
  };
  collect(parseSync('marked.esm.js', code).program);
  const keyOf = (property: SyntaxNode) => ((property.key as SyntaxNode | undefined)?.name as string | undefined) ?? '';
  const unusedSets = nodes
    .filter((node) => node.type === 'ObjectExpression')
    .map((node) => node.properties as SyntaxNode[])
    .filter((properties) => ['normal,gfm,pedantic', 'normal,gfm,breaks,pedantic'].includes(properties.map(keyOf).join(',')))
    .flatMap((properties) => properties.filter((property) => ['pedantic', 'breaks'].includes(keyOf(property))))
    .map((property) => (property.value as SyntaxNode).name as string);
  if (unusedSets.length !== 3) return null;
  let trimmed = code;
  for (const name of unusedSets) {
    const declarator = nodes.find((node) => node.type === 'VariableDeclarator' && (node.id as SyntaxNode).name === name);
    const initialiser = declarator?.init as SyntaxNode | undefined;
    if (initialiser?.type !== 'ObjectExpression') return null;
    // Line breaks stay (a template literal in the set has some), so every line keeps its length.
    const blanked = `0${trimmed.slice(initialiser.start + 1, initialiser.end).replace(/[^\n]/g, ' ')}`;
    trimmed = trimmed.slice(0, initialiser.start) + blanked + trimmed.slice(initialiser.end);
  }
  return trimmed;
}

/**
 * Both builds: the SDK builds zod schemas at module level (for tools, model messages, UI
 * messages) that the widget never validates with. Building a schema has no side effects, so
 * declaring those calls pure lets the bundler drop every unused schema, and with them nearly
 * all of zod: calls on the SDK's zod imports (renamed by {@link dependencyPatches} from `z`,
 * `z2`, … to names no other module uses: the minified libraries have functions called `z`),
 * on its schema helpers, and on its module-level schemas (`jsonValueSchema.optional()`), whose
 * names are read from the SDK's file so that an upgrade keeps working.
 */
export function pureSchemaBuilders(): string[] {
  const requireFromAi = createRequire(createRequire(import.meta.url).resolve('ai'));
  const code = readFileSync(requireFromAi.resolve('ai').replace(/\.js$/, '.mjs'), 'utf8');
  const schemaNames = [...code.matchAll(/^var (\w+Schema\d*) = (?:z\d*\.|lazySchema|lazyValidator)/gm)].map((match) => match[1]!);
  const zodNames = ['', ...Array.from({ length: 20 }, (_, index) => String(index))].map((suffix) => `${sdkZodName}${suffix}`);
  return [...new Set([...zodNames, 'lazySchema', 'lazySchema2', 'lazyValidator', 'zodSchema', 'zodSchema2', 'zodSchema3', ...schemaNames])];
}

/** What the SDK's zod imports (`z`, `z2`, …) are renamed to, plus their number. */
const sdkZodName = 'docentSdkZod';

/** The SDK's file with its zod imports and their uses renamed (see {@link pureSchemaBuilders}). */
export function renameSdkZod(code: string): string {
  return code
    .replace(/import \{ z(?: as z(\d+))? \} from "zod\/v4";/g, (_, number = '') => `import { z as ${sdkZodName}${number} } from "zod/v4";`)
    .replace(/(?<![\w$.\-])z(\d*)\.(?=\w+\()/g, (_, number: string) => `${sdkZodName}${number}.`);
}
