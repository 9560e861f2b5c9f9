import { describe, expect, test } from 'vitest';
import { refersToCurrentPage } from './current-page';
import { inlineIndex, pagesOf } from './fixtures/inline-pages';

const index = inlineIndex([
  { path: '/components/badges', title: 'Badges', markdown: 'Show a small label.\n\n## Usage\n\nImport the badge.\n\n## Badge props\n\n`text`, `variant`.\n' },
  { path: '/components/cards', title: 'Cards', markdown: 'Group content.\n\n## Card props\n\n`title`, `icon`.\n' },
  { path: '/reference/props', title: 'Props reference', markdown: '## All component props\n\nEvery props table in one place: props, props and more props.\n' },
]);

describe('questions that point at the current page', () => {
  test('are recognised by their pointing words', () => {
    expect(refersToCurrentPage('What props does this accept?')).toBe(true);
    expect(refersToCurrentPage('Can you sum up these steps?')).toBe(true);
    expect(refersToCurrentPage('How do I add a card?')).toBe(false);
  });

  test("put the reader's page first, even over a better match elsewhere", () => {
    expect(pagesOf(index.search({ query: 'What props does this accept?', limit: 3, currentPath: '/components/badges' }))[0]).toBe('/components/badges');
    expect(pagesOf(index.search({ query: 'What props does it accept?', limit: 3, currentPath: '/components/badges' }))[0]).toBe('/reference/props');
  });

  test("put the reader's page first even when none of its words match", () => {
    const hits = index.search({ query: 'Can you sum up this page?', limit: 3, currentPath: '/components/cards' });

    expect(hits[0]?.pagePath).toBe('/components/cards');
  });
});
