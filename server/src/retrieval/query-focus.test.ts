import { describe, expect, test } from 'vitest';
import { focusQuery } from './query-focus';

// 10,000 sections: "common" words are in more than 5% of them (500).
const frequencies: Record<string, number> = { configur: 900, webhook: 40, server: 6_000, use: 8_000, install: 700, retri: 30, sidebar: 120, collaps: 30 };
const frequencyOf = (term: string) => frequencies[term] ?? 0;
const question = (text: string) => [{ text, weight: 1 }];

describe('focusQuery', () => {
  test('keeps the distinctive words, adds common ones while they fit the postings budget, sets the rest aside', () => {
    const focused = focusQuery(question('How do I configure webhooks on the server?'), frequencyOf, 10_000);

    expect([...focused.terms.keys()]).toEqual(['webhook', 'configur']);
    expect([...focused.commonTerms.keys()]).toEqual(['server']);
    expect(focused.headingsOnly).toBe(false);
  });

  test('a rare word does not push out the topic words of a medium-sized corpus', () => {
    // 1,000 sections: "sidebar" is in 12% of them, yet it is what the question is about.
    const focused = focusQuery(question('How do I collapse the sidebar?'), frequencyOf, 1_000);

    expect([...focused.terms.keys()]).toEqual(['collaps', 'sidebar']);
  });

  test('a query of common words only is kept for a headings-only lookup, without its "how do I use" words', () => {
    const focused = focusQuery(question('How do I use the server install?'), frequencyOf, 10_000);

    expect(focused).toMatchObject({ headingsOnly: true, commonTerms: new Map([['use', 0.3]]) });
    expect([...focused.terms.keys()]).toEqual(['install', 'server']);
  });

  test('small docs keep every word, even one in every section', () => {
    expect([...focusQuery(question('configure webhook server'), () => 40, 40).terms.keys()]).toEqual(['configur', 'webhook', 'server']);
  });

  test('each term carries its part\'s weight, the largest when a word is in several, and question words count less', () => {
    const focused = focusQuery(
      [
        { text: 'And webhooks?', weight: 1 },
        { text: 'How do I use the install with retries and webhooks', weight: 0.5 },
      ],
      frequencyOf,
      10_000,
    );

    expect(Object.fromEntries(focused.terms)).toEqual({ webhook: 1, retri: 0.5, install: 0.5 });
    expect(Object.fromEntries(focused.commonTerms)).toEqual({ use: 0.15 });
  });

  test('a pasted file is cut to its 24 rarest distinct words, the latest message first', () => {
    const words = Array.from({ length: 60 }, (_, index) => `identifier${index}`);
    const focused = focusQuery([{ text: 'webhook', weight: 1 }, { text: `${words.join(' ')} ${words.join(' ')}`, weight: 0.5 }], frequencyOf, 10_000);

    expect([...focused.terms.keys()]).toEqual(['webhook', ...words.slice(0, 23)]);
  });

  test('stop words and punctuation alone leave nothing to search', () => {
    expect(focusQuery(question('how do I … ?'), frequencyOf, 10_000).terms.size).toBe(0);
  });
});
