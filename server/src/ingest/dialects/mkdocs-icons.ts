import type { Nodes, Parent, Text } from 'mdast';
import { markChanged, text } from '../mdast-edits';

/** One entry of attr_list's inline syntax (a regular expression source): `.class`, `#id` or `key=value`. */
export const attributeEntry = String.raw`(?:[.#][\w-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s"'}]+))`;
const attributes = String.raw`\{:?\s*((?:${attributeEntry}(?:\s+${attributeEntry})*)?)\s*\}`;
// Material's icon sets: `:material-check:`, `:fontawesome-brands-github:`, `:octicons-x-16:`, `:simple-python:`.
const iconSet = String.raw`(?:material|fontawesome|octicons|simple)-[\w-]+`;
// An icon (with its attribute list, if any), or any emoji shortcode styled by an attribute list; then the blanks after it.
const shortcode = new RegExp(String.raw`:(?:${iconSet}:(?:${attributes})?|[\w+-]+:${attributes})([ \t]*)`, 'g');
const titleAttribute = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|([^\s"'}]+))/;

/**
 * Takes Material's icon shortcodes (`:material-clock-fast:`, `:octicons-arrow-right-24:`) out of
 * the text directly in `parent`, with an attribute list styling them (`{ .lg .middle }`), and
 * any emoji shortcode that has one: a reader sees a picture there, no text. An icon's `title`
 * (`:material-check:{ title="Supported" }`) is what a screen reader says for it, like an image's
 * alt text, so it stays as text. Bare emoji shortcodes (`:warning:`) stay: they read as what they
 * show.
 *
 * Adjacent text nodes are read together (remark-directive's `:name` text directives, restored as
 * text, split a shortcode from its attribute list), and white space left at either end of
 * `parent` is trimmed.
 */
export function dropIconShortcodes(parent: Parent): void {
  const children = parent.children as Nodes[];
  let changed = false;
  for (let start = 0; start < children.length; start++) {
    if (children[start]?.type !== 'text') continue;
    let end = start + 1;
    while (children[end]?.type === 'text') end++;
    const value = (children.slice(start, end) as Text[]).map((node) => node.value).join('');
    let cleaned = value.replace(shortcode, (_match, iconAttributes?: string, emojiAttributes?: string, blanks = '') => {
      const title = titleAttribute.exec(iconAttributes ?? emojiAttributes ?? '');
      const titleText = title?.[1] ?? title?.[2] ?? title?.[3];
      return titleText === undefined || titleText === '' ? '' : titleText + blanks;
    });
    if (cleaned === value) continue;
    if (start === 0) cleaned = cleaned.trimStart();
    if (end === children.length) cleaned = cleaned.trimEnd();
    children.splice(start, end - start, ...(cleaned === '' ? [] : [text(cleaned)]));
    changed = true;
  }
  if (changed) markChanged(parent as Nodes);
}
