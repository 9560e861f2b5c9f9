import type { List, Root } from 'mdast';
import { describe, expect, test } from 'vitest';
import { parseMarkdown, stringifyMarkdown } from '../markdown-parser';
import { flattenDefinitionLists } from './mkdocs-definition-lists';

function flattened(markdown: string): string {
  const tree = parseMarkdown(markdown);
  flattenDefinitionLists(tree, markdown);
  return stringifyMarkdown(tree.children);
}

describe('flattenDefinitionLists', () => {
  test('inside list items and quotes; a nested definition list in a definition; a definition without a term', () => {
    expect(flattened('- Step\n\n  `--port`\n  :   The port.')).toBe('- Step\n\n  - **`--port`**: The port.');
    expect(flattened('> Term\n> :   Quoted.')).toBe('> - **Term**: Quoted.');
    expect(flattened('Outer\n:   Text.\n\n    Inner\n    :   Nested.')).toBe('- **Outer**: Text.\n\n  - **Inner**: Nested.');
    expect(flattened('# Title\n\n:   No term.')).toBe('# Title\n\n- No term.');
  });

  test('paragraphs without a `:` line, colons elsewhere and indented code after them are left alone', () => {
    const markdown = 'Time: 10:30.\n:not a definition (no space)\n\n    indented code after a plain paragraph\n\nTerm\n:   Definition.';
    const tree = parseMarkdown(markdown);
    flattenDefinitionLists(tree, markdown);
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph', 'code', 'list']);
    expect(tree.children[0]?.position).toBeDefined();
  });
});

describe('long and deep definition lists, links', () => {
  test('a term with 150,000 definitions is one item (spread into a call, they overflowed the stack)', () => {
    const markdown = `Term\n${':   d\n'.repeat(150_000)}`;
    const tree = { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: markdown }] }] } as Root;
    flattenDefinitionLists(tree, markdown);
    const list = tree.children[0] as List;
    expect(list.children).toHaveLength(1);
    expect(list.children[0]?.children).toHaveLength(150_000);
  });

  test('definitions nested deeper than eight levels keep their text; a definition links to the page\'s link definitions', () => {
    const nested = Array.from({ length: 12 }, (_, depth) => `${'    '.repeat(depth)}T${depth}\n${'    '.repeat(depth)}:   D${depth}\n`).join('\n');
    const deep = flattened(nested);
    expect(deep).toContain('**T8**: D8');
    expect(deep).not.toContain('**T9**');
    expect(deep).toContain('T9');
    expect(flattened('Term\n:   First.\n\n    See [Highlight.js] for more.\n\n[Highlight.js]: https://highlightjs.org/')).toBe(
      '- **Term**: First.\n\n  See [Highlight.js] for more.\n\n[Highlight.js]: https://highlightjs.org/',
    );
  });
});
