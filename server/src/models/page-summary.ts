import { requestedPointCount } from '../retrieval/current-page';
import { citation, link } from './answer-links';
import type { AnswerSection } from './answer-prompt';
import { countWords, pageUrl, passageBlocks, splitSentences } from './passage-units';

/** How many points a summary has when the reader does not say. */
const defaultPoints = 5;
/** Longest point, in words: a sentence longer than this is cut. */
const maximumPointWords = 40;

/**
 * The reader's page in short, for "sum up this page": one point per section in the page's order
 * (the sections retrieval gave, see `pageOutline`), each the opening sentence of the section's
 * first paragraph, led by its heading; as many points as the reader asks for ("in three bullet
 * points"), five otherwise; then the line citing the sections quoted.
 *
 * @returns `undefined` when the sections are not of one page or none opens with a sentence.
 */
export function composePageSummary(sections: readonly AnswerSection[], question: string): string | undefined {
  const page = pageUrl(sections[0]?.url ?? '');
  if (page === '' || sections.some((section) => pageUrl(section.url) !== page)) return undefined;
  const count = requestedPointCount(question) ?? defaultPoints;
  const points: Array<{ section: AnswerSection; text: string }> = [];
  for (const section of sections) {
    if (points.length >= count) break;
    const sentence = openingSentence(section, page);
    if (sentence !== undefined) points.push({ section, text: sentence });
  }
  const [first] = points;
  if (first === undefined) return undefined;
  const lines = points.map(({ section, text }) => (section.heading === section.pageTitle ? `- ${text}` : `- **${section.heading.replace(/\*\*/g, '')}**: ${text}`));
  return [`${link(first.section.pageTitle, page)} in short:`, lines.join('\n'), citation(points.map(({ section }) => section))].join('\n\n');
}

// The first sentence of a section's paragraphs that says something of its own, not one that only
// introduces what follows ("Run:") nor the reader's question ("Upgrading from v29?"), cut to a
// point's length.
function openingSentence(section: AnswerSection, page: string): string | undefined {
  for (const block of passageBlocks(section.markdown, page)) {
    if (block.kind !== 'paragraph') continue;
    const sentence = splitSentences(block.markdown).find((candidate) => !/[:?]$/.test(candidate));
    if (sentence === undefined) continue;
    return countWords(sentence) <= maximumPointWords ? sentence : `${sentence.split(/\s+/).slice(0, maximumPointWords).join(' ')}…`;
  }
  return undefined;
}
