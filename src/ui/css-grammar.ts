import type { HLJSApi, Language, Mode } from 'highlight.js';

/**
 * A compact CSS grammar for the highlighter. highlight.js's own CSS grammar carries complete
 * lists of property and value names (about 4 kB gzip, a fifth of the highlighter); answers
 * need selectors, properties, custom properties, numbers, strings, at-rules and comments told
 * apart, which a handful of patterns does.
 */
export function css(hljs: HLJSApi): Language {
  const number: Mode = { scope: 'number', begin: /#[\da-f]{3,8}\b|-?(?:\d+\.?\d*|\.\d+)(?:%|[a-z]+)?/i };
  const strings = [hljs.QUOTE_STRING_MODE, hljs.APOS_STRING_MODE];
  // A declaration's value, from the colon after a property to `;` or the block's end.
  const value: Mode = {
    end: /;|(?=\})/,
    excludeEnd: true,
    contains: [
      hljs.C_BLOCK_COMMENT_MODE,
      ...strings,
      number,
      { scope: 'variable', begin: /--[\w-]+/ },
      { scope: 'built_in', begin: /[\w-]+(?=\()/ },
      { scope: 'keyword', begin: /!important\b/ },
    ],
  };
  const property: Mode = { scope: 'attribute', begin: /--[\w-]+(?=\s*:)|[a-z-][\w-]*(?=\s*:(?!:))/i, starts: value };
  const atRule: Mode = { scope: 'keyword', begin: /@[\w-]+/ };
  // `(max-width: 640px)` in an at-rule's prelude.
  const condition: Mode = { begin: /\(/, end: /\)/, contains: [{ scope: 'attribute', begin: /[a-z-]+(?=\s*:)/i }, number, ...strings] };
  const selectors: Mode[] = [
    { scope: 'selector-id', begin: /#[\w-]+/ },
    { scope: 'selector-class', begin: /\.[\w-]+/ },
    { scope: 'selector-pseudo', begin: /::?[\w-]+/ },
    { scope: 'selector-attr', begin: /\[/, end: /\]/, contains: strings },
    { scope: 'selector-tag', begin: /\b[a-z][\w-]*\b/i, relevance: 0 },
  ];
  const block: Mode = {
    begin: /\{/,
    end: /\}/,
    contains: [hljs.C_BLOCK_COMMENT_MODE, property, atRule, condition, ...selectors, 'self'],
  };
  return {
    name: 'CSS',
    aliases: ['scss', 'less'],
    case_insensitive: true,
    contains: [hljs.C_BLOCK_COMMENT_MODE, atRule, condition, ...strings, ...selectors, block],
  };
}
