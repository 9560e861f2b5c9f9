import { describe, expect, test } from 'vitest';
import { parseMarkdown, stringifyMarkdown } from './markdown-parser';
import { flattenMdx } from './mdx-components';
import { sanitizeMarkup } from './safe-markup';

/** An MDX page as the plain Markdown ingestion keeps of it. */
function flattened(mdx: string): string {
  const tree = parseMarkdown(mdx, { mdx: true });
  flattenMdx(tree);
  sanitizeMarkup(tree);
  return stringifyMarkdown(tree.children).trim();
}

describe('link components keep their address', () => {
  test('<a href>, Docusaurus <Link to> and Starlight <LinkButton href> become Markdown links', () => {
    expect(flattened('See <a href="https://redux.js.org/faq">the FAQ</a> and <Link to="/docs/api">the API</Link>.')).toBe(
      'See [the FAQ](https://redux.js.org/faq) and [the API](/docs/api).',
    );
    expect(flattened('<LinkButton href="/getting-started/">Get started</LinkButton>')).toBe('[Get started](/getting-started/)');
  });

  test('a link around blocks keeps the blocks; no address keeps the text; unsafe schemes lose the address', () => {
    expect(flattened('<a href="/x">\n\n# Title\n\nText.\n\n</a>')).toBe('# Title\n\nText.');
    expect(flattened('A <Link>bare</Link> link.')).toBe('A bare link.');
    expect(flattened('A <a href="javascript:alert(1)">trap</a>.')).toBe('A trap.');
  });
});
