/** Escapes text for use inside a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * What a local pull request's link (`prLink`) looks like: `{base}/pulls/{projectId}/{id}` with
 * an unguessable id (22 base64url characters, 128 bits). Use with `expect.stringMatching`.
 *
 * @example expect(job.prLink).toMatch(pullRequestLinkPattern('http://docs.test', 'docs'))
 */
export function pullRequestLinkPattern(base: string, projectId: string): RegExp {
  return new RegExp(`^${escapeRegExp(base)}/pulls/${escapeRegExp(projectId)}/[A-Za-z0-9_-]{22}$`);
}
