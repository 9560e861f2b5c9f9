import type { ConversationTurn, PageContextItem } from '../models/answer-prompt';

/** How much of one context item goes into the query: enough for its names, not a whole file. */
const maximumCharactersByType: Record<PageContextItem['type'], number> = { code: 600, textSelection: 1_000 };

/**
 * The search query for an answer: the reader's last message plus the text they attached from
 * the page. Long attachments are cut so that one pasted file does not drown the question.
 *
 * @example buildSearchQuery([{ role: 'user', text: 'What does this do?' }], [{ type: 'code', value: 'Docent.open()' }])
 * // 'What does this do?\nDocent.open()'
 */
export function buildSearchQuery(turns: readonly ConversationTurn[], context: readonly PageContextItem[] = []): string {
  const question = [...turns].reverse().find((turn) => turn.role === 'user')?.text.trim() ?? '';
  const attachments = context
    .map((item) => clip(item.value.trim(), maximumCharactersByType[item.type] ?? 600))
    .filter((value) => value !== '');
  return [question, ...attachments].filter((part) => part !== '').join('\n');
}

// Cut at a line or word boundary so the last word of the query is a real word.
function clip(value: string, maximum: number): string {
  if (value.length <= maximum) return value;
  const cut = value.slice(0, maximum);
  const boundary = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf(' '));
  return boundary > maximum / 2 ? cut.slice(0, boundary) : cut;
}
