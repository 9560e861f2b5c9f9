import type { Nodes } from 'mdast';
import { parseMarkdown } from '../markdown-parser';

/** The addresses of a Markdown text's links and link definitions, in document order. */
export function linkUrls(markdown: string): string[] {
  const urls: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'definition') urls.push(node.url);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(parseMarkdown(markdown));
  return urls;
}
