import type { Expression, Program } from 'estree-jsx';
import type { Code, List, Nodes, Parent, PhrasingContent, Root } from 'mdast';
import type { MdxFlowExpression, MdxTextExpression } from 'mdast-util-mdx-expression';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { toString } from 'mdast-util-to-string';
import { plainText } from './markdown-parser';
import { boldLine, rewriteTree, text } from './mdast-edits';
import { tableFromJsx, tableParts } from './mdx-tables';

export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** The string value of a JSX attribute (`label="npm"`), or `undefined` (absent, or an expression). */
export function jsxAttribute(element: JsxElement, name: string): string | undefined {
  for (const attribute of element.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && attribute.name === name && typeof attribute.value === 'string') return attribute.value;
  }
  return undefined;
}

/** The JavaScript of a JSX attribute written as an expression (`values={[…]}`), or `undefined`. */
export function jsxExpressionAttribute(element: JsxElement, name: string): Expression | undefined {
  for (const attribute of element.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && attribute.name === name && typeof attribute.value === 'object' && attribute.value !== null) return expressionOf(attribute.value.data?.estree);
  }
  return undefined;
}

/** The expression of an MDX `{…}` (its parsed program holds one expression statement), or `undefined`. */
export function expressionOf(program: Program | null | undefined): Expression | undefined {
  const statement = program?.body[0];
  return program?.body.length === 1 && statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
}

/**
 * The value of JavaScript written as a literal: a string, number, boolean or `null`, a template
 * literal without `${}`, or arrays and objects of those (`[{label: 'JavaScript', value: 'js'}]`).
 * Anything computed (a variable, a call, a `${}`) is `undefined`, also inside an array or object,
 * whose other entries are still read.
 */
export function literalValue(expression: Expression | undefined): unknown {
  switch (expression?.type) {
    case 'Literal':
      return 'regex' in expression || 'bigint' in expression ? undefined : expression.value;
    case 'TemplateLiteral':
      return expression.expressions.length === 0 ? (expression.quasis[0]?.value.cooked ?? undefined) : undefined;
    case 'ArrayExpression':
      return expression.elements.map((element) => (element === null || element.type === 'SpreadElement' ? undefined : literalValue(element)));
    case 'ObjectExpression': {
      const result: Record<string, unknown> = {};
      for (const property of expression.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init') continue;
        const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
        if (key !== undefined) result[key] = literalValue(property.value as Expression);
      }
      return result;
    }
    default:
      return undefined;
  }
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

/** Whether a JSX element has a boolean attribute (`required`, written without a value) or one set to `{true}`/`"true"`. */
function jsxFlag(element: JsxElement, name: string): boolean {
  for (const attribute of element.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || attribute.name !== name) continue;
    if (attribute.value === null || attribute.value === undefined || attribute.value === 'true') return true;
    return typeof attribute.value === 'object' && literalValue(expressionOf(attribute.value.data?.estree)) === true;
  }
  return false;
}

/**
 * An API reference field (Mintlify's `<ParamField path="id" type="string" required>` and
 * `<ResponseField name="id" type="string">`) as a reference entry: its name as code in a bold
 * lead line, with its type, whether it is required and its default, then its description.
 */
const fieldEntry =
  (...nameAttributes: string[]): ComponentRule =>
  (element, children) => {
    const name = nameAttributes.map((attribute) => jsxAttribute(element, attribute)).find((value) => value !== undefined && value.trim() !== '');
    if (name === undefined) return children;
    const type = jsxAttribute(element, 'type')?.trim();
    const fallback = jsxAttribute(element, 'default')?.trim();
    const notes = [type, jsxFlag(element, 'required') ? 'required' : undefined, fallback ? `default: ${fallback}` : undefined].filter((note) => note !== undefined && note !== '');
    const lead: PhrasingContent[] = [{ type: 'strong', children: [{ type: 'inlineCode', value: name.trim() }] }];
    if (notes.length > 0) lead.push(text(` (${notes.join(', ')})`));
    if (element.type === 'mdxJsxTextElement') return [...lead, text(' '), ...children];
    return [{ type: 'paragraph', children: lead }, ...children];
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
 * Docusaurus' `<Tabs values={[{label: 'JavaScript', value: 'js'}, …]}>` names its tabs in the
 * `values` list, which wins over a `<TabItem label>`: each of its tabs is given the label its
 * value has there, so the tab reads "JavaScript", not "js". Other tabs keep their own.
 */
const labelTabsByValues: ComponentRule = (element, children) => {
  const values = literalValue(jsxExpressionAttribute(element, 'values'));
  if (!Array.isArray(values)) return children;
  const labels = new Map<string, string>();
  for (const entry of values) {
    const { label, value } = (typeof entry === 'object' && entry !== null ? entry : {}) as { label?: unknown; value?: unknown };
    if (typeof value === 'string') labels.set(value, typeof label === 'string' ? label : value);
  }
  labelTabItems(children, labels);
  return children;
};

/** Gives the `<TabItem>`s among `nodes` (not those of tabs nested in them) the label of their value. */
function labelTabItems(nodes: Nodes[], labels: ReadonlyMap<string, string>): void {
  for (const node of nodes) {
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      if (node.name === 'Tabs') continue;
      const label = node.name === 'TabItem' ? labels.get(jsxAttribute(node, 'value') ?? '') : undefined;
      if (label !== undefined) {
        node.attributes = node.attributes.filter((attribute) => !(attribute.type === 'mdxJsxAttribute' && attribute.name === 'label'));
        node.attributes.push({ type: 'mdxJsxAttribute', name: 'label', value: label });
      }
    }
    if ('children' in node) labelTabItems(node.children as Nodes[], labels);
  }
}

/**
 * Components of Docusaurus' and Starlight's standard libraries, and the common ones of MDX docs
 * on Mintlify, Fumadocs and Nextra, as plain Markdown: tabs, cards, steps and accordions keep
 * their content led by their label or title as a bold line (Docusaurus' tab labels from its
 * `<Tabs values>` list when given), API fields (`<ParamField>`, `<ResponseField>`) become
 * reference entries led by their name, type and whether they are required, asides and admonitions
 * their title, link cards become list items (their title linked to their address, then their
 * description; cards side by side one list), links and link buttons their address,
 * badges their text; icons and other
 * decoration disappear. Any other component keeps its children.
 */
export const standardComponents: Record<string, ComponentRule> = {
  Tabs: labelTabsByValues,
  TabItem: titled('label', 'value'),
  Tab: titled('label', 'title'),
  Aside: titled('title'),
  Admonition: titled('title'),
  Card: titled('title'),
  // Mintlify's, Fumadocs' and Nextra's: a step, an accordion and a nested field group read as
  // their title and content, API fields as reference entries, a changelog update by its label.
  Step: titled('title'),
  Accordion: titled('title'),
  Expandable: titled('title'),
  Update: titled('label'),
  ParamField: fieldEntry('path', 'query', 'body', 'header', 'name'),
  ResponseField: fieldEntry('name'),
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

/** Files a page imports as text (`import source from './x.ts?raw'`), by local name: their text. */
export type RawImports = ReadonlyMap<string, string>;

/** The code a component is given as `{…}`: a string written as a literal, or a file imported as text. */
function codeOfExpression(expression: Expression | undefined, rawImports: RawImports): string | undefined {
  if (expression?.type === 'Identifier') return rawImports.get(expression.name);
  const value = literalValue(expression);
  return typeof value === 'string' ? value : undefined;
}

/** A code component as the fenced code it shows (blank lines around the code dropped), or inline code in a line of text. */
function codeBlock(element: JsxElement, code: string, lang: string | undefined, meta: Array<string | undefined>): Nodes[] {
  const value = code.replace(/^(?:[ \t]*\n)+/, '').replace(/\s+$/, '');
  if (element.type === 'mdxJsxTextElement') return [{ type: 'inlineCode', value }];
  const metaString = meta.filter((part) => part !== undefined && part.trim() !== '').join(' ');
  const block: Code = { type: 'code', lang: lang ?? null, meta: metaString === '' ? null : metaString, value };
  return [block];
}

/** A `title` as a code block's meta option, as the title of fenced code is written. */
function titleOption(title: string | undefined): string | undefined {
  if (title === undefined || title.trim() === '') return undefined;
  return title.includes('"') ? `title='${title}'` : `title="${title}"`;
}

const isExpression = (node: Nodes) => node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression';

/**
 * Docusaurus' `<CodeBlock language="jsx" title="/src/App.js">` as the fenced code it shows. Its
 * code is its child: a string or template literal (`` {`…`} ``), a file imported with
 * `!!raw-loader!` (`{Source}`), or plain text. `metastring` and `title` go to the meta string (a
 * title in `metastring` wins, as in Docusaurus). Code from anything else (a variable) is unknown,
 * so the block is left out as before.
 */
export function docusaurusCodeBlock(rawImports: RawImports): ComponentRule {
  return (element, children) => {
    const contents = children.flatMap((child): Nodes[] => (child.type === 'paragraph' ? child.children : [child])).filter((child) => !(child.type === 'text' && child.value.trim() === ''));
    const [only] = contents;
    const code =
      contents.length === 1 && (only?.type === 'mdxFlowExpression' || only?.type === 'mdxTextExpression')
        ? codeOfExpression(expressionOf(only.data?.estree), rawImports)
        : contents.some(isExpression)
          ? undefined
          : toString(children);
    if (code === undefined || code.trim() === '') return undefined;
    const language = jsxAttribute(element, 'language') ?? /(?:^|\s)language-(\S+)/.exec(jsxAttribute(element, 'className') ?? '')?.[1];
    const metastring = jsxAttribute(element, 'metastring');
    const title = /title=(["']).*?\1/.test(metastring ?? '') ? undefined : titleOption(jsxAttribute(element, 'title'));
    return codeBlock(element, code, language, [metastring, title]);
  };
}

/**
 * Starlight's `<Code code={source} lang="ts" title="x.ts" meta="ins={2}" />` as the fenced code it
 * shows. `code` is a string, a string or template literal in braces, or a file imported as text
 * (`import source from './x.ts?raw'`); `title` and `meta` go to the meta string (where Expressive
 * Code's change markers are read as in fenced code). Code from anything else is unknown, so the
 * component is left out as before.
 */
export function starlightCode(rawImports: RawImports): ComponentRule {
  return (element) => {
    const code = jsxAttribute(element, 'code') ?? codeOfExpression(jsxExpressionAttribute(element, 'code'), rawImports);
    if (code === undefined) return undefined;
    return codeBlock(element, code, jsxAttribute(element, 'lang'), [jsxAttribute(element, 'meta'), titleOption(jsxAttribute(element, 'title'))]);
  };
}

/**
 * The prop a `{props.name}` expression reads (`name`), or `undefined` for any other expression.
 * With `bare`, a lone name (`{word}`) is a prop too: Mintlify snippets read their props so.
 */
export function propsReference(node: Nodes, bare = false): string | undefined {
  if (node.type !== 'mdxFlowExpression' && node.type !== 'mdxTextExpression') return undefined;
  const expression = expressionOf(node.data?.estree);
  if (bare && expression?.type === 'Identifier') return expression.name;
  if (expression?.type !== 'MemberExpression' || expression.object.type !== 'Identifier' || expression.object.name !== 'props') return undefined;
  if (!expression.computed && expression.property.type === 'Identifier') return expression.property.name;
  return expression.computed && expression.property.type === 'Literal' && typeof expression.property.value === 'string' ? expression.property.value : undefined;
}

/** How {@link flattenMdx} treats a page's components. */
export interface FlattenOptions {
  /** Rules for components, before {@link standardComponents}. */
  rules?: Record<string, ComponentRule>;
  /** May first replace an element wholesale, e.g. a `<Partial />` by the Markdown file it imports. */
  expand?: (element: JsxElement) => Nodes[] | undefined;
  /** Keeps `{props.name}` expressions: the tree is a partial, whose props are known where it is used. */
  keepProps?: boolean;
  /** Props are also read as lone names (`{word}`, see `propsReference`). Default: only `props.name`. */
  bareProps?: boolean;
}

/**
 * Turns a parsed MDX tree into plain Markdown: `import`/`export` statements removed,
 * `{expressions}` too unless written as a literal (`{'{'}` shows `{`), JSX elements replaced by
 * what the rules (then {@link standardComponents}) make of them, by default their children; an
 * HTML table's elements make a Markdown table.
 */
export function flattenMdx(tree: Root, options: FlattenOptions = {}): void {
  const { rules = {}, expand, keepProps = false, bareProps = false } = options;
  // Its rows and cells keep their structure; what is in the cells is flattened as anywhere.
  const table = (element: JsxElement): Nodes[] => {
    rewriteTree(element, (inner) => (isJsx(inner) && inner.name !== null && tableParts.has(inner.name) && inner.name !== 'table' ? undefined : flatten(inner)));
    return tableFromJsx(element);
  };
  const flatten = (node: Nodes): Nodes[] | undefined => {
    if (node.type === 'mdxjsEsm') return [];
    // A table written on one line is a paragraph holding it, to MDX: a table all the same.
    const alone = node.type === 'paragraph' ? loneTable(node.children as Nodes[]) : undefined;
    if (alone !== undefined && !(rules.table ?? standardComponents.table)) return table({ ...alone, type: 'mdxJsxFlowElement' } as JsxElement);
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') return keepProps && propsReference(node, bareProps) !== undefined ? undefined : literalText(node);
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return undefined;
    const expanded = expand?.(node);
    if (expanded !== undefined) return expanded;
    const children = node.children as Nodes[];
    const rule = node.name === null ? undefined : (rules[node.name] ?? standardComponents[node.name]);
    if (rule === undefined && node.name === 'table') return table(node);
    return rule?.(node, children) ?? children;
  };
  rewriteTree(tree, flatten);
  mergeCardLists(tree);
}

/**
 * What an MDX `{…}` shows when it is written as a literal: `{'{'}` and `{"<"}` (how MDX pages
 * write the characters MDX reserves), `{2}`, `` {`text`} ``; any other expression shows what only
 * running the page would tell, and is left out.
 */
function literalText(node: MdxFlowExpression | MdxTextExpression): Nodes[] {
  const value = literalValue(expressionOf(node.data?.estree));
  if (typeof value !== 'string' && typeof value !== 'number') return [];
  const shown = String(value);
  // `{' '}` keeps words apart inline (MDX's way to write a space); as a block it shows nothing.
  if (shown.trim() === '') return node.type === 'mdxTextExpression' && shown !== '' ? [text(' ')] : [];
  return node.type === 'mdxTextExpression' ? [text(shown)] : [{ type: 'paragraph', children: [text(shown)] }];
}

// The `<table>` element a paragraph holds with nothing else but blanks, if any.
function loneTable(children: Nodes[]): JsxElement | undefined {
  const content = children.filter((child) => child.type !== 'text' || child.value.trim() !== '');
  const only = content[0];
  return content.length === 1 && only !== undefined && isJsx(only) && only.name === 'table' ? only : undefined;
}

const isJsx = (node: Nodes): node is JsxElement => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

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
