/**
 * The phrase every decline contains and clients match: "the documentation doesn't cover this",
 * with a straight or curly apostrophe, in any case.
 */
const declinePhrase = /the documentation doesn['\u2019]t cover this/i;

/** Whether an answer declines (says the documentation doesn't cover the question). */
export function isDecline(answer: string): boolean {
  return declinePhrase.test(answer);
}
