/**
 * `npm run size`: the gzip and brotli size of the script-tag bundle `dist/docent.js`, a
 * breakdown by package and by module (bytes attributed through the build's source map), and a
 * budget check: exits 1 when the gzip size is over the budget ({@link defaultBudgetKilobytes},
 * `--budget=<kB>` to change). Run `npm run build` first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

const bundlePath = 'dist/docent.js';
const mapPath = 'dist/docent.js.map';
const budgetArgument = process.argv.find((argument) => argument.startsWith('--budget='));
/** The script tag's budget in kB gzip, with every feature (issue 9). */
export const defaultBudgetKilobytes = 70;
const budgetKilobytes = budgetArgument === undefined ? defaultBudgetKilobytes : Number(budgetArgument.slice('--budget='.length));

/** The gzip size (level 9, as servers precompress) of a text, in bytes. */
export const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const brotliSize = (text: string | Buffer) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The package a source file belongs to: `preact`, `@ai-sdk/react`, or our own `src/<folder>`. */
export function packageOf(source: string): string {
  const marker = source.lastIndexOf('node_modules/');
  if (marker !== -1) {
    const [first, second] = source.slice(marker + 'node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? source);
  }
  const own = /(?:^|\/)src\/([^/]+)\//.exec(source);
  return own === null ? `docent (${source.replace(/^(\.\.\/)+/, '')})` : `docent src/${own[1]}`;
}

/** A module's name in the breakdown: its path inside `node_modules`, or from the repository root. */
export function moduleOf(source: string): string {
  const marker = source.lastIndexOf('node_modules/');
  if (marker !== -1) return source.slice(marker + 'node_modules/'.length);
  return source.replace(/^(\.\.\/)+/, '');
}

/**
 * The generated code of the bundle split by owner, using the source map's segments: by package
 * (the default, see {@link packageOf}) or by module with `ownerOf = moduleOf`.
 */
export function attributeBytes(
  code: string,
  map: { sources: string[]; mappings: string },
  ownerOf: (source: string) => string = packageOf,
): Map<string, string[]> {
  const pieces = new Map<string, string[]>();
  const add = (owner: string, text: string) => {
    if (text === '') return;
    const list = pieces.get(owner);
    if (list === undefined) pieces.set(owner, [text]);
    else list.push(text);
  };
  const lines = code.split('\n');
  const decoded = decode(map.mappings);
  // A segment owns the code up to the next segment, also across lines: a multi-line template
  // literal (the stylesheet) has segments only on its first line.
  let owner = '(bundle glue)';
  lines.forEach((line, lineIndex) => {
    const segments = decoded[lineIndex] ?? [];
    let column = 0;
    for (const segment of segments) {
      add(owner, line.slice(column, segment[0]));
      column = segment[0];
      const sourceIndex = segment[1];
      owner = sourceIndex === undefined ? '(bundle glue)' : ownerOf(map.sources[sourceIndex] ?? '');
    }
    add(owner, `${line.slice(column)}\n`);
  });
  return pieces;
}

/** One row of a breakdown: an owner's minified bytes and the gzip size of its code on its own. */
interface Row {
  name: string;
  minified: number;
  gzip: number;
}

function rowsOf(pieces: Map<string, string[]>): Row[] {
  const rows = [...pieces].map(([name, texts]) => {
    const text = texts.join('');
    return { name, minified: Buffer.byteLength(text), gzip: gzipSize(text) };
  });
  return rows.sort((a, b) => b.minified - a.minified);
}

function printTable(heading: string, rows: readonly Row[], totalMinified: number): void {
  const nameWidth = Math.max(...rows.map((row) => row.name.length), heading.length);
  console.log(`${heading.padEnd(nameWidth)}  ${'minified'.padStart(10)}  ${'share'.padStart(6)}  ${'gzip alone'.padStart(10)}`);
  for (const row of rows) {
    const share = `${((row.minified / totalMinified) * 100).toFixed(1)}%`;
    console.log(`${row.name.padEnd(nameWidth)}  ${kilobytes(row.minified).padStart(10)}  ${share.padStart(6)}  ${kilobytes(row.gzip).padStart(10)}`);
  }
}

/** Modules smaller than this (minified) are summed into one line per package. */
const smallModuleBytes = 500;

function main(): void {
  if (!existsSync(bundlePath) || !existsSync(mapPath)) {
    console.error(`${bundlePath} or its source map is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
  const code = readFileSync(bundlePath, 'utf8');
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string };
  const total = { minified: Buffer.byteLength(code), gzip: gzipSize(code), brotli: brotliSize(code) };

  console.log(`${bundlePath}: ${kilobytes(total.minified)} minified, ${kilobytes(total.gzip)} gzip, ${kilobytes(total.brotli)} brotli\n`);
  console.log('Minified bytes from the source map; gzip of each part on its own, so that column adds up');
  console.log('to more than the total (compression shares context across the file).\n');
  printTable('package', rowsOf(attributeBytes(code, map)), total.minified);

  // By module, with the modules under `smallModuleBytes` summed per package.
  const bySource = attributeBytes(code, map, (source) => source);
  const modules = new Map<string, string[]>();
  for (const [source, texts] of bySource) {
    const size = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    const name = size >= smallModuleBytes || source === '(bundle glue)' ? moduleOf(source) : `${packageOf(source)} (smaller modules)`;
    modules.set(name, [...(modules.get(name) ?? []), ...texts]);
  }
  console.log('');
  printTable('module', rowsOf(modules), total.minified);

  const verdict = budgetVerdict(total.gzip, budgetKilobytes);
  console.log('');
  if (verdict.over) {
    console.error(verdict.message);
    process.exit(1);
  }
  console.log(verdict.message);
}

/** Whether a gzip size (bytes) is over a budget (kB), with the line `npm run size` prints. */
export function budgetVerdict(gzipBytes: number, budgetKilobytes: number): { over: boolean; message: string } {
  const budget = budgetKilobytes * 1000;
  return gzipBytes > budget
    ? { over: true, message: `Over the ${kilobytes(budget)} gzip budget by ${kilobytes(gzipBytes - budget)}: ${kilobytes(gzipBytes)} gzip.` }
    : { over: false, message: `Within the ${kilobytes(budget)} gzip budget (${kilobytes(budget - gzipBytes)} to spare).` };
}

if (import.meta.url === `file://${process.argv[1]}`) main();
