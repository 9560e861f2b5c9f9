import path from 'node:path';
import { withoutFrontMatter } from '../front-matter';
import { noteMissingInclude, readFileInside } from '../included-files';
import { escapeRegExp } from '../../text/escape-regexp';

/** Where VitePress resolves `@/` (its source folder) and the include depth that counts as a loop. */
export interface IncludeContext {
  /** VitePress' `srcDir`: `@/x.md` is `srcDir/x.md`. */
  sourceRoot: string;
  /** Files read, collected for the parse cache. */
  dependencies: string[];
  /** No file outside this folder is read (see `includeBoundary`). */
  boundary: string;
}

const includePattern = /<!--\s*@include:\s*(.*?)\s*-->/g;
const maximumDepth = 8;

/**
 * Resolves VitePress' `<!--@include: ./part.md-->` markers the way VitePress does, as text
 * before the Markdown is parsed: the path is relative to the including file (`@/` is the source
 * folder), `{3,10}` keeps lines 3 to 10 (either end may be left out), `#name` keeps the region
 * between `<!-- #region name -->` and `<!-- #endregion name -->`, a whole Markdown file loses
 * its front matter, and includes nest. A file that cannot be read, or lies outside the project,
 * leaves its marker in place (it is an HTML comment, so readers never see it), as VitePress does
 * for a missing file.
 */
export async function resolveIncludes(source: string, file: string, context: IncludeContext, depth = 0): Promise<string> {
  if (depth > maximumDepth || !source.includes('@include')) return source;
  const matches = [...source.matchAll(includePattern)];
  if (matches.length === 0) return source;
  let result = '';
  let last = 0;
  for (const match of matches) {
    result += source.slice(last, match.index);
    last = (match.index ?? 0) + match[0].length;
    result += (await includeOne(match[1] ?? '', file, context, depth)) ?? match[0];
  }
  return result + source.slice(last);
}

async function includeOne(target: string, file: string, context: IncludeContext, depth: number): Promise<string | undefined> {
  if (target === '') return undefined;
  let reference = target;
  const range = /\{(\d*),(\d*)\}$/.exec(reference);
  if (range) reference = reference.slice(0, range.index);
  const region = /#([^\s{]+)$/.exec(reference);
  if (region) reference = reference.slice(0, region.index);
  const includePath = reference.startsWith('@') ? path.join(context.sourceRoot, reference.slice(reference[1] === '/' ? 2 : 1)) : path.join(path.dirname(file), reference);
  let content = await readFileInside(context.boundary, includePath);
  if (content === undefined) {
    noteMissingInclude(context.boundary, includePath, context.dependencies);
    return undefined;
  }
  context.dependencies.push(includePath);
  if (range) {
    const lines = content.split(/\r?\n/);
    const start = range[1] ? Number(range[1]) - 1 : 0;
    const end = range[2] ? Number(range[2]) : lines.length;
    content = lines.slice(start, end).join('\n');
  }
  if (region?.[1] !== undefined) content = extractRegion(content, region[1]) ?? content;
  if (!range && !region && path.extname(includePath) === '.md') content = withoutFrontMatter(content);
  return resolveIncludes(content, includePath, context, depth + 1);
}

/**
 * The lines between a `#region name` and its `#endregion` marker lines (in any comment style:
 * `<!-- #region x -->`, `// #region x`, `# region x`), markers excluded; `undefined` when absent.
 */
export function extractRegion(content: string, name: string): string | undefined {
  const lines = content.split(/\r?\n/);
  const escaped = escapeRegExp(name);
  const start = new RegExp(`#?region\\s+${escaped}\\b`);
  const end = new RegExp(`#?endregion(?:\\s+${escaped}\\b|\\s*(?:-->|\\*/)?\\s*$)`);
  const first = lines.findIndex((line) => start.test(line) && /#\s*region|\bregion\b/.test(line));
  if (first === -1) return undefined;
  const lastOffset = lines.slice(first + 1).findIndex((line) => end.test(line));
  const last = lastOffset === -1 ? lines.length : first + 1 + lastOffset;
  return lines.slice(first + 1, last).join('\n');
}

/** Lines that only mark a region (`// #region x`, `<!-- #endregion -->`), which a reader never sees. */
export function withoutRegionMarkers(content: string): string {
  return content
    .split('\n')
    .filter((line) => !/^\s*(?:\/\/|#|<!--|\/\*)\s*#?(?:end)?region\b.*$/.test(line))
    .join('\n');
}

