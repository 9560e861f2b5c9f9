import { Lexer } from 'marked';
import type { Token, Tokens } from 'marked';
import { decodeEntities } from './html-entities.js';

/**
 * The readable text of Markdown, for a screen-reader announcement: markup dropped, blocks on
 * their own lines, cut to `limit` characters at a word boundary with an ellipsis.
 *
 * @example markdownToPlainText('## Install\n\nRun `npm i docent`.') // "Install\nRun npm i docent."
 */
export function markdownToPlainText(markdown: string, limit = 600): string {
  const lines: string[] = [];
  for (const token of Lexer.lex(markdown)) {
    const text = tokenText(token).replace(/[ \t]+/g, ' ').trim();
    if (text !== '') lines.push(text);
  }
  const text = lines.join('\n');
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function tokenText(token: Token): string {
  switch (token.type) {
    case 'space':
    case 'def':
    case 'hr':
    case 'checkbox':
      return '';
    case 'code':
      return token.text as string;
    case 'codespan':
      return token.text as string;
    case 'br':
      return '\n';
    case 'list':
      return (token.items as Token[]).map((item) => tokenText(item)).join('\n');
    case 'table': {
      const rows = [token.header as Array<{ tokens: Token[] }>, ...(token.rows as Array<Array<{ tokens: Token[] }>>)];
      return rows.map((row) => row.map((cell) => cell.tokens.map(tokenText).join('')).join(', ')).join('\n');
    }
    case 'html':
      return token.raw;
    default: {
      const generic = token as Tokens.Generic;
      if (generic.tokens) return generic.tokens.map(tokenText).join(blockTypes.has(generic.type) ? '\n' : '');
      return decodeEntities(typeof generic.text === 'string' ? generic.text : generic.raw);
    }
  }
}

const blockTypes = new Set(['blockquote', 'list_item']);
