import { describe, expect, it } from 'vitest';
import { isDecline } from './decline';
import { comparablePath } from '../retrieval/section-filter';
import { rankedPages, rankOf } from './page-path';

describe('page paths compared by comparablePath', () => {
  it('ignores origin, trailing slash, .html, index, anchor and query', () => {
    expect(comparablePath('https://vitepress.dev/guide/deploy.html#gitlab-pages')).toBe('/guide/deploy');
    expect(comparablePath('/guide/deploy/?tab=1')).toBe('/guide/deploy');
    expect(comparablePath('/guide/index.html')).toBe('/guide');
    expect(comparablePath('https://example.com/')).toBe('/');
    expect(comparablePath('/index')).toBe('/');
  });

  it('ranks distinct pages in order and finds the first expected one within the depth', () => {
    const pages = rankedPages(['/a#one', '/a#two', 'https://x.dev/b.html', '/c', '/d', '/e', '/f']);
    expect(pages).toEqual(['/a', '/b', '/c', '/d', '/e', '/f']);
    expect(rankOf(pages, ['/b/', '/c'])).toBe(2);
    expect(rankOf(pages, ['/f'])).toBeUndefined();
    expect(rankOf(pages, ['/f'], 6)).toBe(6);
  });
});

describe('isDecline', () => {
  it('matches the phrase clients match, in any case, with either apostrophe', () => {
    expect(isDecline("The documentation doesn't cover this: I couldn't find anything about “x”.")).toBe(true);
    expect(isDecline('the documentation doesn\u2019t cover this')).toBe(true);
    expect(isDecline('THE DOCUMENTATION DOESN\'T COVER THIS')).toBe(true);
    expect(isDecline('The documentation covers this on the deploy page.')).toBe(false);
  });
});
