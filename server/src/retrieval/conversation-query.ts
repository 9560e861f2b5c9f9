import type { ConversationTurn, PageContextItem } from '../models/answer-prompt';
import type { QueryPart } from './query-focus';
import { buildSearchQuery } from './search-query';

/**
 * Weight of the words of the reader's previous message; each message before it counts this much
 * less again (0.7, 0.49, 0.34). Chosen on the development sets: follow-ups found their page
 * less often with 0.5, and a weight of 1 drags a question with its own subject back to the old topic.
 */
const historyWeight = 0.7;
/** How many earlier messages count at all. */
const maximumHistory = 3;

/** What a conversation gives a search: the latest question (with attachments) and the questions before it. */
export interface ConversationQuery {
  /** The reader's last message plus the text attached from the page (see {@link buildSearchQuery}). */
  query: string;
  /** The reader's earlier messages, most recent first (empty for a first question). */
  history: string[];
}

/**
 * The search query for an answer in a conversation: the latest message decides, the reader's
 * earlier messages keep a follow-up ("Can it use Algolia instead?") on the conversation's topic.
 * The assistant's own turns are left out: they repeat the docs, not what the reader is after.
 * Spread it into the request of `DocsIndex.search`.
 *
 * @example
 * buildConversationQuery([
 *   { role: 'user', text: 'How do I deploy to GitHub Pages?' },
 *   { role: 'assistant', text: '…' },
 *   { role: 'user', text: 'And GitLab?' },
 * ]) // { query: 'And GitLab?', history: ['How do I deploy to GitHub Pages?'] }
 */
export function buildConversationQuery(turns: readonly ConversationTurn[], context: readonly PageContextItem[] = []): ConversationQuery {
  const userMessages = turns.filter((turn) => turn.role === 'user').map((turn) => turn.text.trim());
  const history = userMessages.slice(0, -1).reverse().filter((text) => text !== '');
  return { query: buildSearchQuery(turns, context), history };
}

/**
 * The pieces of a search with their weights: the latest text at full weight, then the earlier
 * messages (most recent first) at decreasing weights.
 *
 * @example weightedQueryParts('And GitLab?', ['How do I deploy?']) // [{ text: 'And GitLab?', weight: 1 }, { text: 'How do I deploy?', weight: 0.7 }]
 */
export function weightedQueryParts(query: string, history: readonly string[] = []): QueryPart[] {
  return [{ text: query, weight: 1 }, ...history.slice(0, maximumHistory).map((text, position) => ({ text, weight: historyWeight ** (position + 1) }))];
}
