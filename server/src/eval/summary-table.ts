import type { EvalMetrics, Ratio } from './metrics';
import { alignColumns, formatMilliseconds, formatShare } from './report-format';
import { issueTargets } from './targets';

/** One question set's line of the summary. */
export interface SummaryRow {
  name: string;
  metrics: EvalMetrics;
}

interface Column {
  title: string;
  value: (metrics: EvalMetrics) => number | undefined;
  /** How the value reads: a share (default), milliseconds, or a count. */
  unit?: 'milliseconds' | 'count';
  target?: string;
}

const share = (pick: (metrics: EvalMetrics) => Ratio) => (metrics: EvalMetrics) => pick(metrics).share;

const columns: Column[] = [
  { title: 'hit@1', value: share((metrics) => metrics.hitAt1) },
  { title: 'hit@3', value: share((metrics) => metrics.hitAt3) },
  { title: 'hit@5', value: share((metrics) => metrics.hitAt5), target: `≥${issueTargets.hitAt5}` },
  { title: 'MRR', value: (metrics) => metrics.meanReciprocalRank, target: `≥${issueTargets.meanReciprocalRank}` },
  { title: 'answered', value: share((metrics) => metrics.answered), target: `≥${issueTargets.answered}` },
  { title: 'cites', value: share((metrics) => metrics.citesRightPage) },
  { title: 'declined', value: share((metrics) => metrics.unanswerableDeclined), target: `≥${issueTargets.unanswerableDeclined}` },
  { title: 'follow-ups', value: share((metrics) => metrics.followUpsOnTopic), target: `≥${issueTargets.followUpsOnTopic}` },
  { title: 'steers', value: share((metrics) => metrics.currentPathSteers), target: `≥${issueTargets.currentPathSteers}` },
  { title: 'keeps', value: share((metrics) => metrics.currentPathKeeps) },
  { title: 'delta p50', value: (metrics) => metrics.latency.firstDelta.p50, unit: 'milliseconds', target: `<${issueTargets.firstDeltaP50Milliseconds}ms` },
  { title: 'end p95', value: (metrics) => metrics.latency.total.p95, unit: 'milliseconds' },
  { title: 'failed', value: (metrics) => metrics.errors, unit: 'count' },
];

const formatCount = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

const mean = (values: readonly (number | undefined)[]) => {
  const present = values.filter((value): value is number => value !== undefined);
  return present.length === 0 ? undefined : present.reduce((sum, value) => sum + value, 0) / present.length;
};

/**
 * One row per question set, a mean row (each column over the sets that measure it) and the
 * issue's targets, e.g.
 * ```
 * set         hit@1  hit@3  hit@5  MRR   answered …
 * vitepress   0.58   0.75   0.92   0.68  0.67     …
 * ```
 */
export function formatSummaryTable(rows: readonly SummaryRow[]): string[] {
  const cell = (column: Column, value: number | undefined) =>
    column.unit === 'milliseconds' ? formatMilliseconds(value) : column.unit === 'count' ? formatCount(value ?? 0) : formatShare(value);
  const table: string[][] = [['set', ...columns.map((column) => column.title)]];
  for (const row of rows) table.push([row.name, ...columns.map((column) => cell(column, column.value(row.metrics)))]);
  if (rows.length > 1) {
    table.push(['mean', ...columns.map((column) => cell(column, mean(rows.map((row) => column.value(row.metrics)))))]);
  }
  table.push(['target', ...columns.map((column) => column.target ?? '')]);
  return alignColumns(table);
}
