import type { Element, Root } from 'hast';

/**
 * Widest column span and tallest row span a table cell keeps before an HTML table becomes a
 * Markdown one. hast-util-to-mdast fills every spanned position with a cell and sets no limit:
 * `<td colspan="1000000000">` ran the process out of memory, which no error handler can catch.
 * No documentation table spans more than a few dozen columns; browsers stop at 1,000 columns and
 * 65,534 rows, sizes a plain-text table has no use for.
 */
const maximumColumnSpan = 100;
const maximumRowSpan = 1_000;

/**
 * Caps the `colspan` and `rowspan` of every table cell in `tree` (see {@link maximumColumnSpan}):
 * a span that is not a positive whole number becomes 1. Mutates `tree`; one walk.
 */
export function capTableSpans(tree: Root | Element): void {
  for (const child of tree.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'td' || child.tagName === 'th') {
      capSpan(child, 'colSpan', maximumColumnSpan);
      capSpan(child, 'rowSpan', maximumRowSpan);
    }
    capTableSpans(child);
  }
}

function capSpan(cell: Element, property: 'colSpan' | 'rowSpan', maximum: number): void {
  const value = cell.properties[property];
  if (value === undefined || value === null) return;
  const span = Number.parseInt(String(value), 10);
  cell.properties[property] = Number.isFinite(span) && span >= 1 ? Math.min(span, maximum) : 1;
}
