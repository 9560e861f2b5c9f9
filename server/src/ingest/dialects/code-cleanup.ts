import type { Code } from 'mdast';
import { markChanged } from '../mdast-edits';
import { escapeRegExp } from '../../text/escape-regexp';
import { withoutTerminalColours } from '../../text/terminal-colours';

// Shiki's diff notation, as words a reader of the plain code understands.
const diffMarks: Record<string, string> = { '--': 'removed', '++': 'added' };

/**
 * Removes what a code block shows only to the page's build, not to the reader:
 * - twoslash markup: everything above `// ---cut---` (or `---cut-before---`), everything below
 *   `// ---cut-after---`, compiler directives (`// @errors: 2304`, `// @filename: a.ts`,
 *   `// @noErrors`), and query or completion markers (`//    ^?`, `// ^|`, `//  ^^^`);
 * - terminal colour codes (`\x1b[31m`), as Shiki's `ansi` language shows output imported from
 *   a `.ansi` file;
 * - VitePress/Shiki line annotations: `// [!code focus]`, `<!-- [!code hl] -->`; the diff marks
 *   `// [!code --]` and `// [!code ++]` become `// removed` and `// added` (in the line's own
 *   comment syntax), so the old line and the new one do not both read as valid code.
 *
 * @returns whether the code changed (it is then marked for re-serialization).
 */
export function cleanCodeBlock(node: Code): boolean {
  const original = node.value;
  let lines = withoutTerminalColours(original).split('\n');
  const cut = lines.findIndex((line) => /^\s*\/\/\s*---cut(?:-before)?---\s*$/.test(line));
  if (cut !== -1) lines = lines.slice(cut + 1);
  const cutAfter = lines.findIndex((line) => /^\s*\/\/\s*---cut-after---\s*$/.test(line));
  if (cutAfter !== -1) lines = lines.slice(0, cutAfter);
  const twoslash = cut !== -1 || cutAfter !== -1 || /\btwoslash\b/.test(node.meta ?? '');
  lines = lines.filter((line) => {
    if (!twoslash) return true;
    if (/^\s*\/\/\s*@[a-zA-Z]+(?::.*)?$/.test(line)) return false;
    return !/^\s*\/\/\s*\^[?|^]*\s*$/.test(line) && !/^\s*\/\/\s*\^+\s*$/.test(line);
  });
  // A range mark (`[!code --:3]`) marks its line and the lines after it.
  let rangeLeft = 0;
  let rangeMark = { opener: '//', closer: undefined as string | undefined, change: '' };
  lines = lines.map((line) => {
    let marked = false;
    const cleaned = line.replace(/(\s*)(\/\/|#|<!--|\/\*)\s*\[!code ([^\]]*)\]\s*(-->|\*\/)?\s*$/, (_whole, space: string, opener: string, annotation: string, closer: string | undefined) => {
      // A diff's lines say what to remove and what to add: without the mark both read as valid.
      const [kind = '', count] = annotation.trim().split(':');
      const change = diffMarks[kind.trim()];
      if (change === undefined) return '';
      marked = true;
      rangeLeft = Math.max(0, Number(count ?? 1) - 1);
      rangeMark = { opener, closer, change };
      return `${space || ' '}${opener} ${change}${closer === undefined ? '' : ` ${closer}`}`;
    });
    if (marked || rangeLeft === 0 || cleaned.trim() === '') return cleaned;
    rangeLeft -= 1;
    return `${cleaned} ${rangeMark.opener} ${rangeMark.change}${rangeMark.closer === undefined ? '' : ` ${rangeMark.closer}`}`;
  });
  const value = lines.join('\n');
  if (value === original) return false;
  node.value = value;
  markChanged(node);
  return true;
}

/**
 * Whether a code block is rendered by twoslash: `twoslash` in its meta (```` ```ts twoslash ````)
 * or as its language. Sites on Prism or Expressive Code without the twoslash plugin never mark a
 * block so, so only these have their twoslash markup removed (see {@link cleanCodeBlock}).
 */
export function isTwoslashBlock(node: Code): boolean {
  return node.lang === 'twoslash' || /(?:^|\s)twoslash(?:\s|$)/.test(node.meta ?? '');
}

/**
 * Whether a block only defines code for other blocks (shiki-twoslash's ```` ```twoslash include
 * router ````, pulled in with `// @include: router`): the site does not show it.
 */
export function isTwoslashInclude(node: Code): boolean {
  return node.lang === 'twoslash' && /^include\b/.test((node.meta ?? '').trim());
}

/** One kind of Docusaurus magic comment (`themeConfig.prism.magicComments`): a line mark, a block mark, or both. */
export interface MagicComment {
  /** Marks the line after it, e.g. `highlight-next-line`. */
  line?: string;
  /** Marks the lines between two comments, e.g. `highlight-start` and `highlight-end`. */
  block?: { start: string; end: string };
}

/** Docusaurus' default magic comments (replaced, not extended, by a site's own list). */
export const defaultMagicComments: readonly MagicComment[] = [{ line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } }];

// Docusaurus' comment syntaxes, as regular expression sources of their opening and closing marks.
const commentSyntaxes = {
  js: ['//', ''],
  jsBlock: ['/\\*', '\\*/'],
  jsx: ['\\{\\s*/\\*', '\\*/\\s*\\}'],
  bash: ['#', ''],
  html: ['<!--', '-->'],
  lua: ['--', ''],
  wasm: [';;', ''],
  tex: ['%', ''],
  vb: ["['‘’]", ''],
  vbnet: ["(?:_\\s*)?['‘’]", ''],
  rem: ['[Rr][Ee][Mm]\\b', ''],
  f90: ['!', ''],
  ml: ['\\(\\*', '\\*\\)'],
  cobol: ['\\*>', ''],
} as const;

type CommentSyntax = keyof typeof commentSyntaxes;

// Which comment syntaxes Docusaurus recognises in a language; any other language gets the popular five.
const syntaxesOfLanguage: Record<string, CommentSyntax[]> = {
  js: ['js', 'jsBlock'],
  javascript: ['js', 'jsBlock'],
  ts: ['js', 'jsBlock'],
  typescript: ['js', 'jsBlock'],
  jsx: ['js', 'jsBlock', 'jsx'],
  tsx: ['js', 'jsBlock', 'jsx'],
  html: ['js', 'jsBlock', 'html'],
  python: ['bash'],
  py: ['bash'],
  bash: ['bash'],
  markdown: ['html', 'jsx', 'bash'],
  md: ['html', 'jsx', 'bash'],
  tex: ['tex'],
  latex: ['tex'],
  matlab: ['tex'],
  lua: ['lua'],
  haskell: ['lua'],
  sql: ['lua', 'jsBlock'],
  wasm: ['wasm'],
  vb: ['vb', 'rem'],
  vba: ['vb', 'rem'],
  'visual-basic': ['vb', 'rem'],
  vbnet: ['vbnet', 'rem'],
  batch: ['rem'],
  basic: ['rem', 'f90'],
  fsharp: ['js', 'ml'],
  ocaml: ['ml'],
  sml: ['ml'],
  fortran: ['f90'],
  cobol: ['cobol'],
};
const popularSyntaxes: CommentSyntax[] = ['js', 'jsBlock', 'jsx', 'bash', 'html'];


/**
 * Removes Docusaurus' magic comments from a code block, as its theme does before showing the
 * code: a line holding only a comment such as `// highlight-next-line`, `# highlight-start` or
 * `<!-- highlight-end -->`, or the same in a JSX comment (in the comment syntaxes Docusaurus
 * recognises for the block's language, else `defaultLanguage`'s, else every popular one). Like
 * Docusaurus, a block whose meta string gives a line range (`{1,3-4}`) is left as written.
 *
 * @returns whether the code changed (it is then marked for re-serialization).
 */
export function removeMagicComments(node: Code, comments: readonly MagicComment[], defaultLanguage?: string): boolean {
  if (/\{[\d,-]+\}/.test(node.meta ?? '')) return false;
  const directives = comments.flatMap((comment) => [comment.line, comment.block?.start, comment.block?.end]).filter((directive): directive is string => directive !== undefined && directive !== '');
  if (directives.length === 0) return false;
  const language = (node.lang ?? defaultLanguage ?? 'text').toLowerCase();
  const alternatives = directives.map(escapeRegExp).join('|');
  const syntaxes = (syntaxesOfLanguage[language] ?? popularSyntaxes).map((syntax) => {
    const [opener, closer] = commentSyntaxes[syntax];
    return `${opener}\\s*(?:${alternatives})\\s*${closer}`;
  });
  // Matched against the trimmed line: trailing space before `$` after a `\s*` would be tried every
  // way (a comment line followed by 20,000 spaces took 0.7 s).
  const magicLine = new RegExp(`^(?:${syntaxes.join('|')})$`);
  const lines = node.value.split('\n');
  const kept = lines.filter((line) => !magicLine.test(line.trim()));
  if (kept.length === lines.length) return false;
  node.value = kept.join('\n');
  markChanged(node);
  return true;
}
