import { describe, expect, test } from 'vitest';
import { comparablePath } from './section-filter';

describe('comparablePath', () => {
  test('one page whatever form of its address the reader is on', () => {
    for (const address of ['/guide/deploy', '/guide/deploy/', '/guide/deploy.html', 'https://docs.example.com/guide/deploy.html?x=1#top']) {
      expect(comparablePath(address)).toBe('/guide/deploy');
    }
  });

  test('an index page is its folder, and the site root stays /', () => {
    expect(comparablePath('/guide/index.html')).toBe('/guide');
    expect(comparablePath('/index.html')).toBe('/');
    expect(comparablePath('/')).toBe('/');
  });

  test('percent-encoded paths are decoded', () => {
    expect(comparablePath('/de/gr%C3%BC%C3%9Fe')).toBe('/de/grüße');
  });
});
