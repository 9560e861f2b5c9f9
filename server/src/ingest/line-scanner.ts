const fenceOpener = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Rewrites a document line by line, outside fenced code only: `rewrite` sees each line that is
 * not inside (or opening/closing) a ``` or ~~~ fence, at any indentation, and returns its
 * replacement. For the few line-level syntaxes generators themselves handle as lines (container
 * fences, `{#id}` on heading lines), without touching code examples that show them.
 */
export function rewriteLinesOutsideFences(source: string, rewrite: (line: string) => string): string {
  const lines = source.split('\n');
  let fence: string | undefined;
  let changed = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const trimmed = line.trimStart();
    const fenceMatch = fenceOpener.exec(trimmed);
    if (fenceMatch?.[1] !== undefined) {
      const marker = fenceMatch[1];
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && trimmed.trim() === marker) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const replacement = rewrite(line);
    if (replacement !== line) {
      lines[index] = replacement;
      changed = true;
    }
  }
  return changed ? lines.join('\n') : source;
}
