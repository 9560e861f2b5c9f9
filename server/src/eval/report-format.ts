import type { EvalMetrics, Percentiles, Ratio } from './metrics';
import type { EvalRun } from './runner';
import { issueTargets } from './targets';

const none = '–';

/** A share with two decimals, e.g. `0.92`; `–` when there was nothing to measure. */
export const formatShare = (value: number | undefined) => (value === undefined ? none : value.toFixed(2));

/** `0.92 (11/12)`, or `–` for an empty ratio. */
export const formatRatio = (value: Ratio) => (value.share === undefined ? none : `${formatShare(value.share)} (${value.count}/${value.total})`);

/** Milliseconds, whole above 10, one decimal below. */
export const formatMilliseconds = (value: number | undefined) => (value === undefined ? none : value >= 10 ? `${Math.round(value)}` : value.toFixed(1));

const formatPercentiles = (value: Percentiles) => `${formatMilliseconds(value.p50)} / ${formatMilliseconds(value.p95)} ms`;

const mark = (value: number | undefined, target: number, direction: 'at-least' | 'below') => {
  if (value === undefined) return '';
  return (direction === 'at-least' ? value >= target : value < target) ? ' ok' : ' MISS';
};

/** Lays out rows of cells as aligned columns (the first column left-aligned, the rest too). */
export function alignColumns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, cell.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ').trimEnd());
}

/** The compact table of one run: each metric, its value, and the issue's target beside it. */
export function formatMetricsTable(metrics: EvalMetrics): string[] {
  const target = (text: string, value: number | undefined, threshold: number, direction: 'at-least' | 'below' = 'at-least') =>
    `${text}${mark(value, threshold, direction)}`;
  const rows: string[][] = [
    ['metric', 'value', 'target'],
    ['hit@1', formatRatio(metrics.hitAt1), ''],
    ['hit@3', formatRatio(metrics.hitAt3), ''],
    ['hit@5', formatRatio(metrics.hitAt5), target(`≥ ${issueTargets.hitAt5}`, metrics.hitAt5.share, issueTargets.hitAt5)],
    ['MRR (top 5)', formatShare(metrics.meanReciprocalRank), target(`≥ ${issueTargets.meanReciprocalRank}`, metrics.meanReciprocalRank, issueTargets.meanReciprocalRank)],
    ['answered', formatRatio(metrics.answered), target(`≥ ${issueTargets.answered}`, metrics.answered.share, issueTargets.answered)],
    ['answer cites a right page', formatRatio(metrics.citesRightPage), ''],
    [
      'unanswerable declined',
      formatRatio(metrics.unanswerableDeclined),
      target(`≥ ${issueTargets.unanswerableDeclined}`, metrics.unanswerableDeclined.share, issueTargets.unanswerableDeclined),
    ],
    ['follow-ups on-topic', formatRatio(metrics.followUpsOnTopic), target(`≥ ${issueTargets.followUpsOnTopic}`, metrics.followUpsOnTopic.share, issueTargets.followUpsOnTopic)],
    ['currentPath steers', formatRatio(metrics.currentPathSteers), target(`≥ ${issueTargets.currentPathSteers}`, metrics.currentPathSteers.share, issueTargets.currentPathSteers)],
    ['currentPath keeps', formatRatio(metrics.currentPathKeeps), ''],
    [
      'first text-delta p50 / p95',
      formatPercentiles(metrics.latency.firstDelta),
      target(`p50 < ${issueTargets.firstDeltaP50Milliseconds} ms`, metrics.latency.firstDelta.p50, issueTargets.firstDeltaP50Milliseconds, 'below'),
    ],
    ['whole answer p50 / p95', formatPercentiles(metrics.latency.total), ''],
  ];
  if (metrics.errors > 0) rows.push(['failed requests', String(metrics.errors), '0']);
  return alignColumns(rows);
}

/** Why a run falls short, or `undefined` when it does what the set expects. */
export function missReason(run: EvalRun): string | undefined {
  if (run.error !== undefined) return `failed: ${run.error}`;
  switch (run.kind) {
    case 'question':
      if (run.rank === undefined) return run.declined ? 'not in top 5, declined' : 'not in top 5';
      if (run.declined) return `rank ${run.rank}, declined`;
      return run.rank > 1 ? `rank ${run.rank}` : undefined;
    case 'conversation':
      if (run.turn === 0) return undefined;
      return run.rank !== undefined && run.rank <= 3 ? undefined : 'follow-up off-topic';
    case 'unanswerable':
      return run.declined ? undefined : 'answered, not declined';
    case 'current-page':
      return run.rank === 1 ? undefined : 'current page not first';
    case 'unrelated-page':
      return run.rank !== undefined && run.rank <= 3 ? undefined : 'lost the answer on an unrelated page';
  }
}

/** One block per run that falls short: id, question, expected, the top 3 pages, declined or not. */
export function formatMisses(runs: readonly EvalRun[]): string[] {
  const lines: string[] = [];
  for (const run of runs) {
    const reason = missReason(run);
    if (reason === undefined) continue;
    const where = run.turn === undefined ? '' : ` turn ${run.turn + 1}`;
    const on = run.currentPath === undefined ? '' : ` (on ${run.currentPath})`;
    lines.push(
      `${run.id}${where}${on}: ${reason}`,
      `  question: ${run.question}`,
      ...(run.expected.length > 0 ? [`  expected: ${run.expected.join(', ')}`] : []),
      `  got:      ${run.pages.slice(0, 3).join(', ') || '(no sources)'}`,
      `  declined: ${run.declined ? 'yes' : 'no'}`,
    );
  }
  return lines;
}
