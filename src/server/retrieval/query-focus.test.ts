import { describe, expect, test } from 'vitest';
import { focusQuery } from './query-focus';

// 10,000 sections: "common" words are in more than 5% of them (500).
const frequencies: Record<string, number> = { configur: 900, webhook: 40, server: 6_000, use: 8_000, install: 700, retri: 30 };
const frequencyOf = (term: string) => frequencies[term] ?? 0;

describe('focusQuery', () => {
  test('keeps the distinctive words in their order and sets the common ones aside', () => {
    expect(focusQuery('How do I configure webhooks on the server?', frequencyOf, 10_000)).toEqual({
      query: 'webhooks',
      terms: ['webhook'],
      commonTerms: ['configur', 'server'],
      headingsOnly: false,
    });
  });

  test('a query of common words only is kept for a headings-only lookup, without its "how do I use" words', () => {
    expect(focusQuery('How do I use the server install?', frequencyOf, 10_000)).toEqual({
      query: 'server install',
      terms: ['server', 'install'],
      commonTerms: ['use'],
      headingsOnly: true,
    });
  });

  test('small docs keep every word, even one in every section', () => {
    expect(focusQuery('configure webhook server', () => 40, 40).query).toBe('configure webhook server');
  });

  test('a pasted file is cut to its 24 rarest distinct words', () => {
    const words = Array.from({ length: 60 }, (_, index) => `identifier${index}`);
    const focused = focusQuery(`${words.join(' ')} ${words.join(' ')}`, () => 1, 10_000);

    expect(focused.query.split(' ')).toEqual(words.slice(0, 24));
  });

  test('stop words and punctuation alone leave nothing to search', () => {
    expect(focusQuery('how do I … ?', frequencyOf, 10_000).query).toBe('');
  });
});
