import type { AnswerSection } from './answer-prompt';
import { sectionLabel } from './answer-prompt';

/** A Markdown link whose text cannot break out of its brackets. */
export function link(text: string, url: string): string {
  return `[${text.replace(/[[\]]/g, '\\$&')}](${url})`;
}

/** "a", "a and b", "a, b or c". */
export function joinWords(words: readonly string[], conjunction: 'and' | 'or'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}

/** One line naming the sections quoted above (clients list the retrieved pages themselves). */
export function citation(sections: readonly AnswerSection[]): string {
  const links = [...new Map(sections.map((section) => [section.url, link(sectionLabel(section), section.url)])).values()];
  return `Quoted from ${joinWords(links, 'and')}.`;
}
