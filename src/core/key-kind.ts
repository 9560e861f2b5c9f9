/**
 * Which kind of API key a string looks like (api-spec 5): an assistant key (`svc_dsc_…`),
 * public and meant for web pages; an admin key (`svc_…` without `dsc_`), secret and never to be
 * shipped to a browser; or something else (a proxy's own token, say), which is allowed.
 */
export type KeyKind = 'assistant' | 'admin' | 'other';

/**
 * Classifies an API key by its prefix.
 * @example keyKind('svc_dsc_demo') // 'assistant'
 * @example keyKind('svc_demo') // 'admin'
 */
export function keyKind(key: string): KeyKind {
  if (/^[a-z0-9]+_dsc_/i.test(key) || key.startsWith('dsc_')) return 'assistant';
  if (key.startsWith('svc_')) return 'admin';
  return 'other';
}
