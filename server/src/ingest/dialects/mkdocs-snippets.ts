import path from 'node:path';
import { asInsertedText, noteMissingInclude, readFileInside } from '../included-files';

const singleLine = /^(\s*)(;?)-{1,}8<-{1,}[ \t]+(["'])(.+?)\3\s*$/;
const blockMarker = /^(\s*)-{1,}8<-{1,}\s*$/;
const maximumDepth = 6;

/** Where `--8<--` snippets are looked up. */
export interface SnippetFolders {
  /** Folders a snippet path starts from, in order. */
  basePaths: readonly string[];
  /**
   * With `restrict_base_path: false`: the folder snippets may come from wherever they resolve
   * (the repository, see `repositoryRoot`). Without it, each is read only from inside the base
   * path it was found from.
   */
  unrestrictedWithin?: string;
  /** `auto_append`: snippets appended to every page, as a block at its end. */
  autoAppend?: readonly string[];
}

/**
 * Resolves pymdownx.snippets' `--8<--` includes, as text before parsing (the extension is a
 * preprocessor, so it works inside code blocks too):
 * - `--8<-- "path"` on a line of its own, the included lines taking that line's indentation;
 * - the block form, one path per line between two `--8<--` lines, `;` starting a comment line, a
 *   blank line kept as one;
 * - `path:3:5` keeps lines 3 to 5, `path:1:2,4:5` lines 1, 2, 4 and 5 (selections in the order
 *   written; `-1` is the last line), `path:name` the section between `--8<-- [start:name]` and
 *   `--8<-- [end:name]`;
 * - the `auto_append` snippets (`folders.autoAppend`) are appended to the page as a block;
 * - `;--8<-- "path"` is an escaped marker, shown as written without the `;`.
 * Paths are looked up in `folders.basePaths` in order (the config's `base_path`, else the folder
 * of `mkdocs.yml`, then the docs folder), and a file is only read from inside the base path it
 * was found from (`restrict_base_path`, on by default: no `../../etc/passwd`), or with
 * `restrict_base_path: false` from inside `folders.unrestrictedWithin`; URLs, missing files and
 * files outside are left out.
 */
export async function resolveSnippets(source: string, folders: SnippetFolders, dependencies: string[], depth = 0): Promise<string> {
  const text = depth === 0 ? withAutoAppend(source, folders.autoAppend ?? []) : source;
  if (depth > maximumDepth || !text.includes('8<-')) return text;
  const lines = text.split('\n');
  const output: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const single = singleLine.exec(line);
    if (single !== null) {
      const [, indent = '', escaped, , target = ''] = single;
      if (escaped === ';') output.push(line.replace(';', ''));
      else output.push(...indentLines(await snippet(target, folders, dependencies, depth), indent));
      continue;
    }
    const block = blockMarker.exec(line);
    if (block !== null) {
      const end = lines.findIndex((candidate, position) => position > index && blockMarker.test(candidate));
      if (end !== -1) {
        for (const entry of lines.slice(index + 1, end)) {
          const target = entry.trim();
          if (target === '') output.push('');
          if (target === '' || target.startsWith(';')) continue;
          output.push(...indentLines(await snippet(target, folders, dependencies, depth), block[1] ?? ''));
        }
        index = end;
        continue;
      }
    }
    output.push(line);
  }
  return output.join('\n');
}

/** The page with its `auto_append` snippets added as a block at the end, as the extension adds them. */
function withAutoAppend(source: string, paths: readonly string[]): string {
  return paths.length === 0 ? source : `${source}\n\n-8<-\n${paths.join('\n\n')}\n-8<-\n`;
}

function indentLines(content: string | undefined, indent: string): string[] {
  if (content === undefined) return [];
  return content.split('\n').map((line) => (line === '' ? line : indent + line));
}

/**
 * A snippet target split as pymdownx.snippets splits it: the file, then after its last `:` either
 * line ranges (`1:2,4:5`, `-3:`) or a section name. Split at that colon rather than by one regexp
 * over the whole target, which backtracked quadratically on a long target.
 *
 * @returns `[whole, file, ranges, section]`, as the regexp match it replaces.
 */
function snippetTarget(target: string): [string, string, string | undefined, string | undefined] {
  const section = /:([a-z][\w-]*)$/i.exec(target);
  if (section !== null) return [target, target.slice(0, section.index), undefined, section[1]];
  const ranges = /:(-?\d*(?::-?\d*)?(?:,-?\d*(?::-?\d*)?)*)$/.exec(target.length > 200 ? target.slice(-200) : target);
  if (ranges === null) return [target, target, undefined, undefined];
  return [target, target.slice(0, target.length - ranges[0].length), ranges[1], undefined];
}

async function snippet(target: string, folders: SnippetFolders, dependencies: string[], depth: number): Promise<string | undefined> {
  if (/^[a-z]+:\/\//i.test(target)) return undefined;
  const parts = snippetTarget(target);
  const file = parts?.[1] ?? target;
  for (const base of folders.basePaths) {
    const candidate = path.resolve(base, file);
    const stored = await readFileInside(folders.unrestrictedWithin ?? base, candidate);
    if (stored === undefined) {
      noteMissingInclude(folders.unrestrictedWithin ?? base, candidate, dependencies);
      continue;
    }
    dependencies.push(candidate);
    let lines = asInsertedText(stored).split('\n');
    if (parts?.[2] !== undefined) {
      lines = selectLines(stored, parts[2]);
    } else if (parts?.[3] !== undefined) {
      const name = parts[3];
      const first = lines.findIndex((line) => line.includes(`[start:${name}]`));
      const last = lines.findIndex((line) => line.includes(`[end:${name}]`));
      if (first !== -1) lines = lines.slice(first + 1, last === -1 ? undefined : last);
    }
    lines = lines.filter((line) => !/-{1,}8<-{1,}\s+\[(?:start|end):[\w-]+\]/.test(line));
    return resolveSnippets(lines.join('\n'), folders, dependencies, depth + 1);
  }
  return undefined;
}

/**
 * The lines a selection like `1:2,4:5` or `-3:` keeps, as pymdownx.snippets picks them: each
 * `start:end` in turn (1-based, inclusive, either end may be left out, `0` read as `1`, negative
 * numbers counted from the end, where a final newline counts as an empty last line).
 */
function selectLines(stored: string, selections: string): string[] {
  const all = stored.replace(/\r\n?/g, '\n').split('\n');
  const total = all.length;
  const selected: string[] = [];
  for (const selection of selections.split(',')) {
    const [startText = '', endText = ''] = selection.split(':');
    const start = startText === '' ? 0 : Number(startText) < 0 ? Math.min(Math.max(total + Number(startText), 0), total) : Math.max(0, Number(startText) - 1);
    const end = endText === '' ? total : Number(endText) < 0 ? Math.min(Math.max(total + 1 + Number(endText), 0), total) : Number(endText);
    selected.push(...all.slice(start, end));
  }
  return selected;
}
