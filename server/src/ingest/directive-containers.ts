import type { Nodes, Paragraph, PhrasingContent, Root } from 'mdast';
import { rewriteLinesOutsideFences } from './line-scanner';
import { boldLine, rewriteTree } from './mdast-edits';

const containerOpener = /^(\s*)(:{3,})[ \t]*([A-Za-z][\w-]*)(?:[ \t]+(.*?))?[ \t]*$/;

/**
 * Rewrites `::: name Title` container fences (VitePress' markdown-it-container syntax, and
 * Docusaurus' legacy `:::note Title`) into remark-directive's `:::name[Title]`, so one parser
 * reads them as containers. Only the fence lines change, and never inside fenced code (the
 * container rule itself is a line rule).
 *
 * @example normalizeContainerFences('::: details Click me\nHidden\n:::') === ':::details[Click me]\nHidden\n:::'
 */
export function normalizeContainerFences(source: string): string {
  if (!source.includes(':::')) return source;
  return rewriteLinesOutsideFences(source, (line) => {
    if (!line.trimStart().startsWith(':::')) return line;
    const opener = containerOpener.exec(line);
    if (opener === null) return line;
    const [, indent = '', colons = '', name = '', rest] = opener;
    if (rest !== undefined && (rest.startsWith('[') || rest.startsWith('{'))) return `${indent}${colons}${name}${rest}`;
    if (rest === undefined || rest === '') return `${indent}${colons}${name}`;
    return `${indent}${colons}${name}[${rest.replace(/([[\]\\])/g, '\\$1')}]`;
  });
}

/** How a dialect shows a container once flattened. */
export interface ContainerStyle {
  /**
   * The bold lead line for a container (`:::tip[Use npm]` → `Use npm`), or `undefined` for none.
   * Gets the container's name and its label, if it has one.
   */
  title(name: string, label: PhrasingContent[] | undefined): PhrasingContent[] | undefined;
}

/** Explicit titles only: `:::tip[Use npm]` leads with **Use npm**, a bare `:::tip` with nothing. */
export const labelledTitles: ContainerStyle = { title: (_name, label) => label };

/**
 * Replaces every container directive (`:::tip`, `:::details[More]`, `:::code-group`) by its
 * content, led by its title as a bold line when the style gives one. Containers are layout; what
 * they hold is the content a reader asked about.
 */
export function flattenContainers(tree: Root, style: ContainerStyle = labelledTitles): void {
  rewriteTree(tree, (node) => {
    if (node.type !== 'containerDirective') return undefined;
    const children = [...node.children] as Nodes[];
    let label: PhrasingContent[] | undefined;
    const first = children[0];
    if (first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel === true) {
      label = (first as Paragraph).children;
      children.shift();
    }
    const title = style.title(node.name, label);
    return title === undefined || title.length === 0 ? children : [boldLine(title), ...children];
  });
}
