import { describe, expect, test } from 'vitest';
import { stemTerm, subjectTerms, textTerms } from './search-terms';

describe('search terms', () => {
  test('word forms meet at one stem', () => {
    for (const forms of [
      ['theme', 'themes', 'theming', 'themed'],
      ['configure', 'configuring', 'configured', 'configuration'],
      ['library', 'libraries'],
      ['cookie', 'cookies'],
      ['select', 'selected', 'selection'],
    ]) {
      expect(new Set(forms.map(stemTerm)).size, forms.join(', ')).toBe(1);
    }
  });

  test('drops stop words and one-letter words, keeps numbers and identifiers with their parts', () => {
    expect(textTerms('How do I get a 401 from the API?')).toEqual(['get', '401', 'api']);
    expect(textTerms('retrievalPageSize')).toEqual(['retrievalpagesiz', 'retrieval', 'pag', 'siz']);
    expect(textTerms('svc_dsc_demo')).toEqual(['svc_dsc_demo', 'svc', 'dsc', 'demo']);
    expect(textTerms('`data-api-key`')).toEqual(['data', 'api', 'key']);
  });

  test('subject terms leave out the frame of a question', () => {
    expect(subjectTerms('How can I use dark mode? Please explain with an example.')).toEqual(['dark', 'mod']);
  });
});
