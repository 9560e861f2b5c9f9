import type { List, ListItem, Paragraph, PhrasingContent, RootContent } from 'mdast';
import { text } from '../mdast-edits';
import { stripHtml } from '../safe-markup';

/**
 * What VitePress' home layout (`layout: home`) shows from the page's front matter, as Markdown
 * blocks to put before the page's own content: the hero (`name` in bold, then its `text`; the
 * `tagline`; the `actions` as links) and the `features` as a list of bold titles (linked when
 * they have a `link`) with their `details`, as `<LinkCard>`s read. A home page is often nothing
 * else, and it is where a site says what its project is. Icons, images and values that are not
 * strings are left out; VitePress renders the strings as HTML, so their tags are dropped.
 * Nothing for any other layout.
 *
 * @example homePageBlocks({ layout: 'home', hero: { name: 'Acme', text: 'Fast docs' } }) // one paragraph: **Acme**: Fast docs
 */
export function homePageBlocks(frontMatter: Record<string, unknown>): RootContent[] {
  if (frontMatter.layout !== 'home') return [];
  const hero = recordOf(frontMatter.hero);
  const blocks: RootContent[] = [];
  const name = stringField(hero, 'name');
  const heading = stringField(hero, 'text');
  if (name !== undefined) blocks.push(paragraph([{ type: 'strong', children: [text(name)] }, ...(heading === undefined ? [] : [text(`: ${heading}`)])]));
  else if (heading !== undefined) blocks.push(paragraph([text(heading)]));
  const tagline = stringField(hero, 'tagline');
  if (tagline !== undefined) blocks.push(paragraph([text(tagline)]));
  const actions = listOf(hero.actions).flatMap((action) => {
    const label = stringField(action, 'text');
    return label === undefined ? [] : [linkedOrPlain(text(label), stringField(action, 'link'))];
  });
  if (actions.length > 0) blocks.push(paragraph(actions.flatMap((action, index) => (index === 0 ? [action] : [text(' · '), action]))));
  const features = listOf(frontMatter.features).flatMap(featureItem);
  if (features.length > 0) blocks.push({ type: 'list', ordered: false, spread: false, children: features } satisfies List);
  return blocks;
}

/** A feature as a list item: its title in bold (linked to its `link`), then `: ` and its details. */
function featureItem(feature: Record<string, unknown>): ListItem[] {
  const title = stringField(feature, 'title');
  const details = stringField(feature, 'details');
  const parts: PhrasingContent[] = [];
  if (title !== undefined) parts.push(linkedOrPlain({ type: 'strong', children: [text(title)] }, stringField(feature, 'link')));
  if (details !== undefined) parts.push(text(title === undefined ? details : `: ${details}`));
  return parts.length === 0 ? [] : [{ type: 'listItem', spread: false, children: [paragraph(parts)] }];
}

function linkedOrPlain(label: PhrasingContent, url: string | undefined): PhrasingContent {
  return url === undefined ? label : { type: 'link', url, children: [label] };
}

function paragraph(children: PhrasingContent[]): Paragraph {
  return { type: 'paragraph', children };
}

/** A string field as the reader sees it (tags dropped, `<br>` a space, as one line), or `undefined` when absent, blank or not a string. */
function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  if (typeof value !== 'string') return undefined;
  const visible = stripHtml(value.replace(/<br\s*\/?>/gi, ' ')).replace(/\s+/g, ' ').trim();
  return visible === '' ? undefined : visible;
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The objects of a list field (other entries skipped). */
function listOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((entry) => typeof entry === 'object' && entry !== null && !Array.isArray(entry)) : [];
}
