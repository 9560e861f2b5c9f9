import { createHash } from 'node:crypto';
import type { DocSection } from '../sections';

/**
 * Most characters of a section that are embedded. About 500 tokens: within every common
 * embedding model's context (nomic-embed-text's default is 2,048 tokens), and a longer text
 * mostly dilutes what the section's opening says it is about.
 */
export const maximumEmbeddedCharacters = 2_000;

/**
 * The text a section is embedded as: its page title, the headings above it, its heading, then
 * its Markdown, cut at a word boundary to {@link maximumEmbeddedCharacters}. The headings come
 * first because they name the topic the body's words are about.
 *
 * @example sectionEmbeddingText(section) // 'Theming\nTheming › Change the accent color\n\nSet the `accent` option…'
 */
export function sectionEmbeddingText(section: DocSection): string {
  const headings = [...section.headingTrail, section.heading].filter((heading) => heading.trim() !== '');
  const text = `${section.pageTitle}\n${headings.join(' › ')}\n\n${section.markdown}`.trim();
  if (text.length <= maximumEmbeddedCharacters) return text;
  const cut = text.slice(0, maximumEmbeddedCharacters);
  const boundary = cut.search(/\s\S*$/);
  return boundary > maximumEmbeddedCharacters / 2 ? cut.slice(0, boundary) : cut;
}

/** Bytes of a {@link contentHash}. */
export const contentHashBytes = 16;

/**
 * The key an embedding is cached under: the first 16 bytes of the SHA-256 of the embedded text,
 * as hex. The same text has the same vector, whichever page or domain it came from.
 */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest().subarray(0, contentHashBytes).toString('hex');
}
