import { isMap, isScalar, parseDocument } from 'yaml';
import type { Scalar } from 'yaml';

/** How the mkdocs-macros plugin renders a page's variables. */
export interface MacroSettings {
  /**
   * Variables whose value is a literal, by every name a page may use for them, as the page shows
   * them: `extra: { version: 2.0 }` gives `version`, `extra.version` and `config.extra.version`
   * all `'2.0'`.
   */
  variables: Record<string, string>;
  /** `render_by_default` (default `true`): with `false`, only pages with `render_macros: true` render. */
  renderByDefault: boolean;
  /** `j2_variable_start_string` (default `{{`). */
  start: string;
  /** `j2_variable_end_string` (default `}}`). */
  end: string;
}

// A variable reference: a name and attribute names (`version`, `config.extra.version`), nothing else.
const variablePath = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
// `{% raw %}` … `{% endraw %}` (with `-` whitespace control) shows Jinja syntax as written.
const rawOpening = /\{%-?\s*raw\s*-?%\}/g;
const rawClosing = /\{%-?\s*endraw\s*-?%\}/g;
// How deep nested `extra:` maps are followed (`extra.social.github.url`).
const maximumDepth = 6;

/**
 * Renders the variables of a page the way the mkdocs-macros plugin does, as a Jinja template, for
 * the part a static reading can know: `{{ version }}`, `{{ extra.version }}` or
 * `{{ config.extra.version }}` whose value is a literal of `mkdocs.yml`'s `extra:` (or of the
 * page's own front matter, which mkdocs-macros adds to them, also as `page.meta.name`) read as
 * that value. Everything else stays as written: macro calls (`{{ macro(…) }}`), filters
 * (`{{ x | upper }}`), whitespace control (`{{- x }}`), statements (`{% if … %}`, see the Jinja
 * paragraph rule of the dialect), variables a `main.py` defines, and `{% raw %}` regions.
 *
 * Like the plugin, the whole page is one template, code blocks included; the front matter is not.
 * A page whose front matter says `render_macros: false` (or, with `render_by_default: false`,
 * does not say `render_macros: true`) is left as written.
 */
export function renderMacroVariables(source: string, settings: MacroSettings): string {
  if (!source.includes(settings.start)) return source;
  const frontMatterEnd = frontMatterLength(source);
  // Line ends as Python reads them (a CRLF page's last value kept its \r); keys need not be unique
  // (the check is quadratic in the number of keys, and the page's front matter was parsed already).
  const frontMatter = source.slice(0, frontMatterEnd).replace(/\r\n?/g, '\n');
  const meta = frontMatterEnd === 0 ? undefined : parseDocument(frontMatter.replace(/^---[^\n]*\n/, '').replace(/\n(?:---|\.\.\.)\s*$/, ''), { version: '1.1', logLevel: 'silent', uniqueKeys: false });
  const render = meta?.get('render_macros');
  if (render === false || (!settings.renderByDefault && render !== true)) return source;
  const pageVariables = meta === undefined ? {} : literalVariables(meta.contents, ['', 'page.meta.']);
  const variables = { ...settings.variables, ...pageVariables };
  return source.slice(0, frontMatterEnd) + renderVariables(source.slice(frontMatterEnd), variables, settings);
}

/** Replaces each `{{ name }}` that names a known variable, outside `{% raw %}` regions, scanning once. */
function renderVariables(text: string, variables: Record<string, string>, settings: MacroSettings): string {
  let output = '';
  let index = 0;
  let rawAt = nextMatch(rawOpening, text, 0);
  while (index < text.length) {
    const start = text.indexOf(settings.start, index);
    if (rawAt !== undefined && rawAt.index < index) rawAt = nextMatch(rawOpening, text, index);
    if (start === -1) break;
    if (rawAt !== undefined && rawAt.index < start) {
      const closing = nextMatch(rawClosing, text, rawAt.index + rawAt.length);
      const after = closing === undefined ? text.length : closing.index + closing.length;
      output += text.slice(index, after);
      index = after;
      continue;
    }
    const end = text.indexOf(settings.end, start + settings.start.length);
    if (end === -1) break;
    const name = text.slice(start + settings.start.length, end).trim();
    const value = variablePath.test(name) && Object.hasOwn(variables, name) ? variables[name] : undefined;
    output += text.slice(index, start) + (value ?? text.slice(start, end + settings.end.length));
    index = end + settings.end.length;
  }
  return output + text.slice(index);
}

/** The next match of a global pattern from `from`, as its place and length. */
function nextMatch(pattern: RegExp, text: string, from: number): { index: number; length: number } | undefined {
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  return match === null ? undefined : { index: match.index, length: match[0].length };
}

/** The length of the page's `---` front matter block, with its closing line; 0 without one. */
function frontMatterLength(source: string): number {
  if (!/^---[ \t]*\r?\n/.test(source)) return 0;
  const closing = /\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(source);
  return closing === null ? 0 : closing.index + closing[0].length;
}

/**
 * The literal values of a YAML map (a node of a document read as YAML 1.1) by their dotted names,
 * each under every prefix given, formatted as Python's `str()` shows them (Jinja's rendering):
 * `True`, `None`, `2.0`. Nested maps give dotted names (`social.github`); lists, tagged values
 * (`!ENV`, `!!python/…`) and anything else are left out: a page using them keeps its markup.
 *
 * @example literalVariables(doc.get('extra', true)) // { version: '2.0', 'extra.version': '2.0', 'config.extra.version': '2.0' }
 */
export function literalVariables(map: unknown, prefixes: readonly string[] = ['', 'extra.', 'config.extra.']): Record<string, string> {
  const variables: Record<string, string> = {};
  const visit = (node: unknown, path: string, depth: number) => {
    if (!isMap(node) || depth > maximumDepth) return;
    for (const pair of node.items) {
      if (!isScalar(pair.key) || typeof pair.key.value !== 'string' || !/^[A-Za-z_]\w*$/.test(pair.key.value)) continue;
      const name = path + pair.key.value;
      const value = isScalar(pair.value) ? pythonString(pair.value) : undefined;
      if (value !== undefined) for (const prefix of prefixes) variables[prefix + name] = value;
      else visit(pair.value, `${name}.`, depth + 1);
    }
  };
  visit(map, '', 0);
  return variables;
}

/** A YAML 1.1 scalar as Python's `str()` shows what PyYAML reads (`True`, `None`, `2.0`), or `undefined` when tagged. */
function pythonString(scalar: Scalar): string | undefined {
  if (scalar.tag !== undefined && !scalar.tag.startsWith('tag:yaml.org,2002:')) return undefined;
  const value = scalar.value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value === null) return 'None';
  if (value instanceof Date) return scalar.source ?? undefined;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'nan';
    if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
    // PyYAML reads `2.0` as a float, which Python shows with its `.0`; JavaScript numbers lose it.
    const float = /[.eE]/.test(scalar.source ?? '') && !/^[-+]?0x/i.test(scalar.source ?? '');
    return float && Number.isInteger(value) && Math.abs(value) < 1e16 ? `${value}.0` : String(value);
  }
  return undefined;
}
