import { comparablePath } from '../retrieval/section-filter';
import type { EvalRun } from './runner';

/** A count out of a total, e.g. 8 answered of 12; `share` is `undefined` when the total is 0. */
export interface Ratio {
  count: number;
  total: number;
  share: number | undefined;
}

/** Median and 95th percentile, in milliseconds (`undefined` when nothing was measured). */
export interface Percentiles {
  p50: number | undefined;
  p95: number | undefined;
}

/** What a run of a question set measures (the list in issue 8). */
export interface EvalMetrics {
  /** Answerable questions whose right page came first / in the top 3 / in the top 5. */
  hitAt1: Ratio;
  hitAt3: Ratio;
  hitAt5: Ratio;
  /** Mean of 1/rank of the first right page within the first 5 pages (0 when absent). */
  meanReciprocalRank: number | undefined;
  /** Answerable questions whose answer does not decline. */
  answered: Ratio;
  /**
   * Answerable questions whose answer cites a right page: answered, and from the right place
   * (the embedded model quotes one page, so this is "quoted the page that answers").
   */
  citesRightPage: Ratio;
  /** Unanswerable questions whose answer declines. */
  unanswerableDeclined: Ratio;
  /** Conversation turns after the first with a right page in the top 3. */
  followUpsOnTopic: Ratio;
  /** `currentPath` runs on a page whose first source is that page. */
  currentPathSteers: Ratio;
  /** `currentPath` runs on an unrelated page with a right page still in the top 3. */
  currentPathKeeps: Ratio;
  /** Time to the first text-delta and to the end of the stream, over every request. */
  latency: { firstDelta: Percentiles; total: Percentiles };
  /** Requests that failed (HTTP error or broken stream); each also counts as a miss. */
  errors: number;
}

/** Builds a {@link Ratio}. */
export function ratio(count: number, total: number): Ratio {
  return { count, total, share: total === 0 ? undefined : count / total };
}

/** Nearest-rank percentile of `values` (`undefined` for an empty list). */
export function percentile(values: readonly number[], fraction: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((left, right) => left - right);
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1];
}

const citesExpected = (run: EvalRun) => {
  const wanted = new Set(run.expected.map(comparablePath));
  return run.cited.some((page) => wanted.has(page));
};
const countWhere = (runs: readonly EvalRun[], test: (run: EvalRun) => boolean) => ratio(runs.filter(test).length, runs.length);
const within = (run: EvalRun, depth: number) => run.rank !== undefined && run.rank <= depth;

/** Computes the metrics of a question set's runs. */
export function computeMetrics(runs: readonly EvalRun[]): EvalMetrics {
  const answerable = runs.filter((run) => run.kind === 'question');
  const followUps = runs.filter((run) => run.kind === 'conversation' && (run.turn ?? 0) > 0);
  const firstDeltas = runs.flatMap((run) => (run.firstDeltaMilliseconds === undefined ? [] : [run.firstDeltaMilliseconds]));
  const totals = runs.flatMap((run) => (run.error === undefined ? [run.totalMilliseconds] : []));
  return {
    hitAt1: countWhere(answerable, (run) => within(run, 1)),
    hitAt3: countWhere(answerable, (run) => within(run, 3)),
    hitAt5: countWhere(answerable, (run) => within(run, 5)),
    meanReciprocalRank:
      answerable.length === 0 ? undefined : answerable.reduce((sum, run) => sum + (run.rank === undefined ? 0 : 1 / run.rank), 0) / answerable.length,
    answered: countWhere(answerable, (run) => run.error === undefined && !run.declined),
    citesRightPage: countWhere(answerable, (run) => run.error === undefined && !run.declined && citesExpected(run)),
    unanswerableDeclined: countWhere(
      runs.filter((run) => run.kind === 'unanswerable'),
      (run) => run.error === undefined && run.declined,
    ),
    followUpsOnTopic: countWhere(followUps, (run) => within(run, 3)),
    currentPathSteers: countWhere(
      runs.filter((run) => run.kind === 'current-page'),
      (run) => run.rank === 1,
    ),
    currentPathKeeps: countWhere(
      runs.filter((run) => run.kind === 'unrelated-page'),
      (run) => within(run, 3),
    ),
    latency: {
      firstDelta: { p50: percentile(firstDeltas, 0.5), p95: percentile(firstDeltas, 0.95) },
      total: { p50: percentile(totals, 0.5), p95: percentile(totals, 0.95) },
    },
    errors: runs.filter((run) => run.error !== undefined).length,
  };
}
