import { canonicalPagePath } from '../client/page-address.js';

/**
 * A page's path as sent to the server (`currentPath`, and the `path` of context items): the
 * shared page-address rule ({@link canonicalPagePath}: no trailing slash, `.html`/`.htm` or
 * final `/index`), cut to 200 characters (the API's limit).
 *
 * @example pagePath('/guide/retries.html') // '/guide/retries'
 */
export function pagePath(pathname: string): string {
  return canonicalPagePath(pathname).slice(0, 200);
}
