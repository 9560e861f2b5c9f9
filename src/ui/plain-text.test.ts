import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text.js';

describe('markdownToPlainText', () => {
  it('drops the markup and keeps the words, one block a line', () => {
    expect(
      markdownToPlainText('## Install\n\nRun `npm i docent` and **then** see [the docs](/docs) &amp; more.\n\n- one\n- two'),
    ).toBe('Install\nRun npm i docent and then see the docs & more.\none\ntwo');
  });

  it('reads tables row by row and code as its text', () => {
    expect(markdownToPlainText('| a | b |\n|---|---|\n| 1 | 2 |\n\n```sh\nnpm test\n```')).toBe('a, b\n1, 2\nnpm test');
  });

  it('cuts long text at a word with an ellipsis', () => {
    const text = markdownToPlainText('word '.repeat(100), 50);
    expect(text.length).toBeLessThanOrEqual(51);
    expect(text.endsWith('word…')).toBe(true);
  });
});
