import type { Code } from 'mdast';
import { markChanged } from '../mdast-edits';

/** What a marked line says to the reader. */
type Change = 'added' | 'removed';

/** One option of a code block's meta string, as Expressive Code reads it. */
interface MetaOption {
  key: string | undefined;
  /** `{1, 3-4}` a range, `/re/` a regexp, `"text"`, `'text'` or a bare `key=value` a string. */
  kind: 'range' | 'regexp' | 'string';
  value: string;
  /** Where the option starts in the meta string, so the last of two `lang` options wins. */
  index: number;
}

// Expressive Code's marker names, with the aliases it accepts; `mark` only highlights, so it has no word.
const changeOfKey = new Map<string, Change>([['ins', 'added'], ['add', 'added'], ['del', 'removed'], ['rem', 'removed']]);

// A quoted, regexp or range value, with an optional `key=` before it (Expressive Code's syntax).
const delimitedOption = /(?:\s|^)(?:([^\s'"/=]+)\s*=\s*)?(?:'((?:[^\\]|\\.)*?)'|"((?:[^\\]|\\.)*?)"|\/((?:[^\\]|\\.)*?)\/|\{((?:[^\\]|\\.)*?)\})(?=\s|$)/g;
const bareOption = /([^\s=]+)(?:\s*=\s*(\S+))?/g;

// The opening lines of a real diff (`--- a/x`, `+++ b/x`, `@@ -1 +1 @@`, `2c2`): its prefixes are the content.
const realDiffLine = /^(?:[*+-]{3}\s|@@\s|[0-9,]+[acd][0-9,]+\s*$)/;

const hashLanguages = new Set(['sh', 'bash', 'shell', 'zsh', 'fish', 'shellscript', 'console', 'shell-session', 'sh-session', 'shellsession', 'powershell', 'ps1', 'pwsh', 'yaml', 'yml', 'toml', 'ini', 'env', 'dotenv', 'properties', 'py', 'python', 'rb', 'ruby', 'r', 'perl', 'dockerfile', 'makefile', 'nix', 'graphql', 'gql', 'hcl', 'terraform', 'tf', 'elixir', 'ex', 'exs']);
const markupLanguages = new Set(['html', 'xml', 'svg', 'md', 'markdown', 'mdx', 'astro', 'vue', 'svelte']);
const blockCommentLanguages = new Set(['css', 'scss', 'sass', 'less', 'postcss']);
const dashLanguages = new Set(['sql', 'pgsql', 'plsql', 'plpgsql', 'lua', 'haskell', 'hs']);
const batchLanguages = new Set(['bat', 'batch', 'cmd']);

/**
 * Turns Expressive Code's change markers (Starlight's code blocks) into words in the code, so a
 * quoted block does not show the removed and the added lines as if both were valid code:
 * - `del={2, 5-7}` and `ins={3}` (also `rem=`, `add=`, labelled `ins={"A":3}`) mark whole lines;
 *   text markers (`del="text"`, `ins=/re/`) highlight text inside a line, which plain text cannot
 *   show, and are left out;
 * - ```` ```diff lang="js" ```` blocks: lines starting with `-` or `+` lose the prefix (with the
 *   indentation every line shares, as Expressive Code does) and are marked, and the block becomes
 *   `js`. A block whose first lines read like a real diff (`--- a/x`, `@@ … @@`) and a `diff`
 *   block without `lang` stay as written.
 *
 * A marked line ends in ` // removed` or ` // added`, in the language's comment syntax: `#` for
 * shells, YAML, TOML, Python, Ruby, HCL, Elixir and the like; `<!-- … -->` for HTML, XML, Markdown,
 * MDX, Vue, Svelte and Astro (`//` in an Astro component's `---` script); a block comment for CSS;
 * `--` for SQL and Lua; `REM` for batch files; `//` for JavaScript, C-like languages and anything
 * else, JSON included (its comments are invalid, but readers know `//` from JSONC, and a mark is
 * what tells the two lines apart). Blank lines are not marked. A line marked both ways reads as
 * added, as Expressive Code shows it. Plain highlights (`{1-3}`, `mark=`) carry no meaning for the
 * reader and are left out; the meta string is kept.
 *
 * @returns whether the code changed (it is then marked for re-serialization).
 */
export function applyChangeMarkers(node: Code): boolean {
  const options = parseMeta(node.meta ?? '');
  const language = options.findLast((option) => option.key === 'lang' && option.kind === 'string')?.value;
  let lines = node.value.split('\n');
  const lineChanges: Array<Change | undefined> = lines.map(() => undefined);
  const diff = node.lang === 'diff' && language !== undefined && !lines.slice(0, 4).some((line) => realDiffLine.test(line));
  if (diff) lines = takeDiffPrefixes(lines, lineChanges);
  for (const option of options) {
    const change = changeOfKey.get(option.key ?? '');
    // A string or regexp marker highlights text inside its lines, which plain text cannot show.
    if (change === undefined || option.kind !== 'range') continue;
    for (const number of lineNumbers(option.value, lines.length)) mark(lineChanges, number - 1, change);
  }
  const comment = commentSyntax(diff ? language : node.lang, lines);
  const marked = lines.map((line, index) => {
    const change = lineChanges[index];
    return change === undefined || line.trim() === '' ? line : `${line.trimEnd()} ${comment(change, index)}`;
  });
  const value = marked.join('\n');
  if (value === node.value && !diff) return false;
  node.value = value;
  if (diff) node.lang = language;
  markChanged(node);
  return true;
}

/** Records `change` for line `index`, an addition winning over a removal as in Expressive Code. */
function mark(changes: Array<Change | undefined>, index: number, change: Change): void {
  if (index < 0 || index >= changes.length) return;
  if (changes[index] !== 'added') changes[index] = change;
}

/**
 * The options of a meta string (`title="a.js" del={2} ins=/new/ wrap`) by Expressive Code's
 * rules: quoted, `/regexp/` and `{range}` values first, then bare `key=value` pairs (a bare
 * `key` alone, or `=true`/`=false`, is a flag and left out). A backslash escapes the closing
 * delimiter or another backslash.
 */
function parseMeta(meta: string): MetaOption[] {
  const options: MetaOption[] = [];
  // The meta with the delimited values blanked out, built once (piece by piece) for the bare pairs.
  const rest: string[] = [];
  let copied = 0;
  for (const match of meta.matchAll(delimitedOption)) {
    const [whole, key, single, double, regexp, range] = match;
    const kind = regexp !== undefined ? 'regexp' : range !== undefined ? 'range' : 'string';
    const closer = single !== undefined ? "'" : double !== undefined ? '"' : regexp !== undefined ? '/' : '}';
    const value = (single ?? double ?? regexp ?? range ?? '').replace(new RegExp(`\\\\(\\\\|\\${closer})`, 'g'), '$1');
    options.push({ key, kind, value, index: match.index });
    rest.push(meta.slice(copied, match.index), ' '.repeat(whole.length));
    copied = match.index + whole.length;
  }
  rest.push(meta.slice(copied));
  for (const match of rest.join('').matchAll(bareOption)) {
    const [, key, value] = match;
    if (value !== undefined && value !== 'true' && value !== 'false') options.push({ key, kind: 'string', value, index: match.index });
  }
  return options.sort((first, second) => first.index - second.index);
}

/**
 * The line numbers, from 1 to `lineCount`, of a range value (`1, 4, 7-8`, `"Label":5-7`), as
 * parse-numeric-range reads them for Expressive Code: `a-b` and `a..b` include `b`, `a...b` does
 * not, and `b-a` counts down. Numbers past the block are left out, so `{1-999999999}` costs no more
 * than the block's length.
 */
function lineNumbers(range: string, lineCount: number): number[] {
  const numbers: number[] = [];
  const unlabelled = range.replace(/^\s*(["']).+?\1:\s*/, '');
  for (const part of unlabelled.split(',').map((text) => text.trim())) {
    const span = /^(-?\d+)(?:(-|\.\.\.?|\u2025|\u2026|\u22EF)(-?\d+))?$/.exec(part);
    if (span === null) continue;
    const [, from = '', separator, to = from] = span;
    const [first, last] = [Number(from), Number(to)];
    // An exclusive range stops one short of `last`, on whichever side `first` is.
    const exclusive = separator === '...' || separator === '\u2026' || separator === '\u22EF';
    const low = first < last ? first : exclusive ? last + 1 : last;
    const high = first < last ? (exclusive ? last - 1 : last) : first;
    for (let number = Math.max(low, 1); number <= Math.min(high, lineCount); number++) numbers.push(number);
  }
  return numbers;
}

/**
 * A `diff` block's lines without their `+`/`-` prefixes, the changes recorded in `changes`.
 * Expressive Code removes the indentation every non-blank line shares, prefix included, else
 * just the prefix; `++` and `--` are content (`--flag`), not prefixes.
 */
function takeDiffPrefixes(lines: string[], changes: Array<Change | undefined>): string[] {
  const parsed = lines.map((line) => /^(([+-](?![+-]))?\s*)(.*)$/s.exec(line) ?? []);
  const shared = parsed.reduce((least, [, indentation = '', , content = '']) => (content.trim() === '' ? least : Math.min(least, indentation.length)), Infinity);
  return parsed.map(([line = '', , prefix], index) => {
    if (prefix !== undefined) mark(changes, index, prefix === '+' ? 'added' : 'removed');
    return line.slice(Number.isFinite(shared) && shared > 0 ? shared : prefix === undefined ? 0 : 1);
  });
}

/** How a line of `language` (the block's `lines`) ends in a comment saying `change`. */
function commentSyntax(language: string | null | undefined, lines: readonly string[]): (change: Change, index: number) => string {
  const name = (language ?? '').toLowerCase();
  if (hashLanguages.has(name)) return (change) => `# ${change}`;
  if (blockCommentLanguages.has(name)) return (change) => `/* ${change} */`;
  if (dashLanguages.has(name)) return (change) => `-- ${change}`;
  if (batchLanguages.has(name)) return (change) => `REM ${change}`;
  if (name === 'astro') {
    const scriptEnd = astroScriptEnd(lines);
    return (change, index) => (index > 0 && index < scriptEnd ? `// ${change}` : `<!-- ${change} -->`);
  }
  if (markupLanguages.has(name)) return (change) => `<!-- ${change} -->`;
  return (change) => `// ${change}`;
}

/** Where an Astro component's `---` fenced script (TypeScript) ends: its closing line, 0 without one at the top. */
function astroScriptEnd(lines: readonly string[]): number {
  if (lines[0]?.trim() !== '---') return 0;
  const closing = lines.findIndex((line, position) => position > 0 && line.trim() === '---');
  return closing === -1 ? lines.length : closing;
}
