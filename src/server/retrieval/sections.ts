import { Lexer } from 'marked';
import type { Token, Tokens } from 'marked';
import type { DocPage } from './docs-folder';
import { createSlugger } from './heading-slug';
import { inlineMarkdownToText } from './inline-text';

/** A part of a page between two headings (`#` to `###`): the unit retrieval returns and answers cite. */
export interface DocSection {
  /** Unique within a docs folder: `pagePath#anchor`, or `pagePath` for the intro. */
  id: string;
  /** URL path of the page, e.g. `/docs/theming`. */
  pagePath: string;
  /** Title of the page. */
  pageTitle: string;
  /** Plain text of the section's heading; the page title for the intro before the first heading. */
  heading: string;
  /** Headings above this one on the page (nearest last), e.g. `['Options']` for a `###` under `## Options`. */
  headingTrail: string[];
  /** GitHub-style slug of the heading, unique within the page; absent for the intro. */
  anchor?: string;
  /** Link to the section: `pagePath#anchor` (or `pagePath` for the intro), prefixed with `siteUrl` when configured. */
  url: string;
  /** Markdown of the section body, without its heading line; code blocks are always whole. */
  markdown: string;
  /** The page's `version` front matter. */
  version?: string;
  /** The page's `language` front matter. */
  language?: string;
  /** The page's `groups` front matter. */
  groups: string[];
}

/** Options of {@link splitIntoSections}. */
export interface SplitIntoSectionsOptions {
  /**
   * Origin (and optional base path) the docs are published at, put in front of every section URL.
   * Default: none, so URLs stay relative (`/docs/theming#dark-mode`).
   * @example { siteUrl: 'https://docs.example.com' }
   */
  siteUrl?: string;
}

const maximumSectionDepth = 3;

/**
 * Splits a page at its `#`, `##` and `###` headings. Code fences are kept whole (a `#` line in a
 * fence is code, not a heading); deeper headings stay inside their section. The text before the
 * first heading becomes an intro section without an anchor; sections with an empty body are left
 * out (their heading still takes its slug, so later anchors match the rendered page).
 *
 * Every heading on the page, at any depth, goes through one slugger in document order, exactly as
 * the page renderer does, so a repeated heading gets the same `-1`, `-2` suffix in both places.
 *
 * @example splitIntoSections(page, { siteUrl: 'https://docs.example.com' })
 */
export function splitIntoSections(page: DocPage, options: SplitIntoSectionsOptions = {}): DocSection[] {
  const siteUrl = (options.siteUrl ?? '').trim().replace(/\/+$/, '');
  const slug = createSlugger();
  const sections: DocSection[] = [];
  const trail: Array<{ depth: number; text: string }> = [];
  let current: { heading: string; headingTrail: string[]; anchor?: string; parts: string[] } = {
    heading: page.title,
    headingTrail: [],
    parts: [],
  };

  const finish = () => {
    const markdown = current.parts.join('').trim();
    if (markdown === '') return;
    const id = current.anchor === undefined ? page.path : `${page.path}#${current.anchor}`;
    const section: DocSection = {
      id,
      pagePath: page.path,
      pageTitle: page.title,
      heading: current.heading,
      headingTrail: current.headingTrail,
      url: siteUrl + id,
      markdown,
      groups: page.groups,
    };
    if (current.anchor !== undefined) section.anchor = current.anchor;
    if (page.version !== undefined) section.version = page.version;
    if (page.language !== undefined) section.language = page.language;
    sections.push(section);
  };

  // Block structure is all the split needs; skipping inline lexing makes indexing much faster.
  for (const token of new Lexer().blockTokens(page.markdown.replace(/\r\n?/g, '\n'), [])) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth <= maximumSectionDepth) {
      finish();
      const heading = token as Tokens.Heading;
      const text = inlineMarkdownToText(heading.text);
      while (trail.length > 0 && (trail.at(-1)?.depth ?? 0) >= heading.depth) trail.pop();
      current = { heading: text, headingTrail: trail.map((entry) => entry.text), anchor: slug(text), parts: [] };
      trail.push({ depth: heading.depth, text });
      continue;
    }
    for (const nested of nestedHeadings(token)) slug(inlineMarkdownToText(nested.text));
    current.parts.push(token.raw);
  }
  finish();
  return sections;
}

function* nestedHeadings(token: Token): Generator<Tokens.Heading> {
  if (token.type === 'heading') yield token as Tokens.Heading;
  if (token.type === 'list') {
    for (const item of (token as Tokens.List).items) for (const child of item.tokens) yield* nestedHeadings(child);
  } else if (token.type === 'blockquote') {
    for (const child of (token as Tokens.Blockquote).tokens) yield* nestedHeadings(child);
  }
}

/**
 * Pages read by `loadDocPages`, each split into its sections (plain-Markdown rules), ready for
 * `DocsIndex.fromPages`.
 */
export function pagesWithSections(pages: readonly DocPage[], options: SplitIntoSectionsOptions = {}): Array<DocPage & { sections: DocSection[] }> {
  return pages.map((page) => ({ ...page, sections: splitIntoSections(page, options) }));
}
