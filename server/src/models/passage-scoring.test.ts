import { describe, expect, test } from 'vitest';
import { nearlyMatches } from './passage-scoring';

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
