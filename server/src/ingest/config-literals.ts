/**
 * Reads literal settings out of a generator's JavaScript or TypeScript config file without
 * running it (a docs folder is data; executing its config would run arbitrary code).
 *
 * The source is tokenised (comments, strings, template literals and regular expressions are
 * recognised, so their contents never count), then a setting is looked up by property name:
 * `cleanUrls: true`, `'en/:rest*': ':rest*'`, `locales: { root: {…}, zh: {…} }`. A value is read
 * when it is written as a literal: strings, numbers, booleans, `null`, object and array literals
 * (recursively), template literals without `${}`, and identifiers bound by `const x = <literal>`
 * in the same file (so `locales,` shorthand resolves). Anything computed (calls, `process.env`,
 * imports) reads as `undefined`; such settings can be given in `docent.config.json` instead.
 */

/** Where {@link readConfigLiterals}' `setting` looks. */
export interface SettingLookup {
  /**
   * Properties the setting sits beside in the config object: only a property of the object that
   * holds the shallowest of these counts, and the setting is `undefined` when that object does
   * not have it. Astro's `base` is beside `integrations`; a Starlight sidebar entry's `base`
   * deep inside them is not the site's. Without any of them in the file, the shallowest property
   * counts. Default: the shallowest property, wherever it is.
   */
  beside?: readonly string[];
  /**
   * Keys the setting's value holds (any one of them): of the properties named so, the shallowest
   * whose value is an object with one of these keys counts, else the shallowest. Docusaurus' docs
   * plugin options (`docs: { routeBasePath, sidebarPath, … }`, deep in `presets`) are not
   * `themeConfig.docs: { sidebar: { hideable } }`, which sits shallower.
   */
  having?: readonly string[];
}

interface Token {
  kind: 'identifier' | 'string' | 'number' | 'punctuator' | 'computed-template';
  value: string;
  /** Brace/bracket/parenthesis depth the token sits at. */
  depth: number;
}

const regexAllowedAfter = new Set(['(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '&&', '||', '??', 'return', '=>']);

/**
 * Where a comment that opens at `index` ends (`// …` before its line break, `/* … *\/` after its
 * close, the end of the source when unclosed), or `undefined` when none opens there.
 */
export function commentEnd(source: string, index: number): number | undefined {
  if (source[index] !== '/') return undefined;
  if (source[index + 1] === '/') {
    const end = source.indexOf('\n', index);
    return end === -1 ? source.length : end;
  }
  if (source[index + 1] === '*') {
    const end = source.indexOf('*/', index + 2);
    return end === -1 ? source.length : end + 2;
  }
  return undefined;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let index = 0;
  const push = (kind: Token['kind'], value: string) => tokens.push({ kind, value, depth });
  while (index < source.length) {
    const character = source[index] as string;
    const afterComment = commentEnd(source, index);
    if (/\s/.test(character)) {
      index++;
    } else if (afterComment !== undefined) {
      index = afterComment;
    } else if (character === '"' || character === "'") {
      let value = '';
      index++;
      while (index < source.length && source[index] !== character && source[index] !== '\n') {
        if (source[index] === '\\') {
          value += unescape(source[index + 1] ?? '');
          index += 2;
        } else value += source[index++];
      }
      index++;
      push('string', value);
    } else if (character === '`') {
      let value = '';
      let computed = false;
      index++;
      while (index < source.length && source[index] !== '`') {
        if (source[index] === '\\') {
          value += unescape(source[index + 1] ?? '');
          index += 2;
        } else if (source[index] === '$' && source[index + 1] === '{') {
          computed = true;
          let braces = 0;
          do {
            if (source[index] === '{') braces++;
            else if (source[index] === '}') braces--;
            index++;
          } while (index < source.length && braces > 0);
        } else value += source[index++];
      }
      index++;
      push(computed ? 'computed-template' : 'string', value);
    } else if (/[A-Za-z_$]/.test(character)) {
      const match = /^[\w$]+/.exec(source.slice(index, index + 200)) as RegExpExecArray;
      push('identifier', match[0]);
      index += match[0].length;
    } else if (/\d/.test(character)) {
      const match = /^[\d_.xXa-fA-FoObBeE]+n?/.exec(source.slice(index, index + 100)) as RegExpExecArray;
      push('number', match[0]);
      index += match[0].length;
    } else if (character === '/' && (tokens.length === 0 || regexAllowedAfter.has(tokens.at(-1)?.value ?? ''))) {
      // A regular expression literal: skip it whole so its brackets and quotes do not count.
      let inClass = false;
      index++;
      while (index < source.length && source[index] !== '\n') {
        const current = source[index];
        if (current === '\\') index++;
        else if (current === '[') inClass = true;
        else if (current === ']') inClass = false;
        else if (current === '/' && !inClass) break;
        index++;
      }
      index++;
      while (/[a-z]/.test(source[index] ?? '')) index++;
      push('computed-template', '/regexp/');
    } else {
      const three = source.slice(index, index + 3);
      const two = source.slice(index, index + 2);
      const value = three === '...' ? three : ['=>', '&&', '||', '??', '?.'].includes(two) ? two : character;
      if (value === '}' || value === ']' || value === ')') depth--;
      push('punctuator', value);
      if (value === '{' || value === '[' || value === '(') depth++;
      index += value.length;
    }
  }
  return tokens;
}

function unescape(character: string): string {
  return ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[character] ?? character;
}

const closers = new Set([',', '}', ']', ')', ';']);

class LiteralReader {
  readonly #tokens: Token[];
  readonly #resolving = new Set<string>();

  constructor(source: string) {
    this.#tokens = tokenize(source);
  }

  /**
   * The value of the shallowest property `name: …` (or shorthand `name`), else of `const name = …`.
   * With `beside`, only a property of the object that holds the shallowest of those properties
   * counts (see {@link SettingLookup.beside}); with `having`, the shallowest whose value holds one
   * of those keys (see {@link SettingLookup.having}).
   */
  setting(name: string, lookup: SettingLookup = {}): unknown {
    if (lookup.having !== undefined) {
      const having = lookup.having;
      const byDepth = this.#properties([name]).sort((left, right) => (this.#tokens[left] as Token).depth - (this.#tokens[right] as Token).depth);
      for (const index of byDepth) {
        if (this.#tokens[index + 1]?.value !== ':') continue;
        const value = objectSetting(this.#value(index + 2).value);
        if (value !== undefined && having.some((key) => key in value)) return value;
      }
    }
    const beside = lookup.beside?.filter((other) => other !== name) ?? [];
    const anchor = beside.length === 0 ? undefined : this.#shallowest(beside);
    const index = anchor === undefined ? this.#shallowest([name]) : this.#properties([name]).find((property) => this.#sameObject(anchor, property));
    if (index === undefined) return anchor === undefined ? this.#variable(name) : undefined;
    if (this.#tokens[index + 1]?.value === ':') return this.#value(index + 2).value;
    return this.#variable(name);
  }

  /** Token indexes of the properties (`name: …` or shorthand `name`) named `names`, in order. */
  #properties(names: readonly string[]): number[] {
    const found: number[] = [];
    const tokens = this.#tokens;
    for (let index = 0; index < tokens.length - 1; index++) {
      const token = tokens[index] as Token;
      if ((token.kind !== 'identifier' && token.kind !== 'string') || !names.includes(token.value)) continue;
      const after = tokens[index + 1]?.value;
      const before = tokens[index - 1]?.value;
      const isProperty = after === ':' && tokens[index + 1]?.kind === 'punctuator' && before !== '?';
      const isShorthand = token.kind === 'identifier' && (after === ',' || after === '}') && (before === '{' || before === ',');
      if (isProperty || isShorthand) found.push(index);
    }
    return found;
  }

  /** The first of the shallowest properties named `names`. */
  #shallowest(names: readonly string[]): number | undefined {
    let best: number | undefined;
    for (const index of this.#properties(names)) {
      if (best === undefined || (this.#tokens[index] as Token).depth < (this.#tokens[best] as Token).depth) best = index;
    }
    return best;
  }

  /** Whether two properties belong to one object: same depth, and nothing between them closes it. */
  #sameObject(left: number, right: number): boolean {
    const depth = (this.#tokens[left] as Token).depth;
    if ((this.#tokens[right] as Token).depth !== depth) return false;
    for (let index = Math.min(left, right); index < Math.max(left, right); index++) if ((this.#tokens[index] as Token).depth < depth) return false;
    return true;
  }

  #variable(name: string): unknown {
    if (this.#resolving.has(name)) return undefined;
    const tokens = this.#tokens;
    for (let index = 0; index < tokens.length - 2; index++) {
      const keyword = tokens[index]?.value;
      if ((keyword === 'const' || keyword === 'let' || keyword === 'var') && tokens[index + 1]?.value === name && tokens[index + 2]?.value === '=') {
        this.#resolving.add(name);
        try {
          return this.#value(index + 3).value;
        } finally {
          this.#resolving.delete(name);
        }
      }
    }
    return undefined;
  }

  /** Parses the expression starting at `start`; unknown (computed) values come back `undefined`. */
  #value(start: number): { value: unknown; next: number } {
    const token = this.#tokens[start];
    if (token === undefined) return { value: undefined, next: start };
    let value: unknown;
    let next = start + 1;
    if (token.kind === 'punctuator' && token.value === '{') ({ value, next } = this.#object(start + 1));
    else if (token.kind === 'punctuator' && token.value === '[') ({ value, next } = this.#array(start + 1));
    else if (token.kind === 'string') value = token.value;
    else if (token.kind === 'number') value = Number(token.value.replace(/_/g, ''));
    else if (token.kind === 'punctuator' && token.value === '-' && this.#tokens[start + 1]?.kind === 'number') {
      value = -Number(this.#tokens[start + 1]?.value.replace(/_/g, ''));
      next = start + 2;
    } else if (token.kind === 'identifier') {
      if (token.value === 'true' || token.value === 'false') value = token.value === 'true';
      else if (token.value === 'null') value = null;
      else if (token.value !== 'undefined' && this.#tokens[start + 1]?.value !== '(' && this.#tokens[start + 1]?.value !== '.') value = this.#variable(token.value);
    }
    // `as const` and `satisfies T` keep the value; any other continuation makes it computed.
    const following = this.#tokens[next];
    if (following !== undefined && !(following.kind === 'punctuator' && closers.has(following.value))) {
      if (!(following.kind === 'identifier' && (following.value === 'as' || following.value === 'satisfies'))) value = undefined;
      next = this.#skipExpression(next, token.depth);
    }
    return { value, next };
  }

  #object(start: number): { value: Record<string, unknown>; next: number } {
    const result: Record<string, unknown> = {};
    let index = start;
    while (index < this.#tokens.length) {
      const token = this.#tokens[index] as Token;
      if (token.value === '}' && token.kind === 'punctuator') return { value: result, next: index + 1 };
      if (token.value === ',' && token.kind === 'punctuator') {
        index++;
        continue;
      }
      const after = this.#tokens[index + 1];
      const isKey = token.kind === 'identifier' || token.kind === 'string' || token.kind === 'number';
      if (isKey && after?.value === ':') {
        const parsed = this.#value(index + 2);
        result[token.value] = parsed.value;
        index = parsed.next;
      } else if (token.kind === 'identifier' && (after?.value === ',' || after?.value === '}')) {
        result[token.value] = this.#variable(token.value);
        index++;
      } else {
        index = this.#skipExpression(index + 1, token.depth);
      }
    }
    return { value: result, next: index };
  }

  #array(start: number): { value: unknown[]; next: number } {
    const result: unknown[] = [];
    let index = start;
    while (index < this.#tokens.length) {
      const token = this.#tokens[index] as Token;
      if (token.kind === 'punctuator' && token.value === ']') return { value: result, next: index + 1 };
      if (token.kind === 'punctuator' && token.value === ',') {
        index++;
        continue;
      }
      const parsed = this.#value(index);
      result.push(parsed.value);
      index = Math.max(parsed.next, index + 1);
    }
    return { value: result, next: index };
  }

  /** Index of the next `,` or `;` at `depth`, or of the bracket closing that depth. */
  #skipExpression(start: number, depth: number): number {
    let index = start;
    while (index < this.#tokens.length) {
      const token = this.#tokens[index] as Token;
      if (token.kind === 'punctuator' && closers.has(token.value)) {
        const isSeparator = token.value === ',' || token.value === ';';
        if ((isSeparator && token.depth === depth) || (!isSeparator && token.depth < depth)) return index;
      }
      index++;
    }
    return index;
  }
}

/**
 * Reads the literal settings of one config file; see the module comment for what counts as literal.
 *
 * @example
 * const config = readConfigLiterals("export default defineConfig({ cleanUrls: true, base: '/docs/' })");
 * config.setting('cleanUrls') === true; config.setting('base') === '/docs/'
 */
export function readConfigLiterals(source: string): { setting(name: string, lookup?: SettingLookup): unknown } {
  return new LiteralReader(source);
}

/** A literal setting as a string, else `undefined`. */
export function stringSetting(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A literal setting as a plain object, else `undefined`. */
export function objectSetting(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Whether a config value is a table (a TOML table, a YAML or JSON mapping): an object, not a list nor a date. */
export function isSettingsTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** A config value as a table (see {@link isSettingsTable}), `{}` when it is anything else. */
export function settingsTable(value: unknown): Record<string, unknown> {
  return isSettingsTable(value) ? value : {};
}

/**
 * A literal setting as a list of strings: `undefined` when it is not a list, or when one of its
 * entries could not be read as a string (`['a/**', ...extra]`): a list known only in part is not
 * the list the generator uses.
 */
export function stringListSetting(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.every((item): item is string => typeof item === 'string') ? value : undefined;
}

/** The entries of a literal list that could be read as strings (`[]` when it is not a list). */
export function stringEntries(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
