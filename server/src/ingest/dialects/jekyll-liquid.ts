import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { isSettingsTable } from '../config-literals';
import { withoutFrontMatter } from '../front-matter';
import { includedCharactersPerPage, readFileInsideSync, readIncludedFileSync } from '../included-files';
import { fencedCodeBlock } from '../line-scanner';
import { isInsideFolder } from '../../files/inside-folder';

/** What reading a page's Liquid needs from the site. */
export interface LiquidSite {
  /** The site's source folder (where `_config.yml` is). */
  source: string;
  /** No file outside this folder is read (see `includeBoundary`). */
  boundary: string;
  /** The site's config, `site.*` (keys as written). */
  config: Record<string, unknown>;
  /** `baseurl`, for `relative_url` (`''` at the root). */
  baseUrl: string;
  /** The folder of `{% include %}` files (`includes_dir`, default `_includes`). */
  includesDir: string;
  /** The folder of data files (`data_dir`, default `_data`). */
  dataDir: string;
}

/** The page whose Liquid is read. */
export interface LiquidPage {
  sourceFile: string;
  /** Its front matter: `page.*`. */
  frontMatter: Record<string, unknown>;
  /** Files the page's text came from besides its own (added to). */
  dependencies: string[];
}

interface Scope {
  site: LiquidSite;
  page: LiquidPage;
  /** `include.*`: the parameters of the include being read. */
  include?: Record<string, string>;
  /** Remaining characters includes may add to the page. */
  budget: { characters: number };
  depth: number;
  /** `site.data`, read once per page when asked for. */
  data: { value?: Record<string, unknown> };
  /** Variables of `{% for %}`, `{% assign %}` and `{% capture %}`. */
  variables: Record<string, unknown>;
}

/** An expression naming something this reading does not know (a plugin's, a loop over `site.pages`). */
const unknown = Symbol('unknown');

/**
 * A page's text with its Liquid read as Jekyll renders it before the Markdown, as far as that is
 * known without running plugins or loops over the site:
 * - `{% raw %}…{% endraw %}` is kept as written (how docs show Liquid), `{% comment %}` dropped;
 * - `{{ site.title }}`, `{{ site.data.ruby.version }}` (from `_data/`), `{{ page.title }}` and an
 *   include's `{{ include.x }}` show their value (`relative_url`/`absolute_url` add `baseurl`);
 *   other output (loop variables) shows nothing;
 * - `{% include file.md %}` and `{% include_relative x.html %}`: the file's text, its Liquid read
 *   with the include's parameters (an HTML widget's tags are then read as the page's HTML);
 * - `{% link _docs/x.md %}` and `{% post_url 2024-01-01-x %}`: a link to that file, which link
 *   resolution turns into its page's URL;
 * - `{% highlight ruby %}…{% endhighlight %}`: a fenced code block;
 * - `{% for x in site.data.items %}` loops over what this reading knows (data files, the page's
 *   front matter, other loops' items), `{% if %}`/`{% elsif %}`/`{% else %}` and `{% unless %}`
 *   decided on it (`==`, `!=`, `contains`, `and`, `or`, `empty`), `{% assign %}` and
 *   `{% capture %}` remembered; a loop over what it does not know (`site.pages`, a plugin's)
 *   shows nothing, and a condition on it its first branch; `{% case %}` and other tags
 *   (`{% seo %}`) nothing.
 */
export function renderLiquid(source: string, site: LiquidSite, page: LiquidPage): string {
  if (!source.includes('{%') && !source.includes('{{')) return source;
  return render(tokenize(source), { site, page, budget: { characters: includedCharactersPerPage }, depth: 0, data: {}, variables: {} });
}

type Token = { kind: 'text'; text: string } | { kind: 'tag'; name: string; markup: string } | { kind: 'output'; markup: string };

/**
 * The page as text, tags and outputs, read left to right in one pass: an opening `{%` or `{{`
 * without its closer leaves the rest as text (where Jekyll stops with a syntax error).
 */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const endRaw = /\{%-?\s*endraw\s*-?%\}/g;
  let position = 0;
  for (;;) {
    const tagAt = source.indexOf('{%', position);
    const outputAt = source.indexOf('{{', position);
    if (tagAt === -1 && outputAt === -1) break;
    const isTag = outputAt === -1 || (tagAt !== -1 && tagAt < outputAt);
    const start = isTag ? tagAt : outputAt;
    const close = source.indexOf(isTag ? '%}' : '}}', start + 2);
    if (close === -1) break;
    let inner = source.slice(start + 2, close);
    const trimBefore = inner.startsWith('-');
    const trimAfter = inner.endsWith('-') && inner.length > (trimBefore ? 1 : 0);
    inner = inner.slice(trimBefore ? 1 : 0, trimAfter ? -1 : undefined).trim();
    const before = source.slice(position, start);
    tokens.push({ kind: 'text', text: trimBefore ? withoutTrailingSpace(before) : before });
    position = close + 2;
    if (trimAfter) while (position < source.length && liquidSpace.has(source[position] as string)) position += 1;
    if (!isTag) {
      tokens.push({ kind: 'output', markup: inner });
      continue;
    }
    const name = /^\w+/.exec(inner)?.[0] ?? '';
    if (name === 'raw') {
      // `{% raw %}…{% endraw %}`: everything up to the end tag is text, `{{` and `{%` included.
      endRaw.lastIndex = position;
      const end = endRaw.exec(source);
      tokens.push({ kind: 'text', text: source.slice(position, end === null ? source.length : end.index) });
      position = end === null ? source.length : end.index + end[0].length;
      continue;
    }
    tokens.push({ kind: 'tag', name, markup: inner.slice(name.length).trim() });
  }
  tokens.push({ kind: 'text', text: source.slice(position) });
  return tokens;
}

// The white space Liquid's `-` trims (Ruby's `\s`).
const liquidSpace = new Set([' ', '\t', '\n', '\r', '\f', '\v']);

function withoutTrailingSpace(text: string): string {
  let end = text.length;
  while (end > 0 && liquidSpace.has(text[end - 1] as string)) end -= 1;
  return text.slice(0, end);
}

// Tags that open a block, with the tag that ends it.
const blockEnds: Record<string, string> = {
  if: 'endif',
  unless: 'endunless',
  for: 'endfor',
  tablerow: 'endtablerow',
  case: 'endcase',
  capture: 'endcapture',
  comment: 'endcomment',
  highlight: 'endhighlight',
};

const blockEndNames = new Set(Object.values(blockEnds));

function render(tokens: readonly Token[], scope: Scope): string {
  let output = '';
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (token.kind === 'text') output += token.text;
    else if (token.kind === 'output') output += shown(evaluate(token.markup, scope));
    else if (token.name === 'assign') {
      const assignment = /^([\w-]+)\s*=\s*([\s\S]+)$/.exec(token.markup);
      if (assignment !== null) scope.variables[assignment[1] ?? ''] = evaluate(assignment[2] ?? '', scope);
    } else {
      const endName = blockEnds[token.name];
      if (endName === undefined) {
        output += tagOutput(token.name, token.markup, scope);
        continue;
      }
      // The block's tokens up to its end tag (every block nested in it counted, whatever its
      // kind), and the places of its own `elsif`, `else` and `when` tags.
      let depth = 0;
      let end = index + 1;
      const branches: Array<{ at: number; name: string; markup: string }> = [{ at: index, name: token.name, markup: token.markup }];
      for (; end < tokens.length; end++) {
        const inner = tokens[end] as Token;
        if (inner.kind !== 'tag') continue;
        if (depth === 0 && inner.name === endName) break;
        if (blockEnds[inner.name] !== undefined) depth += 1;
        else if (blockEndNames.has(inner.name)) depth -= 1;
        else if (depth === 0 && (inner.name === 'else' || inner.name === 'elsif' || inner.name === 'when')) branches.push({ at: end, name: inner.name, markup: inner.markup });
      }
      const branchTokens = (position: number) => tokens.slice((branches[position]?.at ?? index) + 1, branches[position + 1]?.at ?? end);
      output += renderBlock(token.name, token.markup, branches, branchTokens, scope);
      index = end;
    }
  }
  return output;
}

function renderBlock(
  name: string,
  markup: string,
  branches: ReadonlyArray<{ name: string; markup: string }>,
  branchTokens: (position: number) => Token[],
  scope: Scope,
): string {
  switch (name) {
    case 'if':
    case 'unless': {
      for (let position = 0; position < branches.length; position++) {
        const branch = branches[position] as { name: string; markup: string };
        if (branch.name === 'else') return render(branchTokens(position), scope);
        const holds = condition(branch.markup, scope);
        // A condition on what is not known here shows its first branch, as the page most often means.
        if (holds === unknown) return render(branchTokens(0), scope);
        if ((name === 'unless' && position === 0) !== holds) return render(branchTokens(position), scope);
      }
      return '';
    }
    case 'for':
      return renderLoop(markup, branches, branchTokens, scope);
    case 'capture': {
      const variable = /^[\w-]+/.exec(markup)?.[0];
      if (variable !== undefined) scope.variables[variable] = render(branchTokens(0), scope);
      return '';
    }
    case 'highlight':
      return fencedCodeBlock(render(branchTokens(0), scope), markup.split(/\s+/)[0] ?? '');
    default:
      // `case`, `tablerow`, `comment`: nothing.
      return '';
  }
}

// `{% for filter in site.data.jekyll_filters %}` over a list (or a map's entries) this reading
// knows; `{% else %}` when it is empty. A loop over what it does not know (`site.pages`) shows nothing.
function renderLoop(markup: string, branches: ReadonlyArray<{ name: string }>, branchTokens: (position: number) => Token[], scope: Scope): string {
  const loop = /^([\w-]+)\s+in\s+(\S+)(.*)$/.exec(markup);
  if (loop === null) return '';
  const collection = evaluate(loop[2] ?? '', scope);
  if (collection === unknown) return '';
  let items: unknown[] = Array.isArray(collection) ? [...collection] : isSettingsTable(collection) ? Object.entries(collection) : [];
  const options = loop[3] ?? '';
  const offset = Number(/offset:\s*(\d+)/.exec(options)?.[1] ?? 0);
  const limit = /limit:\s*(\d+)/.exec(options)?.[1];
  items = items.slice(offset, limit === undefined ? undefined : offset + Number(limit));
  if (/\breversed\b/.test(options)) items.reverse();
  const elseAt = branches.findIndex((branch) => branch.name === 'else');
  if (items.length === 0) return elseAt === -1 ? '' : render(branchTokens(elseAt), scope);
  const body = branchTokens(0);
  const name = loop[1] ?? '';
  const outer = scope.variables[name];
  const outerLoop = scope.variables.forloop;
  let output = '';
  items.forEach((item, position) => {
    scope.variables[name] = item;
    scope.variables.forloop = { index: position + 1, index0: position, first: position === 0, last: position === items.length - 1, length: items.length };
    output += render(body, scope);
  });
  scope.variables[name] = outer;
  scope.variables.forloop = outerLoop;
  return output;
}

/** Whether a condition holds (`a`, `a == "b"`, `a != b`, `a contains "x"`, joined by `and`/`or`); {@link unknown} when it names what is not known. */
function condition(markup: string, scope: Scope): boolean | typeof unknown {
  // Liquid reads `and`/`or` from the right.
  const parts = markup.split(/\s+(and|or)\s+/);
  let result = comparison(parts.at(-1) ?? '', scope);
  for (let position = parts.length - 2; position > 0; position -= 2) {
    const left = comparison(parts[position - 1] ?? '', scope);
    if (left === unknown || result === unknown) return unknown;
    result = parts[position] === 'and' ? left && result : left || result;
  }
  return result;
}

function comparison(markup: string, scope: Scope): boolean | typeof unknown {
  const match = /^(.+?)\s*(==|!=|<>|>=|<=|>|<|\bcontains\b)\s*(.+)$/.exec(markup.trim());
  if (match === null) {
    const value = evaluate(markup, scope);
    return value === unknown ? unknown : truthy(value);
  }
  const left = evaluate(match[1] ?? '', scope);
  const right = evaluate(match[3] ?? '', scope);
  if (left === unknown || right === unknown) return unknown;
  switch (match[2]) {
    case '==':
      return same(left, right);
    case '!=':
    case '<>':
      return !same(left, right);
    case 'contains':
      return typeof left === 'string' ? typeof right === 'string' && left.includes(right) : Array.isArray(left) && left.some((item) => same(item, right));
    default: {
      if (typeof left !== 'number' || typeof right !== 'number') return false;
      return match[2] === '>' ? left > right : match[2] === '<' ? left < right : match[2] === '>=' ? left >= right : left <= right;
    }
  }
}

// Liquid's `empty` and `blank` equal an empty string, list or map; `nil` equals a missing value.
function same(left: unknown, right: unknown): boolean {
  const isEmpty = (value: unknown) => value === '' || (Array.isArray(value) && value.length === 0) || (isSettingsTable(value) && Object.keys(value).length === 0);
  if (right === emptyValue) return isEmpty(left) || (left === undefined || left === null);
  if (left === emptyValue) return isEmpty(right) || (right === undefined || right === null);
  if ((left === undefined || left === null) && (right === undefined || right === null)) return true;
  return left === right;
}

// Only `nil` and `false` are falsy in Liquid.
function truthy(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false;
}


const emptyValue = Symbol('empty');

// Filters that only escape or render a text the page shows as the same words.
const textFilters = new Set(['escape', 'escape_once', 'xml_escape', 'cgi_escape', 'uri_escape', 'url_encode', 'markdownify', 'smartify', 'strip_html', 'strip_newlines', 'normalize_whitespace', 'lstrip', 'rstrip', 'capitalize']);


function tagOutput(name: string, markup: string, scope: Scope): string {
  switch (name) {
    case 'include':
    case 'include_cached':
    case 'include_relative':
      return includeOutput(name === 'include_relative' ? name : 'include', markup, scope);
    case 'link':
    case 'post_url': {
      const target = markup.trim().split(/\s+/)[0] ?? '';
      const file = name === 'link' ? path.join(scope.site.source, target) : findPost(scope.site.source, target);
      if (file === undefined || !existsSync(file)) return '';
      const relative = path.relative(path.dirname(scope.page.sourceFile), file).split(path.sep).join('/');
      return relative.startsWith('.') ? relative : `./${relative}`;
    }
    default:
      return '';
  }
}

// `{% include note.md title="Heads up" %}`: the file from `_includes` (or beside the page), its Liquid read with the parameters.
function includeOutput(name: string, markup: string, scope: Scope): string {
  const [file = '', ...rest] = markup.split(/\s+/);
  if (file === '' || file.includes('{{') || scope.depth >= 8) return '';
  const folder = name === 'include' ? scope.site.includesDir : path.dirname(scope.page.sourceFile);
  const text = readIncludedFileSync(path.resolve(folder, file), { boundary: scope.site.boundary, dependencies: scope.page.dependencies }, scope.budget);
  if (text === undefined) return '';
  const parameters: Record<string, string> = {};
  for (const match of rest.join(' ').matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g)) {
    const value = match[2] ?? match[3] ?? shown(evaluate(match[4] ?? '', scope));
    parameters[match[1] ?? ''] = value;
  }
  return render(tokenize(withoutFrontMatter(text)), { ...scope, include: parameters, depth: scope.depth + 1 });
}

// `{% post_url 2024-01-05-release %}`: the post's file in `_posts` (or a folder of it).
function findPost(source: string, name: string): string | undefined {
  const posts = path.join(source, '_posts');
  if (!existsSync(posts)) return undefined;
  const base = path.basename(name);
  const walk = (folder: string): string | undefined => {
    for (const entry of readdirSync(folder)) {
      const full = path.join(folder, entry);
      if (statSync(full).isDirectory()) {
        const found = walk(full);
        if (found !== undefined) return found;
      } else if (entry.replace(/\.[^.]+$/, '') === base) return full;
    }
    return undefined;
  };
  return walk(posts);
}

/**
 * A Liquid expression's value: a literal, a variable (a loop's, an assignment's) or a path from
 * `site` (`site.data.*` from the data folder), `page` or `include`, then its filters. What names
 * anything else is {@link unknown}.
 */
function evaluate(markup: string, scope: Scope): unknown {
  const [expression = '', ...filters] = markup.split(/\|(?=(?:[^"']|"[^"]*"|'[^']*')*$)/).map((part) => part.trim());
  let value: unknown;
  const literal = /^"([^"]*)"$|^'([^']*)'$/.exec(expression);
  if (literal !== null) value = literal[1] ?? literal[2];
  else if (/^-?\d+(?:\.\d+)?$/.test(expression)) value = Number(expression);
  else if (expression === 'true' || expression === 'false') value = expression === 'true';
  else if (expression === 'nil' || expression === 'null') value = null;
  else if (expression === 'empty' || expression === 'blank') value = emptyValue;
  else {
    const parts = expression.split(/\.|\[["']?|["']?\]/).filter((part) => part !== '');
    const [head = '', ...rest] = parts;
    let current: unknown;
    let keys = rest;
    if (Object.hasOwn(scope.variables, head)) current = scope.variables[head];
    else if (head === 'site' && rest[0] === 'data') {
      current = siteData(scope);
      keys = rest.slice(1);
    } else if (head === 'site') current = scope.site.config;
    else if (head === 'page') current = scope.page.frontMatter;
    else if (head === 'include' && scope.include !== undefined) current = scope.include;
    else return unknown;
    for (const key of keys) {
      if (key === 'size' && (Array.isArray(current) || typeof current === 'string')) {
        current = current.length;
        continue;
      }
      if (key === 'first' && Array.isArray(current)) {
        current = current[0];
        continue;
      }
      if (Array.isArray(current) && /^\d+$/.test(key)) {
        current = current[Number(key)];
        continue;
      }
      if (!isSettingsTable(current)) return undefined;
      current = current[key];
    }
    value = current;
  }
  for (const filter of filters) {
    const name = /^\w+/.exec(filter)?.[0];
    if ((name === 'relative_url' || name === 'absolute_url') && typeof value === 'string') value = `${scope.site.baseUrl}/${value.replace(/^\/+/, '')}`;
    else if (name === 'slugify' && typeof value === 'string') value = value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
    else if (name === 'downcase' && typeof value === 'string') value = value.toLowerCase();
    else if (name === 'upcase' && typeof value === 'string') value = value.toUpperCase();
    else if (name === 'strip' && typeof value === 'string') value = value.trim();
    else if (name === 'size' && (Array.isArray(value) || typeof value === 'string')) value = value.length;
    else if (name === 'join' && Array.isArray(value)) value = value.map(shown).join(/join:\s*["']([^"']*)["']/.exec(filter)?.[1] ?? ' ');
    else if (name === 'default' && (value === undefined || value === null || value === '' || value === false)) value = evaluate(filter.replace(/^default:\s*/, ''), scope);
    else if (name === 'default' || (name !== undefined && textFilters.has(name))) continue;
    // A filter this reading does not apply (`where`, `sort`, `date`) would change the value.
    else if (name !== 'relative_url' && name !== 'absolute_url' && name !== 'slugify' && name !== 'downcase' && name !== 'upcase' && name !== 'strip' && name !== 'size' && name !== 'join') return unknown;
  }
  return value;
}

function shown(value: unknown): string {
  if (value === unknown || value === emptyValue) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

// `site.data`: the data folder's YAML and JSON files, by name, folders nested; only inside the project.
function siteData(scope: Scope): Record<string, unknown> {
  if (scope.data.value !== undefined) return scope.data.value;
  const read = (folder: string, depth: number): Record<string, unknown> => {
    const data: Record<string, unknown> = {};
    if (!existsSync(folder) || depth > 4 || !isInsideFolder(scope.site.boundary, folder)) return data;
    for (const entry of readdirSync(folder)) {
      const full = path.join(folder, entry);
      if (statSync(full).isDirectory()) data[entry] = read(full, depth + 1);
      else if (/\.(?:ya?ml|json)$/i.test(entry)) {
        const text = readFileInsideSync(scope.site.boundary, full);
        if (text === undefined) continue;
        try {
          data[entry.replace(/\.[^.]+$/, '')] = entry.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
          scope.page.dependencies.push(full);
        } catch {
          // A data file that cannot be read gives nothing, as a missing key does.
        }
      }
    }
    return data;
  };
  scope.data.value = read(scope.site.dataDir, 0);
  return scope.data.value;
}
