import type { Code } from 'mdast';
import { markChanged } from '../mdast-edits';

// Shiki's diff notation, as words a reader of the plain code understands.
const diffMarks: Record<string, string> = { '--': 'removed', '++': 'added' };

/**
 * Removes what a code block shows only to the page's build, not to the reader:
 * - twoslash markup: everything above `// ---cut---` (or `---cut-before---`), everything below
 *   `// ---cut-after---`, compiler directives (`// @errors: 2304`, `// @filename: a.ts`,
 *   `// @noErrors`), and query or completion markers (`//    ^?`, `// ^|`, `//  ^^^`);
 * - VitePress/Shiki line annotations: `// [!code focus]`, `<!-- [!code hl] -->`; the diff marks
 *   `// [!code --]` and `// [!code ++]` become `// removed` and `// added` (in the line's own
 *   comment syntax), so the old line and the new one do not both read as valid code.
 *
 * @returns whether the code changed (it is then marked for re-serialization).
 */
export function cleanCodeBlock(node: Code): boolean {
  const original = node.value;
  let lines = original.split('\n');
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
