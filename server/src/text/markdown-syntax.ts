/**
 * Small facts of Markdown syntax that both reading the docs and quoting them need.
 */

/**
 * Wraps code in a fence longer than any run of backticks inside it, so the code cannot close it.
 *
 * @example fence('s = """\n```\n"""', 'python') === '````python\ns = """\n```\n"""\n````'
 */
export function fence(code: string, language: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`{3,}/g)].map((match) => match[0].length));
  const marker = '`'.repeat(longest + 1);
  return `${marker}${language}\n${code.replace(/\n+$/, '')}\n${marker}`;
}

/** Whether a position of one line or paragraph lies inside an inline code span (an odd number of backticks before it). */
export function insideCodeSpan(text: string, position: number): boolean {
  return (text.slice(0, position).match(/`/g)?.length ?? 0) % 2 === 1;
}

/**
 * A link reference's label as CommonMark matches it against definitions: case and runs of white
 * space aside.
 *
 * @example linkLabel(' Built-in  Themes ') === 'built-in themes'
 */
export function linkLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}
