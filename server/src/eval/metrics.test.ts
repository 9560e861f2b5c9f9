import { describe, expect, it } from 'vitest';
import { computeMetrics, percentile, ratio } from './metrics';
import { citedPages } from './page-path';

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
      cited: [],
      totalMilliseconds: 1,
      ...(rank === undefined ? {} : { rank }),
    });
    expect(computeMetrics([run(1), run(4), run(undefined)]).meanReciprocalRank).toBeCloseTo((1 + 0.25) / 3);
  });

  it('counts an answer as citing a right page only when it links one of its sources that is expected, and never a declined one', () => {
    const run = (answer: string, declined = false) => ({
      kind: 'question' as const,
      id: 'q',
      question: 'q?',
      expected: ['/docs/deploy/'],
      pages: ['/docs/deploy', '/docs/setup'],
      sources: [{ url: '/docs/setup#install' }, { url: '/docs/deploy#gitlab' }],
      answer,
      declined,
      cited: citedPages(answer, [{ url: '/docs/setup#install' }, { url: '/docs/deploy#gitlab' }]),
      totalMilliseconds: 1,
    });
    const runs = [
      run('Push to `main`.\n\nQuoted from [Deploy › GitLab](/docs/deploy#gitlab).'),
      // A link inside the quoted passage to a page that is not a source is not a citation.
      run('See [the deploy guide](/docs/deploy/other) first.\n\nQuoted from [Setup](/docs/setup#install).'),
      run("The documentation doesn't cover this. The closest page is [Deploy](/docs/deploy).", true),
    ];
    expect(runs.map((entry) => entry.cited)).toEqual([['/docs/deploy'], ['/docs/setup'], ['/docs/deploy']]);
    expect(computeMetrics(runs).citesRightPage).toEqual({ count: 1, total: 3, share: 1 / 3 });
  });
});
