import path from 'node:path';
import type { Code, Nodes, Parent, Root } from 'mdast';
import { noteMissingInclude, readFileInside } from '../included-files';
import { boldLine, markChanged } from '../mdast-edits';
import { extractRegion, withoutRegionMarkers } from './vitepress-includes';

// VitePress' own pattern for what follows `<<<`: path, optional `#region`, optional
// `{highlighted-lines language}`, optional `[tab label]`.
const importPattern = /^(.+?(?:\.([a-z0-9]+))?)(#[\w-]+)?(?: ?\{(\d+(?:[,-]\d+)*)? ?(\S+)?\})? ?(?:\[(.+)\])?$/;

/** Where code imports are read from. */
export interface CodeImportRoots {
  /** VitePress' `srcDir`: `@/x.ts` is `srcDir/x.ts`. */
  sourceRoot: string;
  /** No file outside this folder is read (see `includeBoundary`). */
  boundary: string;
}

/** What a code import leaves on its code block: the title of its tab in a code group. */
interface ImportedCodeData {
  tabTitle?: string;
}

/**
 * Replaces VitePress code imports (`<<< @/snippets/x.ts{2-4}`, `<<< ./x.js#region [label]`) by
 * the fenced code they import: the file's text (the region only, with `#name`), in the language
 * of the `{… lang}` part or else of the file's extension. `{2-4}` only highlights lines in
 * VitePress, so the whole file is kept. `@/` is the source folder; other paths are relative to
 * the page. A file that cannot be read leaves the line as text. The `[label]` (by default the
 * file name) is kept for {@link labelCodeGroupTabs}.
 *
 * The `<<<` rule is a line rule, so such a line parses as a paragraph of text: paragraphs whose
 * every source line starts with `<<<` are the ones replaced.
 */
export async function resolveCodeImports(tree: Root, text: string, file: string, roots: CodeImportRoots, dependencies: string[]): Promise<void> {
  const found: Array<{ parent: Parent; index: number; lines: string[] }> = [];
  const visit = (parent: Parent) => {
    parent.children.forEach((node, index) => {
      const child = node as Nodes;
      if (child.type === 'paragraph' && child.position?.start.offset !== undefined && child.position.end.offset !== undefined) {
        const lines = text.slice(child.position.start.offset, child.position.end.offset).split('\n').map((line) => line.trim());
        if (lines.every((line) => line.startsWith('<<<'))) found.push({ parent, index, lines });
      } else if ('children' in child) visit(child);
    });
  };
  visit(tree);
  // Replace from the last so earlier indexes stay valid.
  for (const { parent, index, lines } of found.reverse()) {
    const blocks: Code[] = [];
    for (const line of lines) {
      const code = await importedCode(line.slice(3).trim(), file, roots, dependencies);
      if (code !== undefined) blocks.push(code);
    }
    if (blocks.length === lines.length) {
      parent.children.splice(index, 1, ...blocks);
      markChanged(parent as Nodes);
    }
  }
}

async function importedCode(reference: string, file: string, roots: CodeImportRoots, dependencies: string[]): Promise<Code | undefined> {
  const match = importPattern.exec(reference);
  if (match === null) return undefined;
  const [, rawPath = '', extension = '', region, , language, label] = match;
  const filePath = rawPath.startsWith('@') ? path.join(roots.sourceRoot, rawPath.slice(1)) : path.resolve(path.dirname(file), rawPath);
  let content = await readFileInside(roots.boundary, filePath);
  if (content === undefined) {
    noteMissingInclude(roots.boundary, filePath, dependencies);
    return undefined;
  }
  dependencies.push(filePath);
  if (region !== undefined) content = extractRegion(content, region.slice(1)) ?? content;
  content = withoutRegionMarkers(content).replace(/\s+$/, '');
  const data: ImportedCodeData = { tabTitle: label ?? path.basename(rawPath) };
  return { type: 'code', lang: language ?? (extension || null), meta: null, value: content, data: data as Code['data'] };
}

/**
 * Puts each tab's title of a `::: code-group` before its code as a bold line, as the reader
 * sees the tabs: a fence's `[label]` (taken out of its info string, so it is not written twice),
 * an import's label or file name. A fence without a label is a tab named after its language,
 * which the code block already shows, so it gets no line. Run before the containers are
 * flattened, and after the imports are resolved.
 */
export function labelCodeGroupTabs(tree: Root): void {
  const visit = (parent: Parent) => {
    for (const node of parent.children as Nodes[]) {
      if (node.type === 'containerDirective' && node.name === 'code-group') labelTabs(node);
      if ('children' in node) visit(node);
    }
  };
  visit(tree);
}

// VitePress takes a tab's title from the fence's info string the same way.
const fenceLabel = /\[(.*)\]/;

function labelTabs(group: Parent): void {
  const children = group.children as Nodes[];
  for (let index = children.length - 1; index >= 0; index--) {
    const code = children[index] as Nodes;
    if (code.type !== 'code') continue;
    const title = (code.data as ImportedCodeData | undefined)?.tabTitle ?? fenceTitle(code);
    if (title === undefined || title.trim() === '') continue;
    children.splice(index, 0, boldLine(title.trim()));
    markChanged(group as Nodes);
  }
}

/** A fence's `[label]`, taken out of its info string. */
function fenceTitle(code: Code): string | undefined {
  const info = `${code.lang ?? ''} ${code.meta ?? ''}`;
  const label = fenceLabel.exec(info);
  if (label === null) return undefined;
  const rest = info.replace(fenceLabel, ' ').trim();
  const space = rest.search(/\s/);
  code.lang = space === -1 ? rest || null : rest.slice(0, space);
  code.meta = space === -1 ? null : rest.slice(space).trim() || null;
  markChanged(code);
  return label[1];
}
