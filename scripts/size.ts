/**
 * `npm run size`: the gzip and brotli size of the script-tag bundle `dist/docent.js`, a
 * breakdown by package (bytes attributed through the build's source map), and a budget check:
 * exits 1 when the gzip size is over the budget (100 kB, `--budget=<kB>` to change).
 * Run `npm run build` first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

const bundlePath = 'dist/docent.js';
const mapPath = 'dist/docent.js.map';
const budgetArgument = process.argv.find((argument) => argument.startsWith('--budget='));
const budgetKilobytes = budgetArgument === undefined ? 100 : Number(budgetArgument.slice('--budget='.length));

const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
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

/** The generated code of the bundle split by package, using the source map's segments. */
export function attributeBytes(code: string, map: { sources: string[]; mappings: string }): Map<string, string[]> {
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
      owner = sourceIndex === undefined ? '(bundle glue)' : packageOf(map.sources[sourceIndex] ?? '');
    }
    add(owner, `${line.slice(column)}\n`);
  });
  return pieces;
}

function main(): void {
  if (!existsSync(bundlePath) || !existsSync(mapPath)) {
    console.error(`${bundlePath} or its source map is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
  const code = readFileSync(bundlePath, 'utf8');
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string };
  const total = { minified: Buffer.byteLength(code), gzip: gzipSize(code), brotli: brotliSize(code) };

  const rows = [...attributeBytes(code, map)].map(([name, texts]) => {
    const text = texts.join('');
    return { name, minified: Buffer.byteLength(text), gzip: gzipSize(text) };
  });
  rows.sort((a, b) => b.minified - a.minified);

  console.log(`${bundlePath}: ${kilobytes(total.minified)} minified, ${kilobytes(total.gzip)} gzip, ${kilobytes(total.brotli)} brotli\n`);
  console.log('By package (minified bytes from the source map; gzip of each package on its own, so the');
  console.log('column adds up to more than the total, since compression shares context across the file):\n');
  const nameWidth = Math.max(...rows.map((row) => row.name.length), 7);
  console.log(`${'package'.padEnd(nameWidth)}  ${'minified'.padStart(10)}  ${'share'.padStart(6)}  ${'gzip alone'.padStart(10)}`);
  for (const row of rows) {
    const share = `${((row.minified / total.minified) * 100).toFixed(1)}%`;
    console.log(`${row.name.padEnd(nameWidth)}  ${kilobytes(row.minified).padStart(10)}  ${share.padStart(6)}  ${kilobytes(row.gzip).padStart(10)}`);
  }

  const budget = budgetKilobytes * 1000;
  console.log(`\nBudget: ${kilobytes(budget)} gzip.`);
  if (total.gzip > budget) {
    console.error(`Over budget by ${kilobytes(total.gzip - budget)}: ${kilobytes(total.gzip)} gzip.`);
    process.exit(1);
  }
  console.log(`Within budget (${kilobytes(budget - total.gzip)} to spare).`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
