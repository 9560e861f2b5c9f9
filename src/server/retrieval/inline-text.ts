import { Lexer } from 'marked';
import type { Token } from 'marked';

/**
 * The plain text a reader sees for a line of inline Markdown: emphasis, code spans and links
 * reduced to their text, HTML tags dropped. Used for headings, so anchors are made from the
 * same text GitHub makes them from.
 *
 * @example inlineMarkdownToText('The `data-*` [options](./options.md)') === 'The data-* options'
 */
export function inlineMarkdownToText(markdown: string): string {
  return tokensToText(Lexer.lexInline(markdown)).replace(/\s+/g, ' ').trim();
}

function tokensToText(tokens: Token[]): string {
  let text = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'html':
      case 'tag':
        break;
      case 'br':
        text += ' ';
        break;
      case 'codespan':
        text += String(token.text);
        break;
      case 'image':
        text += String(token.text ?? '');
        break;
      default:
        if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0) {
          text += tokensToText(token.tokens as Token[]);
        } else if ('text' in token && typeof token.text === 'string') {
          text += unescapeEntities(token.text);
        }
    }
  }
  return text;
}

// The inline lexer leaves `&amp;`-style escapes for text it escaped itself; readers see characters.
function unescapeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
