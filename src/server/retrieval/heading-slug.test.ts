import { describe, expect, test } from 'vitest';
import { createSlugger, headingSlug } from './heading-slug';

describe('headingSlug', () => {
  test('lower-cases, drops punctuation and joins words with dashes', () => {
    expect(headingSlug('Getting Started')).toBe('getting-started');
    expect(headingSlug('The `data-*` options!')).toBe('the-data--options');
    expect(headingSlug('  Why v2? (recommended) ')).toBe('why-v2-recommended');
  });

  test('keeps letters of other scripts', () => {
    expect(headingSlug('Démarrage rapide')).toBe('démarrage-rapide');
  });
});

describe('createSlugger', () => {
  test('numbers repeated headings within a page', () => {
    const slug = createSlugger();
    expect([slug('Example'), slug('Example'), slug('Example')]).toEqual(['example', 'example-1', 'example-2']);
  });
});
