import { describe, expect, it } from 'vitest';
import { computeMetrics, percentile, ratio } from './metrics';

describe('metrics', () => {
  it('uses nearest-rank percentiles and leaves empty measures undefined rather than 0', () => {
    expect(percentile([40, 10, 30, 20], 0.5)).toBe(20);
    expect(percentile([40, 10, 30, 20], 0.95)).toBe(40);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([], 0.5)).toBeUndefined();
    expect(ratio(0, 0)).toEqual({ count: 0, total: 0, share: undefined });
    const empty = computeMetrics([]);
    expect(empty.meanReciprocalRank).toBeUndefined();
    expect(empty.currentPathSteers.share).toBeUndefined();
    expect(empty.latency.firstDelta).toEqual({ p50: undefined, p95: undefined });
  });

  it('gives 0 to a right page below rank 5 in the mean reciprocal rank', () => {
    const run = (rank: number | undefined) => ({
      kind: 'question' as const,
      id: 'q',
      question: 'q?',
      expected: ['/a'],
      pages: [],
      sources: [],
      answer: '',
      declined: false,
      totalMilliseconds: 1,
      ...(rank === undefined ? {} : { rank }),
    });
    expect(computeMetrics([run(1), run(4), run(undefined)]).meanReciprocalRank).toBeCloseTo((1 + 0.25) / 3);
  });
});
