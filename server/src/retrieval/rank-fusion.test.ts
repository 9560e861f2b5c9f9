import { describe, expect, test } from 'vitest';
import { reciprocalRankFusion } from './rank-fusion';

describe('reciprocalRankFusion', () => {
  test('scores each id Σ 1/(k + rank) over the rankings, with k = 60 by default', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['c', 'd'],
    ]);
    expect(fused.map((rank) => rank.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(fused[0]?.score).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused[1]?.score).toBeCloseTo(1 / 61, 12);
    expect(fused[2]?.score).toBeCloseTo(1 / 62, 12);
    expect(fused[3]?.score).toBeCloseTo(1 / 62, 12);
  });

  test('an id both rankings place second beats one only a single ranking places first', () => {
    const fused = reciprocalRankFusion([
      ['lexical-only', 'both'],
      ['dense-only', 'both'],
    ]);
    expect(fused[0]).toEqual({ id: 'both', score: 2 / 62 });
  });

  test('k changes how much the first places weigh', () => {
    const fused = reciprocalRankFusion([['a', 'b']], { k: 0 });
    expect(fused).toEqual([
      { id: 'a', score: 1 },
      { id: 'b', score: 1 / 2 },
    ]);
  });

  test('ties keep the order of first appearance, earlier rankings first', () => {
    expect(reciprocalRankFusion([['x'], ['y']]).map((rank) => rank.id)).toEqual(['x', 'y']);
    expect(reciprocalRankFusion([['y'], ['x']]).map((rank) => rank.id)).toEqual(['y', 'x']);
  });

  test('an id repeated within one ranking counts once, at its best place', () => {
    expect(reciprocalRankFusion([['a', 'a', 'b']])).toEqual([
      { id: 'a', score: 1 / 61 },
      { id: 'b', score: 1 / 63 },
    ]);
  });

  test('limit cuts the fused list; empty rankings give nothing', () => {
    expect(reciprocalRankFusion([['a', 'b', 'c']], { limit: 2 }).map((rank) => rank.id)).toEqual(['a', 'b']);
    expect(reciprocalRankFusion([[], []])).toEqual([]);
  });
});
