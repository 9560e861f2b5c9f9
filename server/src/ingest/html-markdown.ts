import type { Element, ElementContent, Root } from 'hast';
import { toMdast } from 'hast-util-to-mdast';
import type { Root as MarkdownRoot } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { hasClass } from './hast-classes';
import { capTableSpans } from './html-table-spans';
import { dropUnsafeLinks } from './safe-markup';

// One processor for every section: building one per call costs more than the conversion itself.
const markdownWriter = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', fences: true, listItemIndent: 'one', rule: '-', emphasis: '_', strong: '*' })
  .freeze();

// The title of an admonition (Sphinx and MkDocs `p.admonition-title`, VitePress
// `p.custom-block-title`) or of a details block (`summary`).
const titleClasses = ['admonition-title', 'custom-block-title'];

/**
 * Makes admonition and details titles bold, in place (as `capTableSpans` caps spans), as the
 * Markdown dialects lead a container with its title: a label, which an answer does not end on
 * (see `passage-selection.ts`).
 */
function boldTitles(tree: Root | Element): void {
  for (const child of tree.children) {
    if (child.type !== 'element') continue;
    const isTitle = child.tagName === 'summary' || titleClasses.some((name) => hasClass(child, name));
    const bold = child.children.length === 1 && child.children[0]?.type === 'element' && child.children[0].tagName === 'strong';
    if (isTitle && !bold) child.children = [{ type: 'element', tagName: 'strong', properties: {}, children: child.children }];
    else boldTitles(child);
  }
}

/**
 * Plain GitHub-flavoured Markdown for a run of HTML content (a section's body): paragraphs,
 * lists, tables, links, emphasis and fenced code blocks with their language, so an extractive
 * model can quote it. Expects code blocks already made plain by {@link normalizeCodeBlocks}.
 *
 * @example htmlToMarkdown(section.nodes) // 'Run:\n\n```sh\nnpm i docent\n```'
 */
export function htmlToMarkdown(nodes: ElementContent[]): string {
  const root: Root = { type: 'root', children: nodes };
  boldTitles(root);
  capTableSpans(root);
  const markdown = toMdast(root) as MarkdownRoot;
  dropUnsafeLinks(markdown);
  return markdownWriter.stringify(markdown).trim();
}
