import { describe, expect, test } from 'vitest';
import { inlineIndex, pagesOf } from './fixtures/inline-pages';
import { WordNet } from './wordnet';

const pages = [
  { path: '/docs/theming', title: 'Theming', markdown: '## Change the accent color\n\nSet the accent color of the widget with a CSS variable.\n' },
  { path: '/docs/widget', title: 'The widget', markdown: '## Open the widget\n\nThe widget opens from the launcher, or with `open`.\n' },
  { path: '/docs/install', title: 'Install', markdown: '## Customize the install\n\nCustomize where files go.\n' },
];

describe('WordNet', () => {
  const wordNet = new WordNet();

  test('gives the synonyms of a word in its commonest sense, British and American spellings included', () => {
    expect(wordNet.related('colour').map((related) => related.word)).toContain('color');
    expect(wordNet.related('customise').map((related) => related.word)).toContain('customize');
  });

  test('gives derived forms, and finds the lemma of an inflected word', () => {
    expect(wordNet.related('configure')).toContainEqual({ word: 'configuration', relation: 'derivation' });
    expect(wordNet.related('colours').map((related) => related.word)).toContain('color');
  });

  test('tells a word English uses mostly as a verb', () => {
    expect(['verify', 'install', 'deploys', 'configured'].map((word) => wordNet.isVerb(word))).toEqual([true, true, true, true]);
    expect(['server', 'signatures', 'webhook', 'blue'].map((word) => wordNet.isVerb(word))).toEqual([false, false, false, false]);
  });

  test('knows nothing of words that are not English', () => {
    expect(wordNet.related('vitepress')).toEqual([]);
  });
});

describe('vocabulary expansion in search', () => {
  test('a language the docs never name finds the page that writes its locale code', () => {
    const locales = [
      { path: '/docs/labels', title: 'Labels', markdown: '## Other labels\n\nSet `lang: "de"` for the labels of the panel.\n' },
      { path: '/docs/panel', title: 'Panel', markdown: '## Labels\n\nThe panel shows labels.\n' },
    ];
    const question = 'Can the panel labels be in German?';

    expect(pagesOf(inlineIndex(locales).search({ query: question, limit: 2 }))[0]).toBe('/docs/labels');
    expect(pagesOf(inlineIndex(locales, { expandWords: false }).search({ query: question, limit: 2 }))[0]).toBe('/docs/panel');
  });

  test("a reader's word the docs never use finds the docs' word for it", () => {
    const question = 'How do I change the colour of the widget?';

    expect(pagesOf(inlineIndex(pages).search({ query: question, limit: 3 }))[0]).toBe('/docs/theming');
    expect(pagesOf(inlineIndex(pages, { expandWords: false }).search({ query: question, limit: 3 }))[0]).not.toBe('/docs/theming');
  });

  test('words the docs use are not expanded', () => {
    // "change" is in the docs: its synonyms ("alter", "modify"…) are not added, so nothing new is found.
    const index = inlineIndex([...pages, { path: '/docs/alter', title: 'Alter', markdown: '## Alter tables\n\nAlter a table.\n' }]);

    expect(pagesOf(index.search({ query: 'change', limit: 5 }))).not.toContain('/docs/alter');
  });
});
