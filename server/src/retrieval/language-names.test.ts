import { describe, expect, test } from 'vitest';
import { languageNames, localeCodeOf } from './language-names';

describe('language names', () => {
  test('give the locale code of a language named in English, in any case, by its current code', () => {
    expect(['German', 'french', 'JAPANESE', 'Hebrew', 'Indonesian', 'Romanian', 'Chinese'].map(localeCodeOf)).toEqual(['de', 'fr', 'ja', 'he', 'id', 'ro', 'zh']);
  });

  test('know nothing of other words', () => {
    expect(localeCodeOf('colour')).toBeUndefined();
    expect(localeCodeOf('Spanish')).toBe('es');
    expect(localeCodeOf('widget')).toBeUndefined();
    expect([...languageNames()]).toEqual(expect.arrayContaining(['spanish', 'german']));
    expect([...languageNames()]).not.toContain('widget');
  });
});
