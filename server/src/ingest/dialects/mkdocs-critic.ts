import type { Nodes, Root } from 'mdast';

/** pymdownx.critic's `mode`: `view` (the default) shows the edits, `accept` and `reject` apply them. */
export type CriticMode = 'view' | 'accept' | 'reject';

/** A range of the text, `[start, end)`, that critic marks are not read in. */
export type TextRange = readonly [number, number];

interface Mark {
  /** What follows `{`. */
  open: string;
  /** What ends the mark. */
  close: string;
  /** What the text between becomes when the edits are accepted (or shown), and when rejected. */
  accepted: 'content' | 'nothing';
  rejected: 'content' | 'nothing';
}

const marks: readonly Mark[] = [
  { open: '++', close: '++}', accepted: 'content', rejected: 'nothing' },
  { open: '--', close: '--}', accepted: 'nothing', rejected: 'content' },
  { open: '==', close: '==}', accepted: 'content', rejected: 'content' },
  { open: '>>', close: '<<}', accepted: 'nothing', rejected: 'nothing' },
];
const substitution = { open: '~~', middle: '~>', close: '~~}' };
const anyMark = /\{(?:\+\+|--|==|>>|~~)/;
// After a removed edit, white space before these would be left hanging ("possible ." for "possible {>>…<<}.").
const closesText = new Set([undefined, ' ', '\t', '\n', '\r', '.', ',', ';', ':', '!', '?', ')']);

/** Whether a text holds anything that looks like a critic mark. */
export function hasCriticMarks(text: string): boolean {
  return anyMark.test(text);
}

/**
 * The ranges of a parsed page where critic marks are not read: code blocks, inline code and the
 * front matter (which MkDocs takes off before the Markdown extensions run), in order.
 */
export function criticFreeRanges(tree: Root): TextRange[] {
  const ranges: TextRange[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'code' || node.type === 'inlineCode' || node.type === 'yaml') {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start !== undefined && end !== undefined) ranges.push([start, end]);
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return ranges;
}

/**
 * Applies CriticMarkup edits the way a reader takes the page: `{++added++}` reads `added`,
 * `{--deleted--}` is gone, `{~~old~>new~~}` reads `new`, `{==marked==}` reads `marked` and a
 * `{>>comment<<}` is gone; with `mode: reject`, the other way round (`{--kept--}` and `old` stay,
 * additions go). In the default `view` mode the built page shows both sides, the deletion struck
 * through; it is left out here as in `accept`, since a quoted answer would otherwise present
 * removed text (an old option, a wrong value) as valid, and the edit's outcome is what the author
 * proposes.
 *
 * Like the extension (a preprocessor), marks may span lines and blocks (`{--` and `--}` on lines
 * of their own around a list); unlike it, they are not read inside code, inline code or front
 * matter (`skip`): critic marks in code are examples of the syntax. White space left before a
 * removed edit at the end of a word's run (`possible {>>note<<}.`) is dropped. One pass over the
 * text: each kind of closing mark is searched forward once.
 *
 * @param skip ranges of `text` not to read marks in, in order (see {@link criticFreeRanges}).
 */
export function applyCriticMarks(text: string, mode: CriticMode, skip: readonly TextRange[]): string {
  const find = forwardSearch(text);
  const inSkipped = skippedRangeTest(skip);
  const pieces: string[] = [];
  let copied = 0;
  let index = text.indexOf('{');
  while (index !== -1) {
    const edit = inSkipped(index) ? undefined : readEdit(text, index, mode, find, inSkipped);
    if (edit === undefined) {
      index = text.indexOf('{', index + 1);
      continue;
    }
    let before = text.slice(copied, index);
    if (edit.replacement === '' && closesText.has(text[edit.end])) {
      const trimmed = trimEndSpaces(before);
      // Spaces that open a line are its indentation (a list item's, a code block's), not a gap.
      const lineStart = index - (before.length - trimmed.length) - 1;
      if (lineStart >= 0 && text[lineStart] !== '\n') before = trimmed;
    }
    pieces.push(before, edit.replacement);
    copied = edit.end;
    index = text.indexOf('{', edit.end);
  }
  if (copied === 0) return text;
  pieces.push(text.slice(copied));
  return pieces.join('');
}

/** The edit whose `{` is at `index`: what replaces it and where it ends, or `undefined` when none is there. */
function readEdit(text: string, index: number, mode: CriticMode, find: (token: string, from: number) => number, inSkipped: (at: number) => boolean): { replacement: string; end: number } | undefined {
  const contentStart = index + 3;
  const kind = marks.find((mark) => text.startsWith(mark.open, index + 1));
  if (kind !== undefined) {
    const close = find(kind.close, contentStart);
    if (close === -1 || inSkipped(close)) return undefined;
    const keep = (mode === 'reject' ? kind.rejected : kind.accepted) === 'content';
    return { replacement: keep ? text.slice(contentStart, close) : '', end: close + kind.close.length };
  }
  if (!text.startsWith(substitution.open, index + 1)) return undefined;
  const middle = find(substitution.middle, contentStart);
  if (middle === -1 || inSkipped(middle)) return undefined;
  const close = find(substitution.close, middle + substitution.middle.length);
  if (close === -1 || inSkipped(close)) return undefined;
  const replacement = mode === 'reject' ? text.slice(contentStart, middle) : text.slice(middle + substitution.middle.length, close);
  return { replacement, end: close + substitution.close.length };
}

/**
 * `indexOf` for searches that only move forward: the last answer for each token is reused while
 * the search starts before it, so the closing marks of many unclosed openings are not searched for
 * again and again (which would take time quadratic in the page).
 */
function forwardSearch(text: string): (token: string, from: number) => number {
  const last = new Map<string, { from: number; at: number }>();
  return (token, from) => {
    const cached = last.get(token);
    if (cached !== undefined && from >= cached.from && (cached.at === -1 || from <= cached.at)) return cached.at;
    const at = text.indexOf(token, from);
    last.set(token, { from, at });
    return at;
  };
}

/** A test of whether an offset lies in one of `ranges` (in order), by binary search. */
function skippedRangeTest(ranges: readonly TextRange[]): (at: number) => boolean {
  return (at) => {
    let low = 0;
    let high = ranges.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const [start, end] = ranges[middle] as TextRange;
      if (at < start) high = middle - 1;
      else if (at >= end) low = middle + 1;
      else return true;
    }
    return false;
  };
}

/** The text without the spaces and tabs at its end. */
function trimEndSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return text.slice(0, end);
}
