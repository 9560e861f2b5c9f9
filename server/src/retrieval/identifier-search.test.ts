import { describe, expect, test } from 'vitest';
import { inlineIndex, pagesOf } from './fixtures/inline-pages';

// Each identifier is on one page; another page uses its parts as ordinary words, more often.
const index = inlineIndex([
  { path: '/docs/caching', title: 'Caching', markdown: '## Cache lifetime\n\nThe cache keeps entries. The cache TTL depends on the cache size: a cache with a short TTL refreshes often.\n' },
  { path: '/docs/settings', title: 'Settings file', markdown: '## Keys\n\nSet `cache.ttl` in harbor.toml, next to `storage.path`.\n' },
  { path: '/docs/ports', title: 'Ports', markdown: '## Port numbers\n\nThe port is a number. Pick a port no other program uses.\n' },
  { path: '/docs/cli', title: 'Command line', markdown: '## Flags\n\nPass `--port` to choose where it listens.\n' },
  { path: '/docs/keys', title: 'Access', markdown: '## Secrets\n\nYour API key reads data. Keep the key secret.\n' },
  { path: '/docs/embed', title: 'Embed', markdown: '## Script tag\n\nAdd the `data-api-key` attribute to the script tag.\n' },
  { path: '/docs/clients', title: 'Clients', markdown: '## Client library\n\nThe client talks to the server. Every client has a client id and a harbor client secret.\n' },
  { path: '/docs/install', title: 'Install', markdown: '## Packages\n\nRun `npm install @harbor/client`.\n' },
]);

const firstPage = (query: string) => pagesOf(index.search({ query, limit: 5 }))[0];

describe('identifier-aware search', () => {
  test.each([
    ['cache.ttl', '/docs/settings'],
    ['What does --port do?', '/docs/cli'],
    ['where does data-api-key go', '/docs/embed'],
    ['@harbor/client', '/docs/install'],
  ])('the page with the identifier %s comes before the page that only uses its words', (query, expected) => {
    expect(firstPage(query)).toBe(expected);
  });

  test('the parts of an identifier still find prose about them', () => {
    expect(firstPage('cache lifetime')).toBe('/docs/caching');
    expect(firstPage('storage path')).toBe('/docs/settings');
  });
});
