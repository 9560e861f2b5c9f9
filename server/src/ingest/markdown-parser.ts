import type { Nodes, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import type { ParseText } from './parse-gfm';
import { remarkGfmForIndexing } from './parse-gfm';

/**
 * Which syntax extensions a page is parsed with, on top of CommonMark, YAML front matter and GFM
 * (tables, strikethrough, task lists, footnotes; a bare URL stays text, see `remarkGfmForIndexing`).
 */
export interface MarkdownSyntax {
  /** MDX (JSX, `import`/`export`, `{expressions}`): `.mdx` pages, Docusaurus' MDX `.md` pages. */
  mdx?: boolean;
  /** `:::name[label]` container directives (remark-directive): admonitions, asides, containers. */
  directives?: boolean;
  /**
   * `$…$` and `$$…$$` math (remark-math), for sites that configure it: in MDX, the braces of
   * `$x^{2}$` are then math, not an `{expression}`.
   */
  math?: boolean;
}

type Parser = (source: string) => Root;

const parsers = new Map<string, Parser>();

/**
 * Parses Markdown into an mdast tree with the unified/remark parser. Processors are built once
 * per syntax and reused: building one costs more than parsing a small page.
 *
 * @throws the parser's message (with line and column) when MDX syntax is invalid.
 */
export function parseMarkdown(source: string, syntax: MarkdownSyntax = {}): Root {
  const key = `${syntax.mdx === true}:${syntax.directives === true}:${syntax.math === true}`;
  let parse = parsers.get(key);
  if (parse === undefined) {
    const text: ParseText = { source: '' };
    const processor = unified().use(remarkParse).use(remarkGfmForIndexing, text).use(remarkFrontmatter, ['yaml']);
    if (syntax.mdx === true) processor.use(remarkMdx);
    if (syntax.directives === true) processor.use(remarkDirective);
    if (syntax.math === true) processor.use(remarkMath);
    const frozen = processor.freeze();
    parse = (markdown) => {
      // micromark skips a byte order mark without counting it in offsets.
      text.source = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
      try {
        return frozen.parse(markdown);
      } finally {
        text.source = '';
      }
    };
    parsers.set(key, parse);
  }
  return parse(source);
}

const stringifier = unified()
  .use(remarkStringify, { bullet: '-', emphasis: '_', fences: true, rule: '-', listItemIndent: 'one' })
  .use(remarkGfmForIndexing, { source: '' })
  .freeze();
// Writes math nodes back as `$…$` and `$$` blocks, for blocks that hold any (pages parsed with
// `math`). Only for those: it escapes every other dollar sign ("costs \$5").
const mathStringifier = stringifier().use(remarkMath).freeze();

/**
 * Plain GitHub-flavoured Markdown for some blocks (dialect nodes must already be turned into
 * ordinary ones). A node the serializer does not know falls back to its plain text.
 */
export function stringifyMarkdown(nodes: RootContent[]): string {
  const root: Root = { type: 'root', children: nodes };
  try {
    return (nodes.some(holdsMath) ? mathStringifier : stringifier).stringify(root).trim();
  } catch {
    return nodes.map((node) => toString(node, { includeHtml: false })).join('\n\n');
  }
}

function holdsMath(node: Nodes): boolean {
  if (node.type === 'math' || node.type === 'inlineMath') return true;
  return 'children' in node && (node.children as Nodes[]).some(holdsMath);
}

/** The plain text a reader sees in a node: emphasis, code and links reduced to text, raw HTML left out. */
export function plainText(node: Nodes | Nodes[]): string {
  return toString(node, { includeHtml: false }).replace(/\s+/g, ' ').trim();
}

/**
 * Whether a site's config (`docusaurus.config.js`, `astro.config.mjs`), read as text and never run,
 * loads remark-math: a line that names the `'remark-math'` module with `from`, `import` or
 * `require` and is not a comment (`// import remarkMath from 'remark-math'` turns nothing on). Its
 * pages then write math between dollar signs (parse them with `math`). Line by line, without a
 * pattern that could backtrack over a long line.
 */
export function usesRemarkMath(configSource: string): boolean {
  if (!configSource.includes('remark-math')) return false;
  for (const line of configSource.split('\n')) {
    if (!line.includes("'remark-math'") && !line.includes('"remark-math"')) continue;
    const code = line.trimStart();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) continue;
    if (/\b(?:from|import|require)\b/.test(code)) return true;
  }
  return false;
}
