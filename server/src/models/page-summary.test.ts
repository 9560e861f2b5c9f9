import { describe, expect, test } from 'vitest';
import type { AnswerSection } from './answer-prompt';
import { composePageSummary } from './page-summary';

const section = (anchor: string, heading: string, markdown: string, headingTrail: string[] = []): AnswerSection => ({
  number: 1,
  url: anchor === '' ? '/docs/setup' : `/docs/setup#${anchor}`,
  pageTitle: 'Setup',
  heading,
  headingTrail,
  markdown,
});

const outline = [
  section('', 'Setup', 'This page sets up the server. It takes five minutes.'),
  section('install', 'Install', 'Run this:\n\n```sh\nnpm i docent\n```\n\nThe installer adds the `docent` command to your path. It needs Node 20.'),
  section('keys', 'Keys', '| key | use |\n|---|---|\n| a | b |'),
  section('configure', 'Configure', `Edit **docent.config.json** in the project root; ${'every option has a default, '.repeat(12)}so the file may stay empty.`),
  section('verify', 'Verify', 'Run `docent check` to see that it answers.'),
];

describe('composePageSummary', () => {
  test("gives one point per section, in the page's order: each section's opening sentence, led by its heading", () => {
    const summary = composePageSummary(outline, 'Can you sum up this page?') ?? '';
    const points = summary.split('\n').filter((line) => line.startsWith('- '));

    expect(summary.split('\n')[0]).toBe('[Setup](/docs/setup) in short:');
    expect(points[0]).toBe('- This page sets up the server.');
    // A sentence that only introduces code ("Run this:") is passed over; a section with no paragraph gives no point.
    expect(points[1]).toBe('- **Install**: The installer adds the `docent` command to your path.');
    expect(points[2]).toMatch(/^- \*\*Configure\*\*: Edit \*\*docent\.config\.json\*\* in the project root; every option/);
    // A long sentence is cut to 40 words.
    expect(points[2]?.endsWith('…')).toBe(true);
    expect(points[3]).toBe('- **Verify**: Run `docent check` to see that it answers.');
    expect(points).toHaveLength(4);
    expect(summary.split('\n').at(-1)).toBe(
      'Quoted from [Setup](/docs/setup), [Setup › Install](/docs/setup#install), [Setup › Configure](/docs/setup#configure) and [Setup › Verify](/docs/setup#verify).',
    );
  });

  test('gives as many points as the reader asks for', () => {
    const summary = composePageSummary(outline, 'Sum up this page in two bullet points') ?? '';
    expect(summary.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(2);
    expect(summary).toContain('Quoted from [Setup](/docs/setup) and [Setup › Install](/docs/setup#install).');
  });

  test('gives nothing for sections of several pages, or with no sentence to quote', () => {
    expect(composePageSummary([...outline, { ...section('', 'Other', 'Another page.'), url: '/docs/other' }], 'Sum up this page')).toBeUndefined();
    expect(composePageSummary([outline[2] as AnswerSection], 'Sum up this page')).toBeUndefined();
    expect(composePageSummary([], 'Sum up this page')).toBeUndefined();
  });
});
