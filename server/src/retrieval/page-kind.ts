/**
 * Path segments of pages that tell news rather than how things work: blog posts, changelogs,
 * release notes. They mention every feature in passing ("the new search is faster…"), so they
 * match many questions, yet rarely answer one as well as the page about the feature. Site search
 * tools commonly rank them lower for the same reason (DocSearch configurations give them a lower
 * page rank).
 */
const newsSegment = /^(?:blog|blogs|posts|news|changelog|changelogs|changes|releases|release-notes|releasenotes|whats-new|what-s-new|whatsnew)(?:[-_.]v?\d[\w.-]*)?$/i;

/** Titles of such pages: "Changelog", "Release notes for 2.x", "What's new in Vite 5". */
const newsTitle = /^(?:changelog|change log|release notes|what['’]?s new)\b/i;

/**
 * Words of a question that ask for news: the reader wants what changed, when, or in which
 * release. Such a question keeps news pages at full weight. Matched on lower-case words.
 */
const newsWords = new Set([
  'blog',
  'post',
  'posts',
  'announcement',
  'announced',
  'changelog',
  'changed',
  'changes',
  'release',
  'released',
  'releases',
  'news',
  'deprecated',
  'removed',
  'upgrade',
  'upgrading',
  'migrate',
  'migration',
]);

/** A version number as readers write it: `v2`, `1.x`, `3.0`, `v1.2.3`. */
const versionNumber = /\bv\d+\b|\b\d+\.(?:\d+|x)\b/i;

/**
 * Whether a page is a blog post, changelog, release note or news item, judged by its path
 * (`/blog/posts/…`, `/changelog`, `/docs/releases/v2`, `/CHANGELOG`, `/internals/changelog_v1`)
 * or its title ("Changelog", "Release notes", "What's new in 3.0").
 *
 * @example isNewsPage('/blog/posts/search-better') === true
 * @example isNewsPage('/internals/history', 'Changelog') === true
 */
export function isNewsPage(pagePath: string, title = ''): boolean {
  if (newsTitle.test(title.trim())) return true;
  return pagePath
    .replace(/[?#].*$/, '')
    .split('/')
    .some((segment) => newsSegment.test(segment.replace(/\.(?:md|mdx|html?)$/i, '')));
}

/**
 * Whether a question asks for news (what changed, in which version): then news pages are not
 * ranked lower.
 *
 * @example asksForNews('What changed in v3?') === true
 */
export function asksForNews(text: string): boolean {
  if (versionNumber.test(text)) return true;
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}-]+/u)) if (newsWords.has(word)) return true;
  return false;
}
