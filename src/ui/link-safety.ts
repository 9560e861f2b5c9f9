/** What a Markdown link may become in an answer. */
export interface SafeLink {
  /** The destination, unchanged. */
  readonly href: string;
  /**
   * `true` for absolute `http(s)` links. Whether a link opens in a new tab is decided by
   * `isSameSite` (site-navigation.ts): an absolute link to the page's own site opens in place.
   */
  readonly external: boolean;
}

// Browsers ignore ASCII control characters and whitespace inside a scheme ("java\tscript:"),
// so they are removed before the scheme is read.
const ignoredInScheme = /[\u0000-\u0020\u007f]/g;
const scheme = /^([a-z][a-z\d+.-]*):/i;

/**
 * Decides whether a link from model output may be rendered as a link: only `http:` and
 * `https:` URLs, relative paths (`/docs/x`, `./x`, `x`) and anchors (`#install`, `?q`) are
 * allowed. Anything else (`javascript:`, `data:`, `vbscript:`, `mailto:`, protocol-relative
 * `//host`) returns `null` and is rendered as plain text.
 *
 * @example
 * safeLink('https://example.com'); // { href: 'https://example.com', external: true }
 * safeLink('/docs/install#npm'); // { href: '/docs/install#npm', external: false }
 * safeLink('javascript:alert(1)'); // null
 */
export function safeLink(href: string | null | undefined): SafeLink | null {
  if (!href) return null;
  const trimmed = href.trim();
  const compact = trimmed.replace(ignoredInScheme, '');
  // "//host/path" and "\\host" leave the site like an absolute URL without saying which scheme.
  if (/^[/\\]{2}/.test(compact)) return null;
  const match = scheme.exec(compact);
  if (!match) return { href: trimmed, external: false };
  const name = match[1]?.toLowerCase();
  if (name === 'http' || name === 'https') return { href: trimmed, external: true };
  return null;
}
