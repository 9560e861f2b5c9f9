import { existsSync } from 'node:fs';
import path from 'node:path';
import { FenceTracker } from '../line-scanner';
import { asInsertedText, noteMissingInclude, readFileInside } from '../included-files';

// `{* docs_src/first_steps/tutorial001.py hl[3] *}`, `{* ../../docs_src/x.py ln[3:6,8] hl[4] *}`
const includeLine = /^([ \t]*)\{\*\s*(\S+)\s*(.*?)\s*\*\}\s*$/;
const option = /(\w+)\[([^\]]*)\]/g;

/** Where code includes are looked up. */
export interface CodeIncludeFolders {
  /** Folders a relative path may start from, in order (the folder of `mkdocs.yml`, the docs folder…). */
  bases: readonly string[];
  /** No file outside this folder is read (see `repositoryRoot`). */
  root: string;
}

/**
 * Resolves the code includes of FastAPI-family docs (FastAPI, Typer, SQLModel: tiangolo's
 * `markdown_include_variants` over `mdx_include`), as text before parsing, like those
 * preprocessors: a line `{* path options *}` becomes a fenced code block of the file, in the
 * language its extension names (`.py` → `python`, `.toml` → `toml`).
 * - The path is relative to where MkDocs runs (the folder of `mkdocs.yml`: `docs_src/…`) or, as
 *   some pages write it, to the docs folder (`../docs_src/…`); `folders.bases` are tried in order.
 * - For `x.py` the recommended variant is shown, as the extension does: the first of
 *   `x_an_py310.py`, `x_an_py39.py`, `x_an.py`, `x_py310.py`, `x_py39.py`, `x.py` that exists.
 *   (Its other variants and the "full file preview" are collapsed copies, left out.)
 * - `ln[3:6,8]` keeps lines 3 to 6 and 8, with the extension's `# Code … omitted` lines where
 *   some are left out; `title["app/main.py"]` becomes the fence's title; `hl[…]` (highlighting)
 *   changes nothing here.
 * - A missing file, or one outside `folders.root`, is left out with its line, so the page reads on.
 * Lines inside fenced code are left alone (that is how docs show the syntax).
 */
export async function resolveCodeIncludes(source: string, folders: CodeIncludeFolders, dependencies: string[]): Promise<string> {
  if (!source.includes('{*')) return source;
  const lines = source.split('\n');
  const output: string[] = [];
  const fences = new FenceTracker();
  for (const line of lines) {
    const include = fences.inCode(line.trimStart()) ? null : includeLine.exec(line);
    if (include === null) {
      output.push(line);
      continue;
    }
    const [, indent = '', target = '', optionText = ''] = include;
    const block = await codeBlock(target, parseOptions(optionText), folders, dependencies);
    if (block !== undefined) output.push(...block.map((blockLine) => (blockLine === '' ? blockLine : indent + blockLine)));
  }
  return output.join('\n');
}

interface IncludeOptions {
  /** `ln[…]`: 1-based inclusive line ranges, sorted. */
  lines: Array<[number, number]>;
  /** `title["…"]`. */
  title?: string;
}

function parseOptions(text: string): IncludeOptions {
  const options: IncludeOptions = { lines: [] };
  for (const [, name, value = ''] of text.matchAll(option)) {
    if (name === 'ln') options.lines.push(...lineRanges(value));
    else if (name === 'title') options.title = value.trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  options.lines.sort((first, second) => first[0] - second[0] || first[1] - second[1]);
  return options;
}

/** `3:6, 8` → `[[3, 6], [8, 8]]`; parts that are not line numbers are skipped. */
function lineRanges(value: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const part of value.split(',')) {
    const match = /^\s*(\d+)\s*(?::\s*(\d+)\s*)?$/.exec(part);
    if (match === null) continue;
    const start = Number(match[1]);
    ranges.push([start, match[2] === undefined ? start : Number(match[2])]);
  }
  return ranges;
}

async function codeBlock(target: string, options: IncludeOptions, folders: CodeIncludeFolders, dependencies: string[]): Promise<string[] | undefined> {
  for (const base of folders.bases) {
    const file = preferredVariant(path.resolve(base, target));
    const stored = await readFileInside(folders.root, file);
    if (stored === undefined) {
      noteMissingInclude(folders.root, file, dependencies);
      continue;
    }
    const content = asInsertedText(stored);
    dependencies.push(file);
    const language = languageOf(file);
    const code = selectLines(content.split('\n'), options.lines, language === 'python' ? '# ' : undefined);
    const longestFence = Math.max(0, ...code.map((line) => /^\s*(`{3,})/.exec(line)?.[1]?.length ?? 0));
    const fence = '`'.repeat(Math.max(3, longestFence + 1));
    const title = options.title === undefined ? '' : ` title="${options.title.replace(/"/g, "'")}"`;
    return ['', `${fence}${language}${title}`, ...code, fence, ''];
  }
  return undefined;
}

/** The variant of a Python example the extension shows for `file` (see `resolveCodeIncludes`). */
function preferredVariant(file: string): string {
  if (!file.endsWith('.py')) return file;
  const stem = file.slice(0, -'.py'.length);
  const candidates = ['_an_py310', '_an_py39', '_an', '_py310', '_py39', ''].map((suffix) => `${stem}${suffix}.py`);
  return candidates.find((candidate) => existsSync(candidate)) ?? file;
}

const languages: Record<string, string> = { py: 'python', yml: 'yaml', md: 'markdown', sh: 'bash', txt: 'text', js: 'javascript', cfg: 'ini' };

/** The fence language for a file: from its extension (`.py` → `python`, `.toml` → `toml`), `text` without one. */
function languageOf(file: string): string {
  const extension = path.extname(file).slice(1).toLowerCase();
  if (extension === '') return 'text';
  return languages[extension] ?? extension;
}

/** The lines `ranges` keep, with a comment where lines are left out (when the language has `#` comments). */
function selectLines(lines: readonly string[], ranges: ReadonlyArray<[number, number]>, comment: string | undefined): string[] {
  if (ranges.length === 0) return [...lines];
  const output: string[] = [];
  ranges.forEach(([start, end], index) => {
    if (index === 0 && start > 1 && comment !== undefined) output.push(`${comment}Code above omitted 👆`, '');
    if (index > 0) output.push(...(comment === undefined ? [''] : ['', `${comment}Code here omitted 👈`, '']));
    output.push(...lines.slice(start - 1, end));
  });
  const last = ranges.at(-1)?.[1] ?? lines.length;
  if (last < lines.length && comment !== undefined) output.push('', `${comment}Code below omitted 👇`);
  return output;
}
