import type { DocSection } from './sections';
import { canonicalPagePath } from '../../../src/client/page-address.js';

/**
 * Restricts a search to sections whose page front matter matches. A section passes when it
 * matches every field given: `version` and `language` exactly (ignoring case), `groups` when the
 * page shares at least one group with the filter. A page without the field does not match it.
 */
export interface SearchFilter {
  /** Only pages with this `version`, e.g. `'v2'`. */
  version?: string;
  /** Only pages with this `language`, e.g. `'en'`. */
  language?: string;
  /** Only pages in at least one of these groups. */
  groups?: string | string[];
}

/**
 * The test a section must pass for a filter, or `undefined` when the filter restricts nothing
 * (absent, `null`, or only empty fields).
 */
export function sectionFilter(filter: SearchFilter | null | undefined): ((section: DocSection) => boolean) | undefined {
  if (!filter) return undefined;
  const version = filter.version?.trim().toLowerCase();
  const language = filter.language?.trim().toLowerCase();
  const groupList = filter.groups === undefined ? undefined : Array.isArray(filter.groups) ? filter.groups : [filter.groups];
  // An empty list restricts nothing, like an absent one.
  const groups = groupList === undefined || groupList.length === 0 ? undefined : new Set(groupList.map((group) => group.trim().toLowerCase()));
  if (!version && !language && groups === undefined) return undefined;
  return (section) => {
    if (version && section.version?.toLowerCase() !== version) return false;
    if (language && section.language?.toLowerCase() !== language) return false;
    if (groups !== undefined && !section.groups.some((group) => groups.has(group.toLowerCase()))) return false;
    return true;
  };
}

/**
 * A page address reduced to what identifies the page: the path of a full URL, without query or
 * hash, percent-decoded, then named by the page-address rule the widget shares
 * ({@link canonicalPagePath}: no trailing slash, `.html` or final `/index`). Used to recognise
 * the reader's current page.
 *
 * @example comparablePath('https://docs.example.com/docs/theming/?a=1#top') === '/docs/theming'
 */
export function comparablePath(value: string): string {
  let pathname = value.trim();
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(pathname)) {
    try {
      pathname = new URL(pathname).pathname;
    } catch {
      // Not a parsable URL: compare it as the reader sent it.
    }
  }
  pathname = pathname.replace(/[?#].*$/, '');
  try {
    pathname = decodeURI(pathname);
  } catch {
    // A stray % is not worth rejecting a search over.
  }
  return canonicalPagePath(pathname);
}
