import type { EvalMetrics, Ratio } from './metrics';

/** The targets of issue 8, on every development set and on sets never seen. */
export const issueTargets = {
  hitAt5: 0.9,
  meanReciprocalRank: 0.8,
  answered: 0.9,
  unanswerableDeclined: 0.8,
  followUpsOnTopic: 0.9,
  currentPathSteers: 0.9,
  /** First text-delta p50 on loopback, in milliseconds (below). */
  firstDeltaP50Milliseconds: 30,
} as const;

/** A metric of {@link EvalMetrics} that has a target, with its name in tables. */
export interface TargetCheck {
  label: string;
  met: boolean | undefined;
}

const share = (value: Ratio) => value.share;
const atLeast = (value: number | undefined, target: number) => (value === undefined ? undefined : value >= target);

/** Which targets a run meets (`undefined` when the set has nothing to measure it on). */
export function checkTargets(metrics: EvalMetrics): TargetCheck[] {
  const firstDelta = metrics.latency.firstDelta.p50;
  return [
    { label: 'hit@5', met: atLeast(share(metrics.hitAt5), issueTargets.hitAt5) },
    { label: 'MRR', met: atLeast(metrics.meanReciprocalRank, issueTargets.meanReciprocalRank) },
    { label: 'answered', met: atLeast(share(metrics.answered), issueTargets.answered) },
    { label: 'unanswerable declined', met: atLeast(share(metrics.unanswerableDeclined), issueTargets.unanswerableDeclined) },
    { label: 'follow-ups on-topic', met: atLeast(share(metrics.followUpsOnTopic), issueTargets.followUpsOnTopic) },
    { label: 'currentPath steers', met: atLeast(share(metrics.currentPathSteers), issueTargets.currentPathSteers) },
    { label: 'first text-delta p50', met: firstDelta === undefined ? undefined : firstDelta < issueTargets.firstDeltaP50Milliseconds },
  ];
}
