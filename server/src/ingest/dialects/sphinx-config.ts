import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsFolderError } from '../page-files';

/** The settings of a Sphinx `conf.py` the dialect reads (see {@link readSphinxConfig}). */
export interface SphinxConfig {
  /** The source folder: the one holding `conf.py`. */
  source: string;
  /** Every top-level assignment of a literal value, by name. */
  settings: Record<string, unknown>;
  /** Source suffixes read as pages: `.rst`, and `.md` with MyST (`source_suffix`, `extensions`). */
  suffixes: string[];
  /** `exclude_patterns`, plus Sphinx's own build and hidden folders. */
  excludePatterns: string[];
  /** `html_file_suffix`: `.html` unless set. */
  fileSuffix: string;
  /** `language`, when set. */
  language?: string;
  /** Whether `myst_parser` (or `myst_nb`) is among `extensions`: `.md` pages are MyST. */
  myst: boolean;
}

/**
 * Reads a `conf.py` without running it (a docs folder is data): every top-level `name = literal`
 * assignment whose value is a Python literal (strings, also implicitly joined and triple-quoted,
 * numbers, booleans, `None`, lists, tuples, dicts and sets of literals). Computed values read as
 * unset; Sphinx's defaults then apply.
 *
 * @throws DocsFolderError when the file cannot be read
 */
export async function readSphinxConfig(configFile: string): Promise<SphinxConfig> {
  let source: string;
  try {
    source = await readFile(configFile, 'utf8');
  } catch (error) {
    throw new DocsFolderError(configFile, `cannot read Sphinx's conf.py (${(error as Error).message})`);
  }
  const settings = pythonAssignments(source);
  // Extensions are often added conditionally (`extensions.extend([...])` for some builders): any
  // mention of MyST's extension, or a `myst_` setting, makes `.md` pages MyST.
  const myst = mentionsMyst(source);
  return sphinxConfigFrom(path.dirname(configFile), settings, myst);
}

/**
 * Whether a `conf.py` reads Markdown as MyST: it names `myst_parser` or `myst_nb` (extensions are
 * often added conditionally, `extensions.extend([...])` for some builders) or sets a `myst_` option.
 */
export function mentionsMyst(source: string): boolean {
  return /["']myst_(?:parser|nb)["']/.test(source) || /^myst_\w+\s*=/m.test(source);
}

/** The dialect's view of a `conf.py`'s literal settings (exported for tests). */
export function sphinxConfigFrom(sourceFolder: string, settings: Record<string, unknown>, mentionsMyst = false): SphinxConfig {
  const extensions = Array.isArray(settings.extensions) ? settings.extensions.filter((entry): entry is string => typeof entry === 'string') : [];
  const myst = mentionsMyst || extensions.some((extension) => extension === 'myst_parser' || extension === 'myst_nb');
  const suffixSetting = settings.source_suffix;
  const suffixes =
    typeof suffixSetting === 'string'
      ? [suffixSetting]
      : Array.isArray(suffixSetting)
        ? suffixSetting.filter((entry): entry is string => typeof entry === 'string')
        : suffixSetting !== null && typeof suffixSetting === 'object'
          ? Object.keys(suffixSetting)
          : ['.rst', ...(myst ? ['.md'] : [])];
  if (myst && !suffixes.includes('.md')) suffixes.push('.md');
  const excludes = Array.isArray(settings.exclude_patterns) ? settings.exclude_patterns.filter((entry): entry is string => typeof entry === 'string') : [];
  const fileSuffix = typeof settings.html_file_suffix === 'string' ? settings.html_file_suffix : '.html';
  const config: SphinxConfig = { source: sourceFolder, settings, suffixes, excludePatterns: ['_build', ...excludes], fileSuffix, myst };
  if (typeof settings.language === 'string' && settings.language.trim() !== '') config.language = settings.language.trim();
  return config;
}

/** The top-level `name = literal` assignments of a Python file (later ones win, as when it runs). */
export function pythonAssignments(source: string): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  const assignment = /^([A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=(?!=)[ \t]*/gm;
  for (const match of source.matchAll(assignment)) {
    const reader = new PythonLiteralReader(source, (match.index ?? 0) + match[0].length);
    const value = reader.value();
    if (value !== unreadable && reader.endsStatement()) settings[match[1] as string] = value;
    else delete settings[match[1] as string];
  }
  return settings;
}

const unreadable = Symbol('unreadable');
type Literal = unknown;

/** How deep literals nest before the value reads as unset (Python's own parser refuses about 200). */
const maximumLiteralDepth = 100;

class PythonLiteralReader {
  #source: string;
  #index: number;
  #depth = 0;

  constructor(source: string, index: number) {
    this.#source = source;
    this.#index = index;
  }

  /** Whether nothing but a comment follows the value on its line. */
  endsStatement(): boolean {
    const rest = /^[ \t]*(?:#[^\n]*)?(?:\n|$)/.exec(this.#source.slice(this.#index));
    return rest !== null;
  }

  #skip(newlines: boolean): void {
    const pattern = newlines ? /^(?:\s|#[^\n]*|\\\n)*/ : /^(?:[ \t]|\\\n)*/;
    this.#index += (pattern.exec(this.#source.slice(this.#index)) as RegExpExecArray)[0].length;
  }

  value(newlines = false): Literal | typeof unreadable {
    this.#skip(newlines);
    const rest = this.#source.slice(this.#index);
    if (/^[rRuUbB]{0,2}['"]/.test(rest)) {
      let text = '';
      // Adjacent strings join: `"a" "b"`, across lines inside brackets.
      for (;;) {
        const piece = this.#string();
        if (piece === undefined) return unreadable;
        text += piece;
        const save = this.#index;
        this.#skip(newlines);
        if (!/^[rRuUbB]{0,2}['"]/.test(this.#source.slice(this.#index))) {
          this.#index = save;
          return text;
        }
      }
    }
    const number = /^-?(?:\d[\d_]*\.?\d*(?:[eE][-+]?\d+)?|\.\d+)(?![\w.])/.exec(rest);
    if (number !== null) {
      this.#index += number[0].length;
      return Number(number[0].replace(/_/g, ''));
    }
    const keyword = /^(True|False|None)(?!\w)/.exec(rest);
    if (keyword !== null) {
      this.#index += keyword[0].length;
      return keyword[1] === 'True' ? true : keyword[1] === 'False' ? false : null;
    }
    const opener = rest[0];
    if (opener === '[' || opener === '(' || opener === '{') return this.#collection(opener);
    return unreadable;
  }

  #string(): string | undefined {
    const prefix = (/^[rRuUbB]{0,2}/.exec(this.#source.slice(this.#index)) as RegExpExecArray)[0];
    const raw = /r/i.test(prefix);
    this.#index += prefix.length;
    const quote = this.#source.startsWith('"""', this.#index) ? '"""' : this.#source.startsWith("'''", this.#index) ? "'''" : this.#source[this.#index];
    if (quote === undefined) return undefined;
    this.#index += quote.length;
    let text = '';
    while (this.#index < this.#source.length) {
      if (this.#source.startsWith(quote, this.#index)) {
        this.#index += quote.length;
        return text;
      }
      const character = this.#source[this.#index] as string;
      if (character === '\n' && quote.length === 1) return undefined;
      if (character === '\\' && !raw) {
        const next = this.#source[this.#index + 1] ?? '';
        const escapes: Record<string, string> = { n: '\n', t: '\t', '\\': '\\', "'": "'", '"': '"', '\n': '' };
        text += escapes[next] ?? `\\${next}`;
        this.#index += 2;
        continue;
      }
      if (character === '\\' && raw) {
        text += this.#source.slice(this.#index, this.#index + 2);
        this.#index += 2;
        continue;
      }
      text += character;
      this.#index++;
    }
    return undefined;
  }

  #collection(opener: string): Literal | typeof unreadable {
    if (this.#depth >= maximumLiteralDepth) return unreadable;
    this.#depth++;
    try {
      return this.#items(opener);
    } finally {
      this.#depth--;
    }
  }

  #items(opener: string): Literal | typeof unreadable {
    const closer = opener === '[' ? ']' : opener === '(' ? ')' : '}';
    this.#index++;
    const items: Literal[] = [];
    const entries: Array<[string, Literal]> = [];
    let isDict = false;
    for (;;) {
      this.#skip(true);
      if (this.#source[this.#index] === closer) {
        this.#index++;
        break;
      }
      const item = this.value(true);
      if (item === unreadable) return unreadable;
      this.#skip(true);
      if (opener === '{' && this.#source[this.#index] === ':') {
        isDict = true;
        this.#index++;
        const value = this.value(true);
        if (value === unreadable) return unreadable;
        entries.push([String(item), value]);
      } else items.push(item);
      this.#skip(true);
      const separator = this.#source[this.#index];
      if (separator === ',') this.#index++;
      else if (separator !== closer) return unreadable;
    }
    return isDict || (opener === '{' && items.length === 0) ? Object.fromEntries(entries) : items;
  }
}
