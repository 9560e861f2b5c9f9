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
  });

  test('an identifier joined by dots, dashes or slashes is a term whole, and its parts are terms too', () => {
    expect(textTerms('Read `c.req.param` here')).toEqual(['read', 'c.req.param', 'req', 'param']);
    expect(textTerms('`data-api-key`')).toEqual(['data-api-key', 'data', 'api', 'key']);
    expect(textTerms('pass --base-url')).toEqual(['pass', '--base-url', 'bas', 'url']);
    expect(textTerms('npm i @scope/pkg')).toEqual(['npm', '@scope/pkg', 'scop', 'pkg']);
    expect(textTerms('edit file.config.ts')).toEqual(['edit', 'file.config.ts', 'fil', 'config', 'ts']);
    expect(textTerms('config.themeConfig.nav')).toEqual(['config.themeconfig.nav', 'config', 'themeconfig', 'them', 'nav']);
  });

  test('punctuation that names nothing stays out: "e.g.", sentence ends, over-long URLs keep only their words', () => {
    expect(textTerms('e.g. this one.')).toEqual(['one']);
    expect(textTerms('https://example.com/a/very/long/path/to/some/page/deep/inside')).not.toContain('example.com/a/very/long/path/to/some/page/deep/inside');
    expect(textTerms('https://example.com/a/very/long/path/to/some/page/deep/inside')).toContain('exampl');
  });

  test('the plural of an acronym is the acronym, and only "HTMLElement"-like runs are split', () => {
    expect(textTerms('PNGs')).toEqual(['png']);
    expect(textTerms('APIs and IDs')).toEqual(['api', 'id']);
    expect(textTerms('SDKs')).toEqual(textTerms('SDK'));
    expect(textTerms('HTMLElement')).toEqual(['htmlelement', 'html', 'element']);
  });

  test('what a contraction leaves behind is not a search term', () => {
    expect(textTerms("It doesn't work and we'll see, you're right, they've gone, isn't it")).toEqual(['work', 'see', 'right', 'gon']);
    // Typed without the apostrophe, as quick questions often are.
    expect(textTerms('Whats the command? It doesnt work, im stuck and thats odd')).toEqual(['command', 'work', 'stuck', 'odd']);
  });

  test('subject terms leave out the frame of a question', () => {
    expect(subjectTerms('How can I use dark mode? Please explain with an example.')).toEqual(['dark', 'mod']);
  });
});
