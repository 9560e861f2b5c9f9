import { describe, expect, test } from 'vitest';
import { asksForPageSummary, refersToCurrentPage, requestedPointCount } from './current-page';
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

  test('are recognised by an "it" that nothing before it in the question stands for', () => {
    expect(refersToCurrentPage('How do I check that it worked?')).toBe(true);
    expect(refersToCurrentPage('How do I start it when my app is built by a factory?')).toBe(true);
    expect(refersToCurrentPage('Are there any known limitations I should know about before enabling it?')).toBe(true);
    expect(refersToCurrentPage('What props does it accept?')).toBe(true);
  });

  test('not by an "it" that stands for something the question names', () => {
    expect(refersToCurrentPage('How do I add a sidebar and style it?')).toBe(false);
    expect(refersToCurrentPage('What is PluginError for and when should I raise it?')).toBe(false);
    expect(refersToCurrentPage("How heavy is the script? I don't want it to slow down our pages.")).toBe(false);
    expect(refersToCurrentPage('Nuxt imports my stores. How do I make it find the others?')).toBe(false);
    expect(refersToCurrentPage('How can my bot tell how many requests it has left?')).toBe(false);
    // A thing named by an "-ing" word, and a singular ending in "s".
    expect(refersToCurrentPage('How do I set up logging? Where does it write to?')).toBe(false);
    expect(refersToCurrentPage('How do I create an alias and use it in my imports?')).toBe(false);
    expect(refersToCurrentPage('Sidebar: how do I hide it on mobile?')).toBe(false);
  });

  test('in time proportional to the question, however long a run of punctuation it holds', () => {
    const time = (length: number) => {
      const question = `${'-'.repeat(length)} ${"'".repeat(length)} how do I fix it?`;
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        refersToCurrentPage(question);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    time(1_000); // warm-up
    // Linear: about 10x for 10x the length; retrying every start of a run made it 100x.
    expect(time(40_000) / Math.max(time(4_000), 0.05)).toBeLessThan(30);
  });

  test('not by an "it" that stands for a clause, nor one that follows earlier questions', () => {
    expect(refersToCurrentPage('Is it possible to change the colours?')).toBe(false);
    expect(refersToCurrentPage("It's worth asking: can I change the colours?")).toBe(false);
    expect(refersToCurrentPage('How do I check that it worked?', { followsEarlierQuestions: true })).toBe(false);
    expect(refersToCurrentPage('Does this work offline?', { followsEarlierQuestions: true })).toBe(true);
  });

  test("put the reader's page first, even over a better match elsewhere", () => {
    expect(pagesOf(index.search({ query: 'What props does this accept?', limit: 3, currentPath: '/components/badges' }))[0]).toBe('/components/badges');
    expect(pagesOf(index.search({ query: 'What props does it accept?', limit: 3, currentPath: '/components/badges' }))[0]).toBe('/components/badges');
    expect(pagesOf(index.search({ query: 'What props does the card component accept?', limit: 3, currentPath: '/components/badges' }))[0]).toBe('/reference/props');
  });

  test('a follow-up\'s "it" stands for the conversation\'s subject, not the page', () => {
    const hits = index.search({ query: 'What props does it accept?', history: ['How do I group content in a card?'], limit: 3, currentPath: '/components/badges' });

    expect(pagesOf(hits)[0]).not.toBe('/components/badges');
  });

  test('a question about "the" something these docs mention everywhere is about the reader\'s page', () => {
    const options = inlineIndex([
      { path: '/config/timeout', title: 'timeout', markdown: 'How long a test may run before it fails, in milliseconds, for every test in every file of every project, retries not counted.\n\nDefault value: `5000`.\n' },
      { path: '/config/retries', title: 'retries', markdown: 'How often a failed test runs again.\n\nDefault: `0`.\n' },
      { path: '/config/include', title: 'include', markdown: 'Which files hold tests: a list of glob patterns.\n' },
      { path: '/config/reporter', title: 'reporter', markdown: 'What prints the results.\n\nThe default value of the default reporter is `default`, a value among many values.\n' },
    ]);

    expect(pagesOf(options.search({ query: "What's the default value?", limit: 3, currentPath: '/config/timeout' }))[0]).toBe('/config/timeout');
    // Code names something however common its words are; a follow-up's subject is the conversation's.
    expect(pagesOf(options.search({ query: "What's the `default` value?", limit: 3, currentPath: '/config/timeout' }))[0]).toBe('/config/reporter');
    expect(pagesOf(options.search({ query: "What's the default value?", history: ['What prints the results?'], limit: 3, currentPath: '/config/timeout' }))[0]).toBe('/config/reporter');
    // A question that names a page by its title names that page; one about what the reader's page does not say is not about it.
    expect(pagesOf(options.search({ query: 'What is the default reporter?', limit: 3, currentPath: '/config/timeout' }))[0]).toBe('/config/reporter');
    expect(pagesOf(options.search({ query: 'What are the default retries?', limit: 3, currentPath: '/config/timeout' }))[0]).toBe('/config/retries');
    expect(pagesOf(options.search({ query: "What's the default value?", limit: 3, currentPath: '/config/include' }))[0]).toBe('/config/reporter');
    // Questions about things in general ("a page", "options") are not about the reader's page.
    expect(pagesOf(options.search({ query: 'What is a default value?', limit: 3, currentPath: '/config/timeout' }))[0]).toBe('/config/reporter');
  });

  test("put the reader's page first even when none of its words match", () => {
    const hits = index.search({ query: 'Can you sum up this page?', limit: 3, currentPath: '/components/cards' });

    expect(hits[0]?.pagePath).toBe('/components/cards');
  });
});

describe('a request for the reader\'s page in short', () => {
  test('is recognised when it says so, points at the page and asks nothing else', () => {
    for (const question of ['Can you sum up this page in three bullet points?', 'Give me the short version of this page in a few bullet points.', 'TL;DR of this?', 'What is this page about?', 'What does this page cover?', 'Summarise this for me, please']) {
      expect(asksForPageSummary(question), question).toBe(true);
    }
  });

  test('not when it asks something else, names another subject, or does not point at the page', () => {
    for (const question of ['How do I turn off this summary?', 'Give me an overview of the props on this page', 'How do I turn off the summary block of the default reporter?', 'Can you sum up the changes in version 3?', 'Which of these should I pick?']) {
      expect(asksForPageSummary(question), question).toBe(false);
    }
  });

  test('knows how many points the reader wants, when they say', () => {
    expect(requestedPointCount('Sum up this page in three bullet points')).toBe(3);
    expect(requestedPointCount('Give me 4 key points of this page')).toBe(4);
    expect(requestedPointCount('Give me the short version of this page in a few bullet points.')).toBeUndefined();
  });

  test("gives the reader's page in its order, the introduction and main headings first when they do not all fit", () => {
    const guide = inlineIndex([
      { path: '/guide/setup', title: 'Setup', markdown: 'Set the project up.\n\n## Install\n\nRun the installer.\n\n### On Windows\n\nUse the MSI.\n\n## Configure\n\nEdit the file.\n\n## Verify\n\nRun the check.\n' },
      { path: '/guide/summaries', title: 'Summaries', markdown: 'A summary of this page, in short: summaries summarise pages about pages.\n' },
    ]);
    const outline = guide.search({ query: 'Can you sum up this page?', limit: 4, currentPath: '/guide/setup' });

    expect(outline.map((hit) => hit.heading)).toEqual(['Setup', 'Install', 'Configure', 'Verify']);
    expect(guide.search({ query: 'Can you sum up this page?', limit: 10, currentPath: '/guide/setup' }).map((hit) => hit.heading)).toEqual(['Setup', 'Install', 'On Windows', 'Configure', 'Verify']);
    // Without the reader's page, the words are searched as any others.
    expect(pagesOf(guide.search({ query: 'Can you sum up this page?', limit: 4 }))[0]).toBe('/guide/summaries');
  });
});
