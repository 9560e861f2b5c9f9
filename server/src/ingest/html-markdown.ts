import type { ElementContent, Root } from 'hast';
import { toMdast } from 'hast-util-to-mdast';
import type { Root as MarkdownRoot } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { capTableSpans } from './html-table-spans';
import { dropUnsafeLinks } from './safe-markup';

// One processor for every section: building one per call costs more than the conversion itself.
const markdownWriter = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', fences: true, listItemIndent: 'one', rule: '-', emphasis: '_', strong: '*' })
  .freeze();

/**
 * Plain GitHub-flavoured Markdown for a run of HTML content (a section's body): paragraphs,
 * lists, tables, links, emphasis and fenced code blocks with their language, so an extractive
 * model can quote it. Expects code blocks already made plain by {@link normalizeCodeBlocks}.
 *
 * @example htmlToMarkdown(section.nodes) // 'Run:\n\n```sh\nnpm i docent\n```'
 */
export function htmlToMarkdown(nodes: ElementContent[]): string {
  const root: Root = { type: 'root', children: nodes };
  capTableSpans(root);
  const markdown = toMdast(root) as MarkdownRoot;
  dropUnsafeLinks(markdown);
  return markdownWriter.stringify(markdown).trim();
}
