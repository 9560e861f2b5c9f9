/**
 * Glob patterns over `/`-separated relative paths, as generators' configs write them (VitePress
 * `srcExclude`, Docusaurus docs `include`/`exclude`; both match with picomatch through their glob
 * libraries): `*` and `?` within one path segment, `**` across segments, `{a,b}` alternatives,
 * `[abc]` classes. Dot files match like any other. A pattern that cannot be read matches nothing.
 *
 * @example matchesGlob('guide/examples/a.md', '**\/guide/examples/*') === true
 * @example matchesGlob('docs/intro.mdx', '**\/*.{md,mdx}') === true
 */
export function matchesGlob(relativePath: string, pattern: string): boolean {
  const path = relativePath.replace(/^\.\//, '');
  // A pattern of `*`, `?` and literals only is matched without a regular expression: one with
  // many `*` (`*a*a*a*a*a*a*a*a*a*b`, from a docs folder's config) made the regex backtrack for
  // minutes; this matcher takes time proportional to the pattern's length times the path's.
  if (!/[[{\\]/.test(pattern)) return matchesWildcards(path, pattern.replace(/^\.\//, ''));
  return globRegExp(pattern)?.test(path) ?? false;
}

/**
 * `*`, `?` and `**` globs without a regular expression: `**` as a whole segment is any number of
 * segments (none included; a final one at least one), anywhere else it is a `*`.
 */
function matchesWildcards(path: string, pattern: string): boolean {
  const segments = path.split('/');
  const parts = pattern.split('/');
  // reachable[j]: the pattern's first parts match the path's first j segments.
  let reachable = new Array<boolean>(segments.length + 1).fill(false);
  reachable[0] = true;
  parts.forEach((part, index) => {
    const next = new Array<boolean>(segments.length + 1).fill(false);
    if (part === '**') {
      const last = index === parts.length - 1;
      // Any number of whole segments; the last part `**` takes at least one (the regex's `/.*`).
      let open = false;
      for (let j = 0; j <= segments.length; j++) {
        if (open) next[j] = true;
        if (reachable[j] === true) {
          if (!last) next[j] = true;
          open = true;
        }
      }
    } else {
      for (let j = 0; j < segments.length; j++) if (reachable[j] === true && matchesSegment(segments[j] as string, part)) next[j + 1] = true;
    }
    reachable = next;
  });
  return reachable[segments.length] === true;
}

/** One segment against `*` and `?` (the classic two-pointer wildcard match, no backtracking blow-up). */
function matchesSegment(text: string, pattern: string): boolean {
  let t = 0;
  let p = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    const wanted = pattern[p];
    if (wanted === '*') {
      while (pattern[p] === '*') p++;
      star = p;
      resume = t;
    } else if (wanted !== undefined && (wanted === '?' || wanted === text[t])) {
      p++;
      t++;
    } else if (star !== -1) {
      p = star;
      t = ++resume;
    } else return false;
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/** Whether a relative path matches any of the patterns. */
export function matchesAnyGlob(relativePath: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesGlob(relativePath, pattern));
}

/**
 * A matcher for gitignore-style lines, as MkDocs' `exclude_docs` and `draft_docs` take them: a
 * pattern without a slash matches a file or folder name at any depth, one with a slash (or a
 * leading one) is anchored at the docs folder, a trailing slash matches a folder's contents, `!`
 * takes a match back, and the last matching line decides. Blank lines and `#` comments are skipped.
 *
 * @example gitignoreMatcher('drafts/\n*.tmp.md\n!keep.tmp.md')('a/b.tmp.md') === true
 */
export function gitignoreMatcher(lines: string): (relativePath: string) => boolean {
  const rules = lines
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      let pattern = negated ? line.slice(1) : line;
      const folder = pattern.endsWith('/');
      pattern = pattern.replace(/\/+$/, '');
      const anchored = pattern.includes('/');
      pattern = pattern.replace(/^\/+/, '');
      const base = anchored ? pattern : `**/${pattern}`;
      return { negated, globs: folder ? [`${base}/**`] : [base, `${base}/**`] };
    });
  return (relativePath) => {
    let excluded = false;
    for (const rule of rules) if (matchesAnyGlob(relativePath, rule.globs)) excluded = !rule.negated;
    return excluded;
  };
}

const compiled = new Map<string, RegExp | undefined>();

function globRegExp(pattern: string): RegExp | undefined {
  if (compiled.has(pattern)) return compiled.get(pattern);
  let expression: RegExp | undefined;
  try {
    expression = new RegExp(`^${translate(pattern.replace(/^\.\//, ''))}$`);
  } catch {
    expression = undefined;
  }
  compiled.set(pattern, expression);
  return expression;
}

function translate(pattern: string): string {
  let out = '';
  let braces = 0;
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index] as string;
    if (character === '*') {
      if (pattern[index + 1] === '*') {
        const atStart = index === 0 || pattern[index - 1] === '/';
        const atEnd = index + 2 === pattern.length || pattern[index + 2] === '/';
        if (atStart && atEnd) {
          // `**/` is any number of whole segments (none included); a final `**` is anything.
          if (pattern[index + 2] === '/') {
            out += '(?:[^/]*/)*';
            index += 2;
          } else {
            out += '.*';
            index += 1;
          }
          continue;
        }
        index += 1;
      }
      out += '[^/]*';
    } else if (character === '?') {
      out += '[^/]';
    } else if (character === '{') {
      braces += 1;
      out += '(?:';
    } else if (character === '}' && braces > 0) {
      braces -= 1;
      out += ')';
    } else if (character === ',' && braces > 0) {
      out += '|';
    } else if (character === '[') {
      const end = pattern.indexOf(']', index + 2);
      if (end === -1) {
        out += '\\[';
        continue;
      }
      const body = pattern.slice(index + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\');
      out += `[${body}]`;
      index = end;
    } else if (character === '\\' && index + 1 < pattern.length) {
      index += 1;
      out += escapeCharacter(pattern[index] as string);
    } else {
      out += escapeCharacter(character);
    }
  }
  return out;
}

const escapeCharacter = (character: string) => character.replace(/[.+^$()|\\{}[\]]/g, '\\$&');
