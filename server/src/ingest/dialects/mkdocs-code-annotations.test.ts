import type { Code } from 'mdast';
import { describe, expect, test } from 'vitest';
import { parseMarkdown } from '../markdown-parser';
import { removeAnnotationMarkers } from './mkdocs-code-annotations';

/** The code of the first block of `markdown` after taking out its annotation markers (the feature on). */
function annotated(markdown: string): string {
  const tree = parseMarkdown(markdown);
  removeAnnotationMarkers(tree, { everyBlock: true });
  return (tree.children.find((node) => node.type === 'code') as Code).value;
}

describe('removeAnnotationMarkers', () => {
  test('only markers in comments, numbered within the list after the block, are taken out', () => {
    const code = ['x = "not # (1) a comment"  # (1)', 'y = 2  # (3) is past the list', 'z = f(1)  # (2)! stripped', 'url = "https://x.org"'].join('\n');
    expect(annotated(`\`\`\` python\n${code}\n\`\`\`\n\n1. One\n2. Two\n`)).toBe(['x = "not # (1) a comment"  #', 'y = 2  # (3) is past the list', 'z = f(1)', 'url = "https://x.org"'].join('\n'));
  });

  test('an apostrophe in prose does not hide the comment; a URL is no comment; block comments mid-line', () => {
    expect(annotated("``` yaml\ndescription: it's here # (1)!\n```\n\n1. One\n")).toBe("description: it's here");
    expect(annotated('``` js\nfetch("https://x.org"); /* (1)! */ run(); // (2)\n```\n\n1. One\n2. Two\n')).toBe('fetch("https://x.org"); run(); //');
  });

  test('plain text blocks, and blocks without an ordered list after them, have no annotations', () => {
    expect(annotated('``` yaml\nkey: 1 # (1)!\n```\n\n1. One\n')).toBe('key: 1');
    expect(annotated('``` text\nnote # (1)!\n```\n\n1. One\n')).toBe('note # (1)!');
    expect(annotated('``` yaml\nkey: 1 # (1)!\n```\n\n- One\n')).toBe('key: 1 # (1)!');
  });
});
