/**
 * Words by which a reader points at what they are looking at ("what does this do?", "can you
 * sum up this page?", "which of these should I pick?", "why does it fail here?").
 */
const pointingWords = new Set(['this', 'these', 'here']);

/**
 * Whether a question points at the page the reader is on rather than naming its subject, so that
 * page should lead the results. Only the reader's own words count, not text they attached.
 *
 * @example refersToCurrentPage('What props does this accept?') === true
 * @example refersToCurrentPage('How do I add a sidebar?') === false
 */
export function refersToCurrentPage(question: string): boolean {
  for (const word of question.toLowerCase().match(/[a-z]+/g) ?? []) if (pointingWords.has(word)) return true;
  return false;
}
