import { describe, expect, it } from 'vitest';
import { pagePath } from './page-path.js';

describe('pagePath', () => {
  it('names a page the way the server compares pages: no .html, /index or trailing slash', () => {
    expect(pagePath('/guide/retries.html')).toBe('/guide/retries');
    expect(pagePath('/guide/retries/')).toBe('/guide/retries');
    expect(pagePath('/guide/index.html')).toBe('/guide');
    expect(pagePath('/guide/index')).toBe('/guide');
    expect(pagePath('/index.html')).toBe('/');
    expect(pagePath('/')).toBe('/');
    expect(pagePath('/guide/retries')).toBe('/guide/retries');
  });

  it('keeps to the API’s 200 characters', () => {
    expect(pagePath(`/${'a'.repeat(300)}`)).toHaveLength(200);
  });
});
