import { describe, expect, test } from 'vitest';
import type { SearchHit } from './docs-index';
import { rankByPage } from './page-ranking';

function hit(pagePath: string, anchor: string, score: number): SearchHit {
  const id = `${pagePath}#${anchor}`;
  return { id, pagePath, pageTitle: pagePath, heading: anchor, headingTrail: [], anchor, url: id, markdown: '', groups: [], score };
}

const ids = (hits: readonly SearchHit[]) => hits.map((found) => found.id);

describe('rankByPage', () => {
  test('the best page brings two sections and every other page one, so five sections name four pages', () => {
    const candidates = [
      hit('/a', '1', 10),
      hit('/a', '2', 9),
      hit('/a', '3', 8),
      hit('/a', '4', 7),
      hit('/b', '1', 6),
      hit('/b', '2', 5),
      hit('/c', '1', 4),
      hit('/d', '1', 3),
      hit('/e', '1', 2),
    ];

    expect(ids(rankByPage(candidates, { limit: 5 }))).toEqual(['/a#1', '/a#2', '/b#1', '/c#1', '/d#1']);
  });

  test('a page whose several sections match outranks a page with one slightly better section', () => {
    const candidates = [hit('/mentions', 'once', 10), hit('/about', 'intro', 9), hit('/about', 'setup', 8), hit('/about', 'options', 7)];

    expect(rankByPage(candidates, { limit: 3 }).map((found) => found.pagePath)).toEqual(['/about', '/about', '/mentions']);
    // Without the support of its other sections, the single best section wins.
    expect(rankByPage(candidates, { limit: 3, supportWeight: 0 })[0]?.pagePath).toBe('/mentions');
  });

  test('with fewer pages than the limit, the rest of the sections fill it, best page first', () => {
    const candidates = [hit('/a', '1', 10), hit('/a', '2', 9), hit('/a', '3', 8), hit('/b', '1', 7), hit('/b', '2', 6)];

    expect(ids(rankByPage(candidates, { limit: 5 }))).toEqual(['/a#1', '/a#2', '/b#1', '/a#3', '/b#2']);
  });

  test('scores read best first even where a page outranks a better single section', () => {
    const candidates = [hit('/mentions', 'once', 10), hit('/about', 'intro', 9), hit('/about', 'setup', 8), hit('/about', 'options', 7)];
    const scores = rankByPage(candidates, { limit: 3 }).map((found) => found.score);

    expect(scores).toEqual([...scores].sort((left, right) => right - left));
  });

  test('nothing comes back for no candidates or a limit below one', () => {
    expect(rankByPage([], { limit: 5 })).toEqual([]);
    expect(rankByPage([hit('/a', '1', 1)], { limit: 0 })).toEqual([]);
  });
});
