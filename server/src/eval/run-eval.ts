import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ConfigError } from '../config';
import { EvalTargetError, startInProcessTarget, remoteTarget, type EvalTarget } from './eval-target';
import { loadQuestionSet, QuestionSetError, type QuestionSet } from './question-set';
import { formatMetricsTable, formatMisses } from './report-format';
import { runQuestionSet, type EvalReport, type EvalRun } from './runner';

/** What `docent eval` was asked to do. */
export interface EvalCommandOptions {
  /** The question file (format of `server/src/eval/sets/questions-*.json`). */
  questionsFile: string;
  /** In-process mode: the docs folder to index. */
  docs?: string;
  /** In-process mode: the generator, when not detected. */
  generator?: string;
  /** In-process mode: URL path of the pages. Default: the file's `corpus.pathPrefix`, else `/docs`. */
  pathPrefix?: string;
  /** Remote mode: the running server's base URL. */
  url?: string;
  /** Remote mode: the domain to ask. */
  domain?: string;
  /** Remote mode: an assistant key of that domain. */
  apiKey?: string;
  /** `retrievalPageSize` sent with each question. Default: 5. */
  pageSize?: number;
  /** Where to write the JSON report (every question, its ranked pages and answer). */
  jsonFile?: string;
  /** Print every run that falls short. */
  verbose?: boolean;
  /** Environment for the answer model (`DOCENT_MODEL_*`). Default: `process.env`. */
  environment?: Record<string, string | undefined>;
  /** Where the table goes, line by line. */
  print: (line: string) => void;
  /** Called after each request, e.g. for a progress line. */
  onRun?: (run: EvalRun, done: number, total: number) => void;
}

/** The JSON report `--json` writes. */
export interface EvalJsonReport extends EvalReport {
  questionFile: string;
  target: string;
  pageSize: number;
}

/**
 * Whether an error is the user's input (question file, docs folder, path prefix) rather than a
 * failure of the run: the CLI reports those as usage errors.
 */
export const isEvalInputError = (error: unknown) =>
  error instanceof QuestionSetError || error instanceof EvalTargetError || error instanceof ConfigError;

/** The path prefix a set's pages are served under: the file's `corpus.pathPrefix`, else `/docs`. */
export const defaultPathPrefix = (set: QuestionSet) => set.corpus?.pathPrefix ?? '/docs';

async function openTarget(options: EvalCommandOptions, set: QuestionSet): Promise<EvalTarget> {
  if (options.url !== undefined) {
    return remoteTarget({ url: options.url, domain: options.domain ?? '', apiKey: options.apiKey ?? '' });
  }
  return startInProcessTarget({
    docs: options.docs ?? '',
    pathPrefix: options.pathPrefix ?? defaultPathPrefix(set),
    ...(options.generator === undefined ? {} : { generator: options.generator }),
    ...(options.environment === undefined ? {} : { environment: options.environment }),
  });
}

/**
 * `docent eval`: runs a question file against a docs folder (in this process, through the same
 * code as the server) or a running server, prints the metrics table (and the misses with
 * `verbose`), and writes the JSON report when asked.
 */
export async function runEvalCommand(options: EvalCommandOptions): Promise<EvalReport> {
  const set = await loadQuestionSet(options.questionsFile);
  const pageSize = options.pageSize ?? 5;
  const target = await openTarget(options, set);
  let report: EvalReport;
  try {
    report = await runQuestionSet(set, target.assistant, { pageSize, ...(options.onRun ? { onRun: options.onRun } : {}) });
  } finally {
    await target.close();
  }
  options.print(`${options.questionsFile} against ${target.description}`);
  for (const notice of target.details?.notices ?? []) options.print(`note: ${notice}`);
  options.print(
    `${set.questions.length} questions, ${set.conversations.length} conversations, ${set.currentPath.length} currentPath cases, ${set.unanswerable.length} unanswerable; retrievalPageSize ${pageSize}`,
  );
  options.print('');
  for (const line of formatMetricsTable(report.metrics)) options.print(line);
  const serverErrors = target.serverErrors?.() ?? [];
  if (serverErrors.length > 0) {
    options.print('');
    options.print(`The server logged ${serverErrors.length === 1 ? 'this error' : 'these errors'}:`);
    for (const error of serverErrors.slice(0, 5)) options.print(`  ${error}`);
  }
  if (options.verbose) {
    const misses = formatMisses(report.runs);
    options.print('');
    if (misses.length === 0) options.print('No misses.');
    else for (const line of ['Misses:', ...misses]) options.print(line);
  }
  if (options.jsonFile !== undefined) {
    const path = resolve(options.jsonFile);
    const json: EvalJsonReport = { questionFile: resolve(options.questionsFile), target: target.description, pageSize, ...report };
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, `${JSON.stringify(json, null, 2)}\n`);
    options.print('');
    options.print(`Report written to ${path}`);
  }
  return report;
}
