import type { List, Nodes, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { plainText } from './markdown-parser';
import { boldLine, rewriteTree, text } from './mdast-edits';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** The string value of a JSX attribute (`label="npm"`), or `undefined` (absent, or an expression). */
export function jsxAttribute(element: JsxElement, name: string): string | undefined {
  for (const attribute of element.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && attribute.name === name && typeof attribute.value === 'string') return attribute.value;
  }
  return undefined;
}

/**
 * Default-imported Markdown files of a page's ESM (`import Intro from './_intro.mdx'`), by local
 * name. Reads the `import` statements MDX parsed out of the page; they are JavaScript, not Markdown.
 */
export function markdownImports(tree: Root): Map<string, string> {
  const imports = new Map<string, string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const match of node.value.matchAll(/import\s+([A-Za-z_$][\w$]*)\s+from\s+['"]([^'"]+\.mdx?)['"]/g)) {
      imports.set(match[1] as string, match[2] as string);
    }
  }
  return imports;
}

/**
 * What a component becomes in plain Markdown: `undefined` to use the default (its children),
 * or the nodes to put in its place.
 */
export type ComponentRule = (element: JsxElement, children: Nodes[]) => Nodes[] | undefined;

const titled =
  (...attributes: string[]): ComponentRule =>
  (element, children) => {
    const title = attributes.map((name) => jsxAttribute(element, name)).find((value) => value !== undefined && value.trim() !== '');
    if (title === undefined) return children;
    if (element.type === 'mdxJsxTextElement') return [{ type: 'strong', children: [text(title)] }, text(' '), ...children];
    return [boldLine(title), ...children];
  };

/**
 * A link component (`<a href>`, Docusaurus' `<Link to>`, Starlight's `<LinkButton href>`) as a
 * Markdown link, so its address survives and is rewritten like any other link; a link around
 * blocks keeps the blocks.
 */
const linkTo =
  (...attributes: string[]): ComponentRule =>
  (element, children) => {
    const url = attributes.map((name) => jsxAttribute(element, name)).find((value) => value !== undefined && value.trim() !== '');
    if (url === undefined) return children;
    const phrasing = children.every((child) => child.type === 'text' || child.type === 'inlineCode' || child.type === 'emphasis' || child.type === 'strong');
    if (!phrasing) return children;
    const link: Nodes = { type: 'link', url: url.trim(), children: children as PhrasingContent[] };
    return element.type === 'mdxJsxTextElement' ? [link] : [{ type: 'paragraph', children: [link as PhrasingContent] }];
  };

/**
 * Components of Docusaurus' and Starlight's standard libraries, as plain Markdown: tabs and
 * cards keep their content led by their label or title as a bold line, asides and admonitions
 * their title, link cards become list items (their title linked to their address, then their
 * description; cards side by side one list), links and link buttons their address,
 * badges their text; icons and other
 * decoration disappear. Any other component keeps its children.
 */
export const standardComponents: Record<string, ComponentRule> = {
  TabItem: titled('label', 'value'),
  Tab: titled('label', 'title'),
  Aside: titled('title'),
  Admonition: titled('title'),
  Card: titled('title'),
  LinkCard: (element) => {
    const title = jsxAttribute(element, 'title');
    const description = jsxAttribute(element, 'description');
    const href = jsxAttribute(element, 'href')?.trim();
    const parts: PhrasingContent[] = [];
    if (title !== undefined) {
      const strong: PhrasingContent = { type: 'strong', children: [text(title)] };
      parts.push(href ? { type: 'link', url: href, children: [strong] } : strong);
    }
    if (description !== undefined) parts.push(text(title === undefined ? description : `: ${description}`));
    if (parts.length === 0) return [];
    if (element.type === 'mdxJsxTextElement') return parts;
    // One item of a list: a grid of link cards reads as the list of links it is (see mergeCardLists).
    const list: List = { type: 'list', ordered: false, spread: false, data: { linkCards: true } as NonNullable<List['data']>, children: [{ type: 'listItem', spread: false, children: [{ type: 'paragraph', children: parts }] }] };
    return [list];
  },
  LinkButton: linkTo('href'),
  Link: linkTo('to', 'href'),
  a: linkTo('href'),
  Badge: (element) => {
    const label = jsxAttribute(element, 'text');
    return label === undefined ? [] : [text(label)];
  },
  Icon: () => [],
  summary: (element, children) => (element.type === 'mdxJsxTextElement' ? children : [boldLine(plainText(children))]),
  code: (element, children) => (element.type === 'mdxJsxTextElement' ? [{ type: 'inlineCode', value: plainText(children) }] : children),
  br: () => [text(' ')],
  img: () => [],
};

/**
 * Turns a parsed MDX tree into plain Markdown: `import`/`export` statements and `{expressions}`
 * removed, JSX elements replaced by what `rules` (then {@link standardComponents}) make of them,
 * by default their children. `expand` may first replace an element wholesale (e.g. a
 * `<Partial />` by the Markdown file it imports).
 */
export function flattenMdx(tree: Root, rules: Record<string, ComponentRule> = {}, expand?: (element: JsxElement) => Nodes[] | undefined): void {
  rewriteTree(tree, (node) => {
    if (node.type === 'mdxjsEsm' || node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') return [];
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return undefined;
    const expanded = expand?.(node);
    if (expanded !== undefined) return expanded;
    const children = node.children as Nodes[];
    const rule = node.name === null ? undefined : (rules[node.name] ?? standardComponents[node.name]);
    return rule?.(node, children) ?? children;
  });
  mergeCardLists(tree);
}

const isCardList = (node: Nodes | undefined): node is List => node?.type === 'list' && (node.data as { linkCards?: boolean } | undefined)?.linkCards === true;

/** Link cards side by side (a `<CardGrid>` of `<LinkCard>`s) become one list, not one list per card. */
function mergeCardLists(parent: Parent): void {
  const children = parent.children as Nodes[];
  for (let index = 0; index < children.length; index++) {
    const node = children[index];
    if (isCardList(node)) {
      while (isCardList(children[index + 1])) {
        node.children.push(...(children[index + 1] as List).children);
        children.splice(index + 1, 1);
      }
    } else if (node !== undefined && 'children' in node) {
      mergeCardLists(node as Parent);
    }
  }
}

/** Removes every node's source position (for trees whose text is another file's). */
export function forgetPositions(node: Nodes | RootContent): void {
  delete node.position;
  if ('children' in node) for (const child of node.children) forgetPositions(child);
}
