import { describe, expect, it } from 'vitest';
import { decodeEntities } from './html-entities.js';

describe('decodeEntities', () => {
  it('decodes named, decimal and hexadecimal references', () => {
    expect(decodeEntities('Tom &amp; Jerry &rarr; &#65;&#x42; &lt;b&gt;')).toBe('Tom & Jerry → AB <b>');
  });

  it('leaves unknown names and invalid code points readable', () => {
    expect(decodeEntities('&unknownthing; &#0; &#xD800;')).toBe('&unknownthing; \ufffd \ufffd');
    expect(decodeEntities('no references')).toBe('no references');
  });
});
