import type { Element, ElementContent, Properties, Root as HastRoot } from 'hast';
import { toMdast } from 'hast-util-to-mdast';
import { toString } from 'hast-util-to-string';
import type { Nodes, Root } from 'mdast';
import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import { toHast, type Handler, type State } from 'mdast-util-to-hast';
import { capTableSpans } from './html-table-spans';
import { plainText } from './markdown-parser';
import { text } from './mdast-edits';
import { expressionOf, literalValue, type JsxElement } from './mdx-components';

/**
 * The HTML elements a table is made of. Inside an MDX `<table>` they keep their structure, while
 * components and other elements are flattened as anywhere else (see `flattenMdx`).
 */
export const tableParts: ReadonlySet<string> = new Set(['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td']);

// The attributes a table's layout depends on, by their JSX or HTML spelling, as hast properties.
const layoutAttributes: ReadonlyMap<string, string> = new Map([
  ['colspan', 'colSpan'],
  ['colSpan', 'colSpan'],
  ['rowspan', 'rowSpan'],
  ['rowSpan', 'rowSpan'],
  ['align', 'align'],
]);

const jsxElement: Handler = (state: State, node: JsxElement) => {
  const children = state.all(node);
  if (node.name === null || !tableParts.has(node.name)) return children;
  const properties: Properties = {};
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') continue;
    const property = layoutAttributes.get(attribute.name);
    const value = literalAttribute(attribute);
    if (property !== undefined && value !== undefined) properties[property] = value;
  }
  // A row written on one line is a paragraph of JSX to MDX: between rows and cells only the
  // elements count, as in HTML.
  const element: Element = { type: 'element', tagName: node.name, properties, children: cellParts.has(node.name) ? inline(children) : structural(children) };
  return element;
};

const cellParts: ReadonlySet<string> = new Set(['th', 'td', 'caption']);
// Blocks a cell may hold in MDX, which a Markdown table cell cannot: their content is kept on
// the cell's one line, blocks apart by a space ("Careful. Inside an admonition.", not
// "Careful.Inside…"), a code block as inline code.
const blockTags: ReadonlySet<string> = new Set(['p', 'div', 'section', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'details', 'summary', 'figure', 'figcaption', 'aside']);

function inline(children: ElementContent[]): ElementContent[] {
  const result: ElementContent[] = [];
  for (const child of children) {
    if (child.type === 'element' && child.tagName === 'pre') {
      result.push(space(), { type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: toString(child).replace(/\s+/g, ' ').trim() }] }, space());
    } else if (child.type === 'element' && blockTags.has(child.tagName)) {
      result.push(space(), ...inline(child.children), space());
    } else if (child.type === 'text') {
      result.push({ type: 'text', value: child.value.replace(/\s*\n\s*/g, ' ') });
    } else {
      result.push(child);
    }
  }
  return result;
}

const space = (): ElementContent => ({ type: 'text', value: ' ' });

function structural(children: ElementContent[]): ElementContent[] {
  return children.flatMap((child) => {
    if (child.type === 'element' && child.tagName === 'p') return structural(child.children);
    if (child.type === 'text' && child.value.trim() === '') return [];
    return [child];
  });
}

// `colspan="2"` as written; `colSpan={2}` or `align={'left'}` when written as a literal.
function literalAttribute(attribute: MdxJsxAttribute): string | undefined {
  const value = attribute.value;
  if (typeof value === 'string') return value;
  const literal = literalValue(expressionOf(value?.data?.estree));
  return typeof literal === 'string' || typeof literal === 'number' ? String(literal) : undefined;
}

const handlers = {
  mdxJsxFlowElement: jsxElement,
  mdxJsxTextElement: jsxElement,
  // Expressions and ESM are gone by now (flattenMdx removes them first); nothing to render if not.
  mdxFlowExpression: () => undefined,
  mdxTextExpression: () => undefined,
  mdxjsEsm: () => undefined,
};

/**
 * A table written as HTML elements in MDX (`<table><tr><td>…`) as a Markdown table, as an HTML table
 * in a Markdown page becomes one (`sanitizeMarkup`): MDX parses those elements as JSX, and taking
 * their children alone ran every cell into the next ("OptionDefault", "`retries`3How often…").
 * Expects the element's components and expressions already flattened; its own elements are made
 * HTML again and converted by the same hast-to-mdast conversion as a built site's tables (header
 * row, column and row spans, block content in cells reduced to a line).
 */
export function tableFromJsx(element: JsxElement): Nodes[] {
  const hast = toHast({ type: 'root', children: [element] } as Root, { handlers }) as HastRoot;
  capTableSpans(hast);
  const caption = captionText(hast);
  const converted = ((toMdast(hast) as Root).children as Nodes[]).filter((node) => node.type !== 'table' || plainText(node) !== '');
  if (converted.length === 0) return [];
  if (element.type === 'mdxJsxFlowElement') return caption === '' ? converted : [{ type: 'paragraph', children: [text(caption)] }, ...converted];
  // A table amid a paragraph's text can only be text there: its rows, cells apart.
  const rows = converted.flatMap((node) => (node.type === 'table' ? node.children : []));
  const line = rows
    .map((row) => row.children.map((cell) => plainText(cell)))
    .filter((cells) => cells.some((cell) => cell !== ''))
    .map((cells) => cells.join(' | '))
    .join('; ');
  return line === '' ? [] : [text(line)];
}

// A table's caption, which the conversion to a Markdown table drops: kept as the line before it.
function captionText(tree: HastRoot): string {
  let caption = '';
  const find = (parent: HastRoot | Element): void => {
    for (const child of parent.children) {
      if (caption !== '' || child.type !== 'element') continue;
      if (child.tagName === 'caption') caption = toString(child).replace(/\s+/g, ' ').trim();
      else if (child.tagName !== 'td' && child.tagName !== 'th') find(child);
    }
  };
  find(tree);
  return caption;
}
