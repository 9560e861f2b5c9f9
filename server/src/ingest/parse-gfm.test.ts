import type { Nodes } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, test } from 'vitest';
import { parseMarkdown } from './markdown-parser';
import { delimiterRowFollows } from './parse-gfm';

const remarkGfmParser = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml']).freeze();

function types(node: Nodes): string[] {
  return [node.type, ...('children' in node ? node.children.flatMap(types) : [])];
}

describe('GFM for indexing', () => {
  test('keeps tables, strikethrough, task lists and footnotes', () => {
    const tree = parseMarkdown('| Option | Default |\n| --- | :-: |\n| `port` | 8080 |\n\n~~old~~ new\n\n- [x] done\n\nSee the note.[^1]\n\n[^1]: The note.');
    expect(types(tree)).toEqual(expect.arrayContaining(['table', 'tableRow', 'tableCell', 'delete', 'footnoteReference', 'footnoteDefinition']));
    const item = tree.children.find((node) => node.type === 'list')?.children[0];
    expect(item?.checked).toBe(true);
  });

  test.each([
    ['a table without pipes', 'Name\n:--\nvalue', 1],
    ['a table in a blockquote', '> | a | b |\n> | - | - |\n> | 1 | 2 |', 1],
    ['a table in a list item', '- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |', 1],
    ['a table after a paragraph line', 'Intro line\n| a | b |\n| - | - |\n| 1 | 2 |', 1],
    ['a table with Windows line endings', '| a | b |\r\n| - | - |\r\n| 1 | 2 |', 1],
    ['a table after a byte order mark', '\uFEFF| a | b |\n| - | - |', 1],
    ['pipes in prose', 'Use `a | b` or a | b here.\nAnd more text.', 0],
    ['no table in a setext heading with a pipe', 'Title | with pipe\n---', 0],
    ['no table when the cells do not line up', '| a | b |\n| - |', 0],
  ])('finds %s, as remark-gfm does', (_name, markdown, tables) => {
    const tree = parseMarkdown(markdown);
    expect(types(tree).filter((type) => type === 'table')).toHaveLength(tables);
    expect(tree).toEqual(remarkGfmParser.parse(markdown));
  });

  test('a bare URL stays text (no link node) and is written back as written', () => {
    const tree = parseMarkdown('Visit https://example.com/docs or www.example.com today.');
    expect(types(tree)).not.toContain('link');
    expect(JSON.stringify(tree)).toContain('https://example.com/docs');
    expect(types(parseMarkdown('An [explicit link](https://example.com) and <https://example.com>.')).filter((type) => type === 'link')).toHaveLength(2);
  });

  test('the table gate only lets through lines that can be followed by a delimiter row', () => {
    expect(delimiterRowFollows('| a |\n| --- |', 0)).toBe(true);
    expect(delimiterRowFollows('a\n> :-: | -', 0)).toBe(true);
    expect(delimiterRowFollows('a | b\nplain text', 0)).toBe(false);
    expect(delimiterRowFollows('last line | only', 0)).toBe(false);
  });
});
