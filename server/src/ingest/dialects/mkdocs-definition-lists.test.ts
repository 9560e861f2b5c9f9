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
