/**
 * A part of a page between two headings (`#` to `###`): the unit retrieval returns and answers
 * cite. Made by ingestion (`server/src/ingest`), with the anchors its generator gives.
 */
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
  /** The heading's anchor by the page's generator's rules, unique within the page; absent for the intro. */
  anchor?: string;
  /** Link to the section: `pagePath#anchor` (or `pagePath` for the intro), prefixed with `siteUrl` when configured. */
  url: string;
  /** The section body as plain GitHub-flavoured Markdown, without its heading line; code blocks are always whole. */
  markdown: string;
  /** The page's `version` front matter. */
  version?: string;
  /** The page's language (front matter, else its locale). */
  language?: string;
  /** The page's `groups` front matter. */
  groups: string[];
}

/** Where sections are published. */
export interface SplitIntoSectionsOptions {
  /**
   * Origin (and optional base path) the docs are published at, put in front of every section URL.
   * Default: none, so URLs stay relative (`/docs/theming#dark-mode`).
   * @example { siteUrl: 'https://docs.example.com' }
   */
  siteUrl?: string;
}
