import { describe, expect, test } from 'vitest';
import { gitignoreMatcher, matchesAnyGlob, matchesGlob } from './path-glob';

describe('matchesGlob', () => {
  test.each([
    ['guide/examples/promise-done.md', '**/guide/examples/*', true],
    ['guide/examples/nested/a.md', '**/guide/examples/*', false],
    ['guide/cli-generated.md', '**/guide/cli-generated.md', true],
    ['AGENTS.md', 'AGENTS.md', true],
    ['docs/AGENTS.md', 'AGENTS.md', false],
    ['a/b/c.md', '**', true],
    ['a/b/c.md', 'a/**', true],
    ['a/b/c.md', 'a/**/c.md', true],
    ['a/c.md', 'a/**/c.md', true],
    ['api/intro.mdx', '**/*.{md,mdx}', true],
    ['api/intro.js', '**/*.{md,mdx}', false],
    ['faq/_partial.md', '**/_*.{js,jsx,ts,tsx,md,mdx}', true],
    ['faq/_parts/x.md', '**/_*/**', true],
    ['page1.md', 'page?.md', true],
    ['page10.md', 'page?.md', false],
    ['v2/a.md', 'v[12]/*.md', true],
    ['v3/a.md', 'v[!12]/*.md', true],
    ['v1/a.md', 'v[!12]/*.md', false],
    ['./guide/a.md', 'guide/*.md', true],
    ['guide/a.md', './guide/*.md', true],
    ['a+b (1).md', 'a+b (1).md', true],
  ])('%s with %s: %s', (path, pattern, expected) => {
    expect(matchesGlob(path, pattern)).toBe(expected);
  });

  test('any of several patterns; an unreadable pattern matches nothing', () => {
    expect(matchesAnyGlob('guide/x.md', ['api/**', 'guide/*'])).toBe(true);
    expect(matchesAnyGlob('guide/x.md', [])).toBe(false);
    expect(matchesGlob('a].md', '[z-a]')).toBe(false);
  });

  test('many `*` in a pattern (from a docs folder config) match in linear time, with the same answers', () => {
    // A regular expression took over a minute on this (Sphinx exclude_patterns, Jekyll exclude).
    expect(matchesGlob(`${'a'.repeat(40)}.rst`, '*a*a*a*a*a*a*a*a*a*a*b')).toBe(false);
    expect(matchesGlob(`${'a'.repeat(40)}b`, '*a*a*a*a*a*a*a*a*a*a*b')).toBe(true);
    expect(['docs/a.md', 'a.md', 'docs'].map((path) => matchesGlob(path, 'docs/**'))).toEqual([true, false, false]);
    expect(['a/b', 'a/x/y/b', 'ab'].map((path) => matchesGlob(path, 'a/**/b'))).toEqual([true, true, false]);
    expect(['axxb', 'a/b'].map((path) => matchesGlob(path, 'a**b'))).toEqual([true, false]);
  });
});

describe('gitignoreMatcher', () => {
  test('names match at any depth, slashes anchor, a trailing slash is a folder, ! takes back, the last line decides', () => {
    const excluded = gitignoreMatcher('# drafts and scratch\ndrafts/\n*.tmp.md\n/api/internal.md\n!keep.tmp.md\n\nguide/old/');
    expect(['drafts/a.md', 'x/drafts/b.md', 'a/b.tmp.md', 'api/internal.md', 'guide/old/page.md'].map(excluded)).toEqual([true, true, true, true, true]);
    expect(['keep.tmp.md', 'x/api/internal.md', 'guide/older.md', 'index.md', 'drafts.md'].map(excluded)).toEqual([false, false, false, false, false]);
  });
});
