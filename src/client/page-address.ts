/**
 * The one rule by which the widget and the reference server name a page: a path without a
 * trailing slash, `.html`/`.htm` or a final `/index`, so that `/guide/retries.html` (VitePress
 * without `cleanUrls`), `/guide/retries/` and `/guide/index.html` name the pages a docs index
 * knows as `/guide/retries` and `/guide`. Hosts serve built pages under any of these forms
 * whatever the generator's URL setting, so the reader's address may differ from the one the
 * index cites. The widget sends `currentPath` in this form; the server compares with it.
 *
 * @param pathname A URL's path (no query or hash).
 * @example canonicalPagePath('/guide/index.html') // '/guide'
 */
export function canonicalPagePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '').replace(/\.html?$/i, '').replace(/\/index$/i, '').replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
