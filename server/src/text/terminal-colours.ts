// ESC [ parameters m: the SGR sequences terminals colour text with (`\x1b[31m`, `\x1b[2;36m`).
// eslint-disable-next-line no-control-regex -- the escape character starts every sequence.
const colourSequence = /\u001b\[[0-9;]*m/g;

/**
 * Terminal output without its colour codes: what a reader of a coloured block (Shiki's `ansi`
 * language, a notebook's printed output) sees, as text.
 *
 * @example withoutTerminalColours('\u001b[31mFAIL\u001b[39m src/a.test.ts') === 'FAIL src/a.test.ts'
 */
export function withoutTerminalColours(text: string): string {
  return text.includes('\u001b') ? text.replace(colourSequence, '') : text;
}
