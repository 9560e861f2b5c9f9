import { describe, expect, test } from 'vitest';
import { containsAnyPhrase, quotedPhrases } from './quoted-phrases';

describe('quotedPhrases', () => {
  test('the phrases a reader quotes, in single, double or typographic quotes, as terms', () => {
    expect(quotedPhrases("How do I hide the 'Made with Material for MkDocs' notice?")).toEqual([['mad', 'material', 'mkdoc']]);
    expect(quotedPhrases('It says "Type instantiation is excessively deep".')).toEqual([['typ', 'instanti', 'excessiveli', 'deep']]);
    expect(quotedPhrases('The ‘Get started’ button and the “Edit this page” link')).toEqual([['get', 'start'], ['edit', 'pag']]);
  });

  test('apostrophes, single quoted words and quotes across lines are not phrases', () => {
    expect(quotedPhrases("I don't want the users' settings page")).toEqual([]);
    expect(quotedPhrases("The 'Search' label and the 'on this page' list")).toEqual([]);
    expect(quotedPhrases("It prints 'first line\nsecond line'")).toEqual([]);
  });
});

describe('containsAnyPhrase', () => {
  test('the terms one after the other, whatever the case, markup and stop words between them', () => {
    expect(containsAnyPhrase('The footer displays a _Made with Material for MkDocs_ notice.', [['mad', 'material', 'mkdoc']])).toBe(true);
    expect(containsAnyPhrase('Material for MkDocs was made with care.', [['mad', 'material', 'mkdoc']])).toBe(false);
    expect(containsAnyPhrase('Made with', [['mad', 'material']])).toBe(false);
  });

  test('any one of several phrases', () => {
    expect(containsAnyPhrase('Set it to Made with Material.', [['powered', 'harbor'], ['mad', 'material']])).toBe(true);
    expect(containsAnyPhrase('Set it to Made with Material.', [['powered', 'harbor'], ['material', 'mad']])).toBe(false);
    expect(containsAnyPhrase('Made with Material', [])).toBe(false);
  });
});
