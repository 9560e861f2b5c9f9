const fenceOpener = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Rewrites a document line by line, outside fenced code only: `rewrite` sees each line that is
 * not inside (or opening/closing) a ``` or ~~~ fence, at any indentation, and returns its
 * replacement. For the few line-level syntaxes generators themselves handle as lines (container
 * fences, `{#id}` on heading lines), without touching code examples that show them.
 */
export function rewriteLinesOutsideFences(source: string, rewrite: (line: string) => string): string {
  const lines = source.split('\n');
  const fences = new FenceTracker();
  let changed = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (fences.inCode(line.trimStart())) continue;
    const replacement = rewrite(line);
    if (replacement !== line) {
      lines[index] = replacement;
      changed = true;
    }
  }
  return changed ? lines.join('\n') : source;
}

/**
 * Follows ``` and ~~~ fenced code through a document read line by line, as CommonMark closes
 * fences: by a line of the same character, at least as long, with nothing after it.
 *
 * @example const fences = new FenceTracker(); for (const line of lines) if (!fences.inCode(line)) …
 */
export class FenceTracker {
  #fence: string | undefined;

  /**
   * Reads the next line and tells whether it is code: it opens or closes a fence, or lies inside
   * one. Give the line as written to allow a fence indented up to three spaces, or trimmed to
   * allow any indentation (fences inside list items and blocks).
   */
  inCode(line: string): boolean {
    const marker = fenceOpener.exec(line)?.[1];
    if (marker === undefined) return this.#fence !== undefined;
    if (this.#fence === undefined) this.#fence = marker;
    else if (marker[0] === this.#fence[0] && marker.length >= this.#fence.length && line.trim() === marker) this.#fence = undefined;
    return true;
  }
}

/**
 * A fenced code block of `content` as a template language writes one (Hugo's `highlight`,
 * Jekyll's `{% highlight %}`): blank first and last lines and the lines' common indentation
 * removed, fenced with more backticks than the code holds in a row, each line at `indent`, with a
 * line break before and after.
 *
 * @example fencedCodeBlock('\n  x = 1\n', 'py') === '\n```py\nx = 1\n```\n'
 */
export function fencedCodeBlock(content: string, language: string, indent = ''): string {
  const lines = content.replace(/^\s*\n/, '').replace(/\n\s*$/, '').split('\n');
  const common = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0));
  const code = lines.map((line) => line.slice(Number.isFinite(common) ? common : 0));
  const longestRun = Math.max(2, ...code.map((line) => Math.max(0, ...[...line.matchAll(/`+/g)].map((run) => run[0].length))));
  const fence = '`'.repeat(longestRun + 1);
  return `\n${indent}${fence}${language.replace(/[^\w#+.-]/g, '')}\n${code.map((line) => (line === '' ? '' : `${indent}${line}`)).join('\n')}\n${indent}${fence}\n`;
}
