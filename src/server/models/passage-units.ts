import { Lexer } from 'marked';
import type { Token, Tokens } from 'marked';

/**
 * The pieces of a section an extractive answer can quote: sentences of its prose, list items,
 * table rows and whole code blocks, each with the plain text that is matched against the question.
 */
export type PassageUnit =
  | (UnitPlace & { kind: 'sentence' | 'item'; markdown: string; text: string })
  | (UnitPlace & { kind: 'row'; markdown: string; text: string; header: string; headers: string[]; cells: string[] })
  | (UnitPlace & { kind: 'code'; language: string; code: string; text: string; lead: string });

/** Where a unit sits: which block of the section, and its position in reading order. */
export interface UnitPlace {
  /** Index of the top-level Markdown block in the section (a paragraph, a list, a table…). */
  block: number;
  /** Reading order of the unit within the section. */
  order: number;
}

const abbreviations = /(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|incl)\.|\b[A-Z]\.)$/i;

/**
 * Cuts a section's Markdown into quotable units. Links that only make sense inside the docs
 * folder (relative file links) keep their text; links to `#anchor` point at the section's page.
 *
 * @param pageUrl the section's page URL without the anchor, used for `#anchor` links.
 */
export function passageUnits(markdown: string, pageUrl: string): PassageUnit[] {
  const units: PassageUnit[] = [];
  let order = 0;
  let lastProse = '';
  const tokens = Lexer.lex(markdown);

  const addProse = (text: string, block: number) => {
    for (const sentence of splitSentences(text)) {
      const output = rewriteLinks(sentence, pageUrl).trim();
      if (output !== '') units.push({ kind: 'sentence', block, order: order++, markdown: output, text: plainText(output) });
    }
    lastProse = text;
  };

  const visit = (token: Token, block: number) => {
    switch (token.type) {
      case 'paragraph':
      case 'text':
        addProse(collapse(stripAlertMarker((token as Tokens.Paragraph).text)), block);
        break;
      case 'blockquote':
        for (const child of (token as Tokens.Blockquote).tokens) visit(child, block);
        break;
      case 'list':
        for (const item of (token as Tokens.List).items) {
          const text = rewriteLinks(collapse(item.text.replace(/\n\s*(?:[-*+]|\d+[.)])\s+/g, '; ')), pageUrl).trim();
          if (text !== '') units.push({ kind: 'item', block, order: order++, markdown: text, text: plainText(text) });
        }
        break;
      case 'table': {
        const table = token as Tokens.Table;
        const headers = table.header.map((cell) => cell.text);
        const header = `${tableRow(headers)}\n${tableRow(headers.map(() => '---'))}`;
        for (const row of table.rows) {
          const cells = row.map((cell) => rewriteLinks(cell.text, pageUrl));
          units.push({ kind: 'row', block, order: order++, markdown: tableRow(cells), text: plainText(cells.join(' ')), header, headers, cells });
        }
        break;
      }
      case 'code': {
        const code = token as Tokens.Code;
        if (code.text.trim() === '') break;
        const language = (code.lang ?? '').trim().split(/\s+/)[0] ?? '';
        units.push({ kind: 'code', block, order: order++, language, code: code.text, text: code.text, lead: lastProse });
        break;
      }
      default:
        break;
    }
  };

  tokens.forEach((token, block) => visit(token, block));
  return units;
}

/**
 * Splits a paragraph into sentences at `.`, `!` or `?` followed by a space and a capital, a
 * digit, code or a link; abbreviations such as "e.g." do not end a sentence.
 */
export function splitSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  const boundary = /[.!?]["')\]*_]*\s+(?=[\p{Lu}\d`[*_("'])/gu;
  let start = 0;
  for (const match of paragraph.matchAll(boundary)) {
    const end = (match.index ?? 0) + match[0].trimEnd().length;
    const candidate = paragraph.slice(start, end);
    if (abbreviations.test(candidate.replace(/["')\]*_]+$/, ''))) continue;
    if (insideCodeSpan(paragraph, end)) continue;
    sentences.push(candidate.trim());
    start = (match.index ?? 0) + match[0].length;
  }
  const rest = paragraph.slice(start).trim();
  if (rest !== '') sentences.push(rest);
  return sentences.filter((sentence) => sentence !== '');
}

/** Inline Markdown reduced to words: no link targets, emphasis markers or backticks. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[`*_~]/g, '');
}

function rewriteLinks(markdown: string, pageUrl: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\(\s*<?([^)\s>]*)>?(?:\s+["'][^)]*["'])?\s*\)/g, (whole, text: string, href: string) => {
      if (/^(?:https?:|mailto:|\/)/i.test(href)) return whole;
      if (href.startsWith('#')) return `[${text}](${pageUrl}${href})`;
      return text;
    })
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1');
}

function insideCodeSpan(text: string, position: number): boolean {
  return (text.slice(0, position).match(/`/g)?.length ?? 0) % 2 === 1;
}

function stripAlertMarker(text: string): string {
  return text.replace(/^\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*/i, '');
}

function collapse(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function tableRow(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replace(/\|/g, '\\|').trim()).join(' | ')} |`;
}
