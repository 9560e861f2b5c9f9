/**
 * Turns a Markdown heading into the anchor id used in section URLs and in the demo site's
 * rendered pages, GitHub-style: lower case, punctuation dropped, spaces to `-`.
 * Both sides must agree, so this is the only place that makes anchors.
 *
 * @example headingSlug('The `data-*` options!') === 'the-data--options'
 */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{Letter}\p{Number}\p{Mark}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * Hands out unique slugs within one page: a repeated heading gets `-1`, `-2`, … as GitHub does.
 */
export function createSlugger(): (heading: string) => string {
  const seen = new Map<string, number>();
  return (heading) => {
    const base = headingSlug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}
