import { existsSync, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { locateCorpus, setName } from './corpus-location';
import { configAcceptsGenerator, startInProcessTarget } from './eval-target';
import { loadQuestionSet } from './question-set';
import { formatMisses } from './report-format';
import { runQuestionSet, type EvalReport } from './runner';
import { formatSummaryTable, type SummaryRow } from './summary-table';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
const setsFolder = fileURLToPath(new URL('./sets/', import.meta.url));

/** A path relative to the current folder when it lies inside it, else absolute. */
const shortPath = (path: string) => {
  const inside = relative(process.cwd(), path);
  return inside === '' ? '.' : inside.startsWith('..') ? path : inside;
};

/** What {@link evaluateAllSets} runs and where it prints. */
export interface EvaluateAllOptions {
  /** Question files, or folders of `questions-*.json`. Default: `server/src/eval/sets/`. */
  sets?: readonly string[];
  /** `DOCENT_EVAL_CORPORA`: unpacked corpora, one folder per set name. */
  corporaFolder?: string;
  /** Environment for the answer model (`DOCENT_MODEL_*`). Default: `process.env`. */
  environment?: Record<string, string | undefined>;
  /** Print each set's misses after the table. */
  verbose?: boolean;
  print: (line: string) => void;
}

/** The question files named by `sets` (folders expand to their `*.json`), sorted. */
export function questionFiles(sets: readonly string[]): string[] {
  return sets.flatMap((entry) => {
    const path = resolve(entry);
    if (existsSync(path) && statSync(path).isDirectory()) {
      return readdirSync(path)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => join(path, name));
    }
    return [path];
  });
}

/**
 * `npm run eval`: every question set against its corpus, in this process, through the same code
 * as the server; one table row per set, a mean row and the issue's targets. A set whose corpus is
 * not found is skipped with a line saying where to put it.
 */
export async function evaluateAllSets(options: EvaluateAllOptions): Promise<Map<string, EvalReport>> {
  const files = questionFiles(options.sets ?? [setsFolder]);
  const acceptsGenerator = configAcceptsGenerator();
  const rows: SummaryRow[] = [];
  const reports = new Map<string, EvalReport>();
  for (const file of files) {
    const name = setName(file);
    const set = await loadQuestionSet(file);
    const location = await locateCorpus(file, set, {
      projectRoot,
      ...(options.corporaFolder ? { corporaFolder: options.corporaFolder } : {}),
      // Beside the question file first (held-out/ keeps its own archives), then sets/.
      archiveFolders: [...new Set([dirname(file), resolve(setsFolder)])],
    });
    if (!location.found) {
      options.print(`skipped ${name}: its docs are not here; unpack them into one of: ${location.lookedIn.join(', ')}`);
      continue;
    }
    const generator = acceptsGenerator ? set.corpus?.generator : undefined;
    const target = await startInProcessTarget({
      docs: location.docs,
      pathPrefix: set.corpus?.pathPrefix ?? '/docs',
      ...(generator ? { generator } : {}),
      ...(options.environment ? { environment: options.environment } : {}),
    });
    const started = performance.now();
    try {
      const report = await runQuestionSet(set, target.assistant, { pageSize: 5 });
      reports.set(name, report);
      rows.push({ name, metrics: report.metrics });
      const errors = target.serverErrors?.() ?? [];
      const details = target.details;
      if (rows.length === 1 && details) options.print(`model: ${details.model}`);
      options.print(
        `${name}: ${details ? `${details.pages} pages (${details.sections} sections) from ${shortPath(details.docs)}, path prefix "${details.pathPrefix}"` : target.description}` +
          `${generator ? `, generator ${generator}` : ''}; ${report.runs.length} requests in ${((performance.now() - started) / 1000).toFixed(1)} s` +
          (errors.length > 0 ? `; server errors: ${errors.slice(0, 3).join(' | ')}` : ''),
      );
      for (const notice of details?.notices ?? []) options.print(`  note: ${notice}`);
    } finally {
      await target.close();
    }
  }
  options.print('');
  for (const line of formatSummaryTable(rows)) options.print(line);
  if (options.verbose) {
    for (const [name, report] of reports) {
      const misses = formatMisses(report.runs);
      if (misses.length > 0) for (const line of ['', `${name} misses:`, ...misses]) options.print(line);
    }
  }
  return reports;
}

/** `tsx server/src/eval/eval-all.ts [sets or folders…] [--verbose] [--json report.json]`. */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { verbose: { type: 'boolean', default: false }, json: { type: 'string' } },
  });
  const reports = await evaluateAllSets({
    ...(positionals.length > 0 ? { sets: positionals } : {}),
    ...(process.env.DOCENT_EVAL_CORPORA ? { corporaFolder: resolve(process.env.DOCENT_EVAL_CORPORA) } : {}),
    verbose: values.verbose,
    print: (line) => console.log(line),
  });
  if (values.json !== undefined) {
    await writeFile(values.json, `${JSON.stringify(Object.fromEntries(reports), null, 2)}\n`);
    console.log(`\nReport written to ${resolve(values.json)}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
