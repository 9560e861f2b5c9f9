import path from 'node:path';
import type { Code, Nodes, Parent, Root } from 'mdast';
import { readFileInside } from '../included-files';
import { markChanged } from '../mdast-edits';
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

/**
 * Replaces VitePress code imports (`<<< @/snippets/x.ts{2-4}`, `<<< ./x.js#region [label]`) by
 * the fenced code they import: the file's text (the region only, with `#name`), in the language
 * of the `{… lang}` part or else of the file's extension. `{2-4}` only highlights lines in
 * VitePress, so the whole file is kept. `@/` is the source folder; other paths are relative to
 * the page. A file that cannot be read leaves the line as text.
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
  const [, rawPath = '', extension = '', region, , language] = match;
  const filePath = rawPath.startsWith('@') ? path.join(roots.sourceRoot, rawPath.slice(1)) : path.resolve(path.dirname(file), rawPath);
  let content = await readFileInside(roots.boundary, filePath);
  if (content === undefined) return undefined;
  dependencies.push(filePath);
  if (region !== undefined) content = extractRegion(content, region.slice(1)) ?? content;
  content = withoutRegionMarkers(content).replace(/\s+$/, '');
  return { type: 'code', lang: language ?? (extension || null), meta: null, value: content };
}
