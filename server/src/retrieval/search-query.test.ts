import { describe, expect, test } from 'vitest';
import { buildSearchQuery } from './search-query';

describe('buildSearchQuery', () => {
  test('is the last user message, not earlier turns or the assistant', () => {
    const query = buildSearchQuery([
      { role: 'user', text: 'How do I install it?' },
      { role: 'assistant', text: 'Run npm install.' },
      { role: 'user', text: '  And how do I theme it?  ' },
    ]);

    expect(query).toBe('And how do I theme it?');
  });

  test('adds the attached context values after the question', () => {
    const query = buildSearchQuery(
      [{ role: 'user', text: 'What does this do?' }],
      [
        { type: 'code', value: 'Docent.open()', path: '/docs/javascript-api' },
        { type: 'textSelection', value: 'retrievalPageSize' },
      ],
    );

    expect(query).toBe('What does this do?\nDocent.open()\nretrievalPageSize');
  });

  test('cuts a long pasted file at a line boundary so the question still counts', () => {
    const line = 'const value = computeSomethingLong(argument);\n';
    const query = buildSearchQuery([{ role: 'user', text: 'Why does this fail?' }], [{ type: 'code', value: line.repeat(200) }]);

    expect(query.startsWith('Why does this fail?\n')).toBe(true);
    expect(query.length).toBeLessThanOrEqual('Why does this fail?\n'.length + 600);
    expect(query.endsWith('computeSomethingLong(argument);')).toBe(true);
  });

  test('works with no user message or only context', () => {
    expect(buildSearchQuery([], [])).toBe('');
    expect(buildSearchQuery([{ role: 'assistant', text: 'Hello' }], [{ type: 'textSelection', value: 'dark mode' }])).toBe('dark mode');
  });
});
