import { describe, expect, test } from 'vitest';
import { passageUnits, splitSentences } from './passage-units';

describe('splitSentences', () => {
  test('splits at sentence ends, not at abbreviations, versions or inside code', () => {
    expect(splitSentences('Set it, e.g. to `dark`. Then reload. Version 2.1 works. Call `a. B` first! Done?')).toEqual([
      'Set it, e.g. to `dark`.',
      'Then reload.',
      'Version 2.1 works.',
      'Call `a. B` first!',
      'Done?',
    ]);
  });
});

describe('passageUnits', () => {
  test('cuts prose into sentences, lists into items, tables into rows, and keeps code whole with its lead-in', () => {
    const units = passageUnits(
      'First sentence. Second one:\n\n```js title=x\nconst a = 1;\n\n// # not a heading\n```\n\n- one\n- two\n\n| Name | Default |\n| --- | --- |\n| `theme` | `auto` |\n\n> [!NOTE]\n> Quoted note.\n',
      '/docs/page',
    );

    expect(units.map((unit) => [unit.kind, unit.kind === 'code' ? unit.code : unit.markdown])).toEqual([
      ['sentence', 'First sentence.'],
      ['sentence', 'Second one:'],
      ['code', 'const a = 1;\n\n// # not a heading'],
      ['item', 'one'],
      ['item', 'two'],
      ['row', '| `theme` | `auto` |'],
      ['sentence', 'Quoted note.'],
    ]);
    expect(units[2]).toMatchObject({ language: 'js', lead: 'First sentence. Second one:' });
    expect(units[5]).toMatchObject({ header: '| Name | Default |\n| --- | --- |', headers: ['Name', 'Default'] });
  });

  test('keeps absolute links, points #anchors at the page, and reduces links into the docs folder to their text', () => {
    const [unit] = passageUnits('See [the API](/docs/api), [below](#dark-mode), [options](./options.md) and [MDN](https://developer.mozilla.org). ![logo](logo.png)', '/docs/page');

    expect(unit?.kind === 'sentence' && unit.markdown).toBe('See [the API](/docs/api), [below](/docs/page#dark-mode), options and [MDN](https://developer.mozilla.org).');
  });
});
