import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// The published types as a consumer's project sees them: the declarations `npm run build` emits
// (same tsconfig.build.json) laid out as node_modules/docent with the real package.json, and
// fixture files compiled against them with a consumer's settings. Every `@ts-expect-error` line
// in a fixture must still be an error (else "unused directive"), so a misspelt option that
// compiles fails this test.

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
let consumer: string;

/** Diagnostics as `file(line): message` lines, the way tsc prints them. */
function describeDiagnostics(diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (diagnostic.file === undefined || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName.replace(projectRoot, '')}(${line + 1}): ${message}`;
  });
}

/** Emits the package's declarations into `<consumer>/node_modules/docent/dist/types`. */
function emitPublishedTypes(packageFolder: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(projectRoot, 'tsconfig.build.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(describeDiagnostics([diagnostic]).join('\n'));
    },
  });
  if (parsed === undefined) throw new Error('tsconfig.build.json could not be read');
  const program = ts.createProgram(parsed.fileNames, { ...parsed.options, outDir: join(packageFolder, 'dist/types') });
  const result = program.emit();
  return describeDiagnostics([...ts.getPreEmitDiagnostics(program), ...result.diagnostics]);
}

/** The packages whose types a fixture's program read (besides TypeScript's own lib files). */
function packagesRead(program: ts.Program): string[] {
  const names = program
    .getSourceFiles()
    // Paths inside the consumer folder count from there: the folder itself is in node_modules/.cache.
    .map((file) => file.fileName.replace(consumer, ''))
    .map((path) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'typescript');
  return [...new Set(names)].sort();
}

const compiled = new Map<string, { problems: string[]; packages: string[] }>();

/** Compiles one fixture (once), copied into the consumer folder, with a consumer's strict settings. */
function compileFixture(name: string, jsxImportSource?: string): { problems: string[]; packages: string[] } {
  const known = compiled.get(name);
  if (known !== undefined) return known;
  const file = join(consumer, name.replace('.fixture', ''));
  copyFileSync(join(fixtures, name), file);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    // No @types/* from the project: a consumer's app need not have @types/node.
    types: [],
    ...(jsxImportSource === undefined ? {} : { jsx: ts.JsxEmit.ReactJSX, jsxImportSource }),
  };
  const program = ts.createProgram([file], options);
  const result = { problems: describeDiagnostics(ts.getPreEmitDiagnostics(program)), packages: packagesRead(program) };
  compiled.set(name, result);
  return result;
}

beforeAll(() => {
  // Inside the project, so that the package's dependencies (preact, @preact/signals) and the
  // frameworks' types resolve from its node_modules, as they would from a consumer's.
  const cache = join(projectRoot, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  consumer = mkdtempSync(join(cache, 'docent-typings-'));
  // A package of its own: `docent` must resolve through node_modules, not as the project itself.
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const packageFolder = join(consumer, 'node_modules/docent');
  mkdirSync(dirname(join(packageFolder, 'package.json')), { recursive: true });
  copyFileSync(join(projectRoot, 'package.json'), join(packageFolder, 'package.json'));
  expect(emitPublishedTypes(packageFolder)).toEqual([]);
}, 60_000);

afterAll(() => {
  if (consumer !== undefined) rmSync(consumer, { recursive: true, force: true });
});

// Each fixture is a whole TypeScript program with the DOM's types: seconds on a busy machine.
describe('the published types, compiled with moduleResolution nodenext and skipLibCheck false', { timeout: 60_000 }, () => {
  test('options are typed strictly: a misspelt option or a bad value does not compile, in mount(), update() and element properties', () => {
    expect(compileFixture('options.fixture.ts').problems).toEqual([]);
  });

  test('the types of every entry reach no package but the ones the package depends on', () => {
    const { dependencies } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const outside = compileFixture('options.fixture.ts').packages.filter((name) => name !== 'docent' && !(name in dependencies));
    expect(outside).toEqual([]);
  });

  test('<docent-chat> in React JSX takes its options as attributes, typed', () => {
    expect(compileFixture('react.fixture.tsx', 'react').problems).toEqual([]);
  });

  test('<docent-chat> in Preact JSX takes its options as attributes and properties, typed', () => {
    expect(compileFixture('preact.fixture.tsx', 'preact').problems).toEqual([]);
  });

  test('<docent-chat> is a typed global component for Vue templates', () => {
    expect(compileFixture('vue.fixture.ts').problems).toEqual([]);
  });

  test('<docent-chat> is a typed element of Svelte markup', () => {
    expect(compileFixture('svelte.fixture.ts').problems).toEqual([]);
  });
});
