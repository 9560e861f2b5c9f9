/**
 * A page's path the way the reference server compares pages (`comparablePath` in
 * `server/src/retrieval`): without a trailing slash, `.html`/`.htm` or a final `/index`, so that
 * `/guide/retries.html` (VitePress without `cleanUrls`), `/guide/retries/` and `/guide/index.html`
 * name the pages the docs index knows as `/guide/retries` and `/guide`. Sent as `currentPath`
 * and as the `path` of context items; cut to 200 characters (the API's limit).
 *
 * @example pagePath('/guide/retries.html') // '/guide/retries'
 */
export function pagePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '').replace(/\.html?$/i, '').replace(/\/index$/i, '').replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).slice(0, 200);
}
