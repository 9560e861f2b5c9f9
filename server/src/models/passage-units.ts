import { Lexer } from 'marked';
import { longTextCache, longTextLength } from '../retrieval/long-text-cache';
import type { Token, Tokens } from 'marked';
import { fence, insideCodeSpan, linkLabel } from '../text/markdown-syntax';

/**
 * The blocks of a section an extractive answer quotes from, in the docs' order: a paragraph, a
 * whole list (a procedure's steps stay one block), a code block, a table, a minor heading. Each
 * has its Markdown ready to quote and the plain text matched against the question.
 */
export type PassageBlock =
  | (BlockPlace & { kind: 'paragraph' | 'heading'; markdown: string; text: string; words: number })
  | (BlockPlace & { kind: 'list'; ordered: boolean; items: string[]; markdown: string; text: string; words: number; codeLines: number })
  | (BlockPlace & { kind: 'table'; header: string; rows: string[]; rowTexts: string[]; markdown: string; text: string; words: number })
  | (BlockPlace & { kind: 'code'; language: string; code: string; lines: number; markdown: string; text: string; words: number });

/** Where a block sits in its section. */
export interface BlockPlace {
  /** Position of the block in the section, from 0, in reading order. */
  order: number;
}

const abbreviations = /(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|incl)\.|\b[A-Z]\.)$/i;

/** The page a section URL belongs to: the URL without its anchor. */
export function pageUrl(url: string): string {
  return url.replace(/#.*$/, '');
}

/**
 * Cuts a section's Markdown into quotable blocks. Links that only make sense inside the docs
 * folder (relative file links) keep their text; links to `#anchor` point at the section's page;
 * images are left out; a note's `[!NOTE]` marker is dropped and its paragraphs kept.
 *
 * A code block nested in a list item (a step's example) stays in its step, unless it is longer
 * than `maximumCodeLines`: then the step is quoted without it.
 *
 * @param pageUrl the section's page URL without the anchor, used for `#anchor` links.
 * @example passageBlocks('Install it:\n\n```bash\nnpm i docent\n```', '/docs/start').map((block) => block.kind) // ['paragraph', 'code']
 */
export function passageBlocks(markdown: string, pageUrl: string, maximumCodeLines = 40): PassageBlock[] {
  if (markdown.length < longTextLength) return readPassageBlocks(markdown, pageUrl, maximumCodeLines);
  // A long section is quoted from question after question: its blocks are read once.
  return [...rememberedBlocks(`${pageUrl}\n${maximumCodeLines}\n${markdown}`)];
}

// Keyed by the page URL, the code line limit and the Markdown, one per line.
const rememberedBlocks = longTextCache(32, (keyed): readonly PassageBlock[] => {
  const [pageUrl = '', lines = '40'] = keyed.split('\n', 2);
  return readPassageBlocks(keyed.slice(pageUrl.length + lines.length + 2), pageUrl, Number(lines));
});

function readPassageBlocks(markdown: string, pageUrl: string, maximumCodeLines: number): PassageBlock[] {
  const blocks: PassageBlock[] = [];
  const tokens = Lexer.lex(markdown);
  // A quoted block leaves its section's link reference definitions behind: its reference links
  // (`[Jinja]`, `[text][ref]`) become inline links while the definitions are at hand.
  const rewriteLinks = (text: string, page: string) => rewriteLinksOf(resolveReferences(text, tokens.links), page);
  const visit = (token: Token) => {
    switch (token.type) {
      case 'paragraph':
      case 'text': {
        // A footnote's text (`[^1]: …`) is a note at the page's foot, not part of the passage.
        if (footnoteDefinition.test((token as Tokens.Paragraph).text)) break;
        const text = rewriteLinks(collapse(stripAlertMarker((token as Tokens.Paragraph).text)), pageUrl).trim();
        if (text !== '') blocks.push({ kind: 'paragraph', order: blocks.length, markdown: text, text: plainText(text), words: countWords(text) });
        break;
      }
      case 'heading': {
        const text = rewriteLinks(collapse((token as Tokens.Heading).text), pageUrl).trim();
        if (text !== '') blocks.push({ kind: 'heading', order: blocks.length, markdown: `**${text.replace(/\*\*/g, '')}**`, text: plainText(text), words: countWords(text) });
        break;
      }
      case 'blockquote':
        for (const child of (token as Tokens.Blockquote).tokens) visit(child);
        break;
      case 'list': {
        const list = token as Tokens.List;
        let codeLines = 0;
        const items = list.items
          .map((item) =>
            withoutLeftOutCode(
              rewriteLinks(item.raw.replace(/\s+$/, ''), pageUrl).replace(nestedFence, (whole: string, _indent: string, _marker: string, body: string) => {
                const lines = body.split('\n').length;
                if (lines > maximumCodeLines) return leftOutCode;
                codeLines += lines;
                return whole;
              }),
            ),
          )
          .map((item) => item.replace(/\n{3,}/g, '\n\n').replace(/\s+$/, ''))
          .filter((item) => item.trim() !== '');
        if (items.length === 0) break;
        const markdown = items.join('\n');
        blocks.push({ kind: 'list', order: blocks.length, ordered: list.ordered, items, markdown, text: plainText(markdown), words: countWords(withoutFences(markdown)), codeLines });
        break;
      }
      case 'table': {
        const table = token as Tokens.Table;
        const headers = table.header.map((cell) => cell.text);
        const header = `${tableRow(headers)}\n${tableRow(headers.map(() => '---'))}`;
        const cells = table.rows.map((row) => row.map((cell) => rewriteLinks(cell.text, pageUrl)));
        const rows = cells.map(tableRow);
        const rowTexts = cells.map((row) => plainText(row.join(' ')));
        const markdown = `${header}\n${rows.join('\n')}`;
        blocks.push({ kind: 'table', order: blocks.length, header, rows, rowTexts, markdown, text: plainText(`${headers.join(' ')} ${rowTexts.join(' ')}`), words: countWords(rowTexts.join(' ')) });
        break;
      }
      case 'code': {
        const code = token as Tokens.Code;
        const body = code.text.replace(/\n+$/, '');
        if (body.trim() === '') break;
        const language = (code.lang ?? '').trim().split(/\s+/)[0] ?? '';
        blocks.push({ kind: 'code', order: blocks.length, language, code: body, lines: body.split('\n').length, markdown: fence(body, language), text: body, words: 0 });
        break;
      }
      default:
        break;
    }
  };
  for (const token of tokens) visit(token);
  return blocks;
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

// A link's destination: no spaces, parentheses only in balanced pairs (`Function_(mathematics)`,
// `javascript:alert(1)`), optionally in angle brackets, optionally followed by a quoted title.
const destination = String.raw`\(\s*<?((?:[^()\s<>]|\([^()\s]*\))*)>?(?:\s+["'][^)]*["'])?\s*\)`;
const inlineImage = new RegExp(String.raw`!\[([^\]]*)\]` + destination, 'g');
const inlineLink = new RegExp(String.raw`\[([^\]]*)\]` + destination, 'g');

/** Inline Markdown reduced to words: no link targets, emphasis markers or backticks. */
export function plainText(markdown: string): string {
  return markdown
    .replace(inlineImage, '$1')
    .replace(inlineLink, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[`*_~]/g, '');
}

/** Words of prose in Markdown: what a reader reads, for the answer's word budget. */
export function countWords(markdown: string): number {
  return plainText(markdown).split(/\s+/).filter((word) => /\w/.test(word)).length;
}

// Where a step's code too long to quote was (see `withoutLeftOutCode`).
const leftOutCode = '\u0000';

/**
 * A list item without the code left out of it, and without the sentence that introduced that
 * code ("Here's a sample workflow:"): the item's paragraph ends at the sentence before, goes when
 * it has no other, or, as the item's own first line, ends as a statement.
 */
function withoutLeftOutCode(item: string): string {
  let text = item;
  for (let at = text.indexOf(leftOutCode); at !== -1; at = text.indexOf(leftOutCode)) {
    const before = text.slice(0, at).replace(/\s+$/, '');
    const after = text.slice(at + 1);
    if (!before.endsWith(':')) {
      text = before + after;
      continue;
    }
    const start = before.lastIndexOf('\n\n') + 1;
    const paragraph = before.slice(start);
    // The item's marker ("2. ") or a paragraph's indentation, kept apart from its sentences.
    const lead = (start === 0 ? /^\s*(?:[-*+]|\d+[.)])\s+/ : /^\s*/).exec(paragraph)?.[0] ?? '';
    const sentences = splitSentences(paragraph.slice(lead.length));
    const kept = sentences.length > 1 ? `${lead}${sentences.slice(0, -1).join(' ')}` : start === 0 ? paragraph.replace(/:$/, '.') : '';
    text = before.slice(0, start).replace(/\s+$/, '') + (kept === '' ? '' : (start === 0 ? '' : '\n\n') + kept) + after;
  }
  return text;
}

// A fenced code block inside a list item, indented like the item's text.
const nestedFence = /^([ \t]*)(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\1\2[`~]*[ \t]*$/gm;

function withoutFences(markdown: string): string {
  return markdown.replace(nestedFence, ' ');
}

// `[text][ref]`, `[ref][]`, or a shortcut `[ref]` not followed by a link's `(` or `[` (nor a
// definition's `:`); images the same after a `!`.
const referenceLink = /\[([^\]]*)\]\[([^\]]*)\]|\[([^\]]+)\](?![(\[:])/g;
const referenceImage = /!\[([^\]]*)\]\[([^\]]*)\]|!\[([^\]]+)\](?![(\[:])/g;

/**
 * Reference links whose label the section defines, as inline links (`[Jinja](https://…)`);
 * others as written. Labels match as CommonMark matches them: case and runs of spaces aside.
 */
function resolveReferences(markdown: string, definitions: Readonly<Record<string, { href: string }>> | undefined): string {
  if (definitions === undefined || !markdown.includes('[')) return markdown;
  const definitionOf = (text: string | undefined, reference: string | undefined, shortcut: string | undefined) => {
    const label = linkLabel(reference !== undefined && reference !== '' ? reference : (text ?? shortcut ?? ''));
    // `[^1]: https://…` reads as a link definition to marked, but `[^1]` marks a footnote.
    return label.startsWith('^') ? undefined : definitions[label];
  };
  // Images are left out of answers (as inline ones are, see `rewriteLinksOf`): first, so that a
  // linked image (`[![Tabs]][tabs]`) leaves an empty link, which goes too.
  return markdown
    .replace(referenceImage, (whole, text?: string, reference?: string, shortcut?: string) => (definitionOf(text, reference, shortcut) === undefined ? whole : ''))
    .replace(referenceLink, (whole, text?: string, reference?: string, shortcut?: string) => {
      const definition = definitionOf(text, reference, shortcut);
      return definition === undefined ? whole : `[${text ?? shortcut}](${definition.href})`;
    });
}

/**
 * Links an answer can carry: http(s) and site-absolute ones as written, `#anchor` ones made
 * absolute; any other (a relative file link, `mailto:`, `javascript:`, `data:`…) becomes its text.
 */
function rewriteLinksOf(markdown: string, pageUrl: string): string {
  return withoutFootnoteMarks(markdown)
    .replace(inlineImage, '')
    .replace(inlineLink, (whole, text: string, href: string) => {
      if (text === '') return '';
      if (/^(?:https?:|\/)/i.test(href)) return whole;
      if (href.startsWith('#')) return `[${text}](${pageUrl}${href})`;
      return text;
    })
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1');
}

const footnoteDefinition = /^\[\^[^\]\s]+\]:/;
const footnoteMark = /\[\^[^\]\s]+\](?!:)/g;

// A footnote's mark (`tag[^1]`) points at a note the quote does not carry; brackets in code
// (`[^a-z]+`, a regular expression) are not marks.
function withoutFootnoteMarks(markdown: string): string {
  if (!markdown.includes('[^')) return markdown;
  return markdown.replace(footnoteMark, (mark, offset: number) => (insideCodeSpan(markdown, offset) ? mark : ''));
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
