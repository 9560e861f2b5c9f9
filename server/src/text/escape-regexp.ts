/**
 * Text as a regular expression that matches it literally.
 *
 * @example new RegExp(escapeRegExp('a.b*')).test('a.b*') === true
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
