import { describe, expect, test } from 'vitest';
import { longTextCache, longTextLength } from './long-text-cache';

describe('longTextCache', () => {
  test('a long text is read once while remembered; a short one every time; the oldest is forgotten first', () => {
    const reads: string[] = [];
    const length = longTextCache(2, (text) => {
      reads.push(text.slice(0, 1));
      return text.length;
    });
    const long = (letter: string) => letter.repeat(longTextLength);
    expect(length(long('a'))).toBe(longTextLength);
    expect(length(long('a'))).toBe(longTextLength);
    expect(length('short')).toBe(5);
    expect(length('short')).toBe(5);
    expect(reads).toEqual(['a', 's', 's']);
    length(long('b'));
    length(long('c'));
    length(long('a'));
    expect(reads).toEqual(['a', 's', 's', 'b', 'c', 'a']);
  });
});
