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

describe('link cards', () => {
  test('a grid of link cards is one list of links with their descriptions; a card without an address keeps its title', () => {
    const grid = [
      '<CardGrid>',
      '  <LinkCard title="starlight-links-validator" description="Check for broken links." href="https://github.com/HiDeoo/starlight-links-validator" />',
      '  <LinkCard title="starlight-blog" description="Add a blog." href="/resources/blog/" />',
      '  <LinkCard title="Offline" description="No address." />',
      '</CardGrid>',
      '',
      'After the grid.',
    ].join('\n');
    expect(flattened(grid)).toBe(
      '- [**starlight-links-validator**](https://github.com/HiDeoo/starlight-links-validator): Check for broken links.\n- [**starlight-blog**](/resources/blog/): Add a blog.\n- **Offline**: No address.\n\nAfter the grid.',
    );
  });

  test('cards apart stay apart; an unsafe address is dropped with the link', () => {
    expect(flattened('<LinkCard title="One" href="/one/" />\n\nBetween.\n\n<LinkCard title="Two" href="javascript:alert(1)" />')).toBe('- [**One**](/one/)\n\nBetween.\n\n- **Two**');
  });
});

describe('tabs', () => {
  test('<Tabs values> labels its own tabs only; tabs nested in them keep their labels', () => {
    const tabs = [
      "<Tabs values={[{label: 'macOS', value: 'mac'}, {value: 'linux'}, {label: computed, value: 'win'}]}>",
      '<TabItem value="mac">',
      '',
      '<Tabs>',
      '<TabItem value="mac" label="Homebrew">',
      '',
      'brew',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      '</TabItem>',
      '<TabItem value="linux">',
      '',
      'apt',
      '',
      '</TabItem>',
      '<TabItem value="win">',
      '',
      'winget',
      '',
      '</TabItem>',
      '</Tabs>',
    ].join('\n');
    expect(flattened(tabs)).toBe('**macOS**\n\n**Homebrew**\n\nbrew\n\n**linux**\n\napt\n\n**win**\n\nwinget');
  });
});
