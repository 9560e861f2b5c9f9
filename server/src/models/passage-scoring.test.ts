import { describe, expect, test } from 'vitest';
import { markdownTermSet, nearlyMatches } from './passage-scoring';

describe('nearlyMatches', () => {
  test('takes British and American spellings for the same word', () => {
    expect(nearlyMatches('colour', new Set(['color']))).toBe(true);
    expect(nearlyMatches('cancelled', new Set(['canceled']))).toBe(true);
    expect(nearlyMatches('customis', new Set(['customiz']))).toBe(true);
  });

  test('does not take a word with one other letter changed for the same word', () => {
    expect(nearlyMatches('protect', new Set(['project']))).toBe(false);
    expect(nearlyMatches('spell', new Set(['shell']))).toBe(false);
  });

  test('leaves short words alone', () => {
    expect(nearlyMatches('port', new Set(['post']))).toBe(false);
  });
});

describe('markdownTermSet', () => {
  test('leaves out link addresses, keeps link text and footnotes, and stops at the end of a line', () => {
    const terms = markdownTermSet('See [the plugin](https://github.com/acme/links-validator "Repo").\n\n[ref]: https://example.com/hidden\nNext line stays.\n\n[^1]: A footnote about caching.');
    expect(terms.has('plugin')).toBe(true);
    expect(terms.has('github')).toBe(false);
    expect(terms.has('hidden')).toBe(false);
    expect(terms.has('next')).toBe(true);
    expect(terms.has('cach')).toBe(true);
  });
});
