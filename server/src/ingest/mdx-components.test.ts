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

describe('HTML tables', () => {
  test('a table of HTML elements is a Markdown table: header row, cells apart, components and code in cells flattened', () => {
    const table = [
      '<table>',
      '  <thead>',
      '    <tr><th>Option</th><th>Default</th><th>Meaning</th></tr>',
      '  </thead>',
      '  <tbody>',
      '    <tr><td><code>retries</code></td><td>3</td><td>How often a failed upload is <Link to="/docs/uploads">tried again</Link>.</td></tr>',
      '    <tr><td><code>timeout</code></td><td>30s</td><td>Time before the upload gives up. <Badge text="new" /></td></tr>',
      '  </tbody>',
      '</table>',
    ].join('\n');
    expect(flattened(table)).toBe(
      [
        '| Option    | Default | Meaning                                                    |',
        '| --------- | ------- | ---------------------------------------------------------- |',
        '| `retries` | 3       | How often a failed upload is [tried again](/docs/uploads). |',
        '| `timeout` | 30s     | Time before the upload gives up. new                       |',
      ].join('\n'),
    );
  });

  test('rows without a head, a cell spanning columns, Markdown blocks in a cell, a table amid text', () => {
    const table = ['<table>', '<tr>', '<td colSpan={2}>', '', 'Both **columns**.', '', '</td>', '</tr>', '<tr><td>a</td><td>b</td></tr>', '</table>'].join('\n');
    // No head row in the source: an empty one, as a built site's table without one gets.
    expect(flattened(table)).toBe(['|                   |   |', '| ----------------- | - |', '| Both **columns**. |   |', '| a                 | b |'].join('\n'));
    expect(flattened('Sizes: <table><tr><td>S</td><td>small</td></tr><tr><td>L</td><td>large</td></tr></table> apply.')).toBe('Sizes: S | small; L | large apply.');
  });

  test('a table on one line, a caption, code and headings in a cell, empty tables, a huge span', () => {
    expect(flattened('<table><tr><th>Link</th></tr><tr><td><a href="/x">X</a></td></tr></table>')).toBe('| Link    |\n| ------- |\n| [X](/x) |');
    const blocks = ['<table>', '<caption>Supported sizes</caption>', '<tr><th>A</th><th>B</th></tr>', '<tr>', '<td>', '', 'Area here.', '', '```js', 'foo();', 'bar();', '```', '', '## Heading in cell', '', 'text', '</td>', '<td>y</td>', '</tr>', '</table>'];
    expect(flattened(blocks.join('\n'))).toBe(
      'Supported sizes\n\n| A                                               | B |\n| ----------------------------------------------- | - |\n| Area here. `foo(); bar();` Heading in cell text | y |',
    );
    expect(flattened('<table></table>\n\n<table>\n<thead></thead>\n<tbody></tbody>\n</table>\n\nAfter.')).toBe('After.');
    expect(flattened('<table>\n<tr><td colspan="1000000000">a</td><td>b</td></tr>\n</table>').split('\n')[0]?.split('|').length).toBe(103);
  });
});

describe('expressions', () => {
  test('an expression written as a literal shows its value; anything computed is left out', () => {
    expect(flattened("Write {'{'} and {'}'} around a placeholder, or {\"<\"}T{'>'} for a type; {`template`} and {2} too.")).toBe(
      'Write { and } around a placeholder, or \\<T> for a type; template and 2 too.',
    );
    expect(flattened('Hello {user.name}{/* a comment */}{`${x}`}.')).toBe('Hello .');
    expect(flattened("{'A paragraph of its own.'}")).toBe('A paragraph of its own.');
    expect(flattened("Click <b>Save</b>{' '}to go on.\n\n{' '}\n\nAfter.")).toBe('Click Save to go on.\n\nAfter.');
  });
});

describe('components of MDX docs on Mintlify, Fumadocs and Nextra', () => {
  test('steps, accordions and nested field groups read as their title and content', () => {
    expect(flattened('<Steps>\n  <Step title="Create a key">\n    Open the dashboard.\n  </Step>\n  <Step title="Call the API">\n    Call `send()`.\n  </Step>\n</Steps>')).toBe(
      '**Create a key**\n\nOpen the dashboard.\n\n**Call the API**\n\nCall `send()`.',
    );
    expect(flattened('<Accordion title="Can I send attachments?">\n  Yes, up to 10 MB.\n</Accordion>')).toBe('**Can I send attachments?**\n\nYes, up to 10 MB.');
    expect(flattened('<Expandable title="properties">\n  The nested fields.\n</Expandable>')).toBe('**properties**\n\nThe nested fields.');
    expect(flattened('<Update label="2024-10-11">\n  Webhooks retry for a day.\n</Update>')).toBe('**2024-10-11**\n\nWebhooks retry for a day.');
  });

  test('API fields are reference entries: name, type, required and default, then the description', () => {
    expect(flattened('<ParamField path="id" type="string" required>\n  The email\'s id.\n</ParamField>')).toBe("**`id`** (string, required)\n\nThe email's id.");
    expect(flattened('<ParamField query="limit" type="number" default="20" required={false}>\n  How many to list.\n</ParamField>')).toBe('**`limit`** (number, default: 20)\n\nHow many to list.');
    expect(flattened('<ResponseField name="created_at" type="string" required={true}>\n  When it was sent.\n</ResponseField>')).toBe('**`created_at`** (string, required)\n\nWhen it was sent.');
    // A field without a name keeps its description.
    expect(flattened('<ResponseField type="string">\n  Something.\n</ResponseField>')).toBe('Something.');
  });
});
