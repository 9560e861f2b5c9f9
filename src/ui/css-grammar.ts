import type { Grammar, TokenObject } from 'prismjs';

const string: TokenObject = { pattern: /("|')(?:\\[\s\S]|(?!\1)[^\\\n])*\1/, greedy: true };
// `12px`, `-0.5em`, `100%`, `#7c3aed`; not the digits of an identifier such as `h1`.
const number: TokenObject = { pattern: /(^|[^\w-])(?:#[\da-f]{3,8}\b|-?(?:\d+\.?\d*|\.\d+)(?:%|[a-z]+)?)/i, lookbehind: true };
const url: TokenObject = { pattern: /\burl\((?:"[^"]*"|'[^']*'|[^)]*)\)/i, greedy: true };

/**
 * A compact CSS grammar for Prism. Prism's own CSS grammar leaves numbers, colours and the
 * parts of a selector unmarked, and its "extras" grammar that adds them costs more than the
 * rest of CSS; answers need selectors, properties, custom properties, numbers, strings,
 * functions, at-rules and comments told apart, which a handful of patterns does.
 *
 * Token types follow Prism's names: `comment`, `atrule` (with `rule` for `@media`),
 * `selector` (with `class`, `id`, `pseudo-class`, `attribute` and `tag`), `property`, `string`,
 * `url`, `important`, `function`, `variable`, `number`, `punctuation`.
 */
export const css: Grammar = {
  comment: { pattern: /\/\*[\s\S]*?\*\//, greedy: true },
  atrule: {
    pattern: /@[\w-]+(?:[^;{}"']|("|')(?:\\[\s\S]|(?!\1)[^\\\n])*\1)*/,
    inside: {
      rule: /^@[\w-]+/,
      // `(max-width: 640px)`, `screen and (prefers-color-scheme: dark)`.
      property: /[\w-]+(?=\s*:)/,
      keyword: /\b(?:and|not|only|or)\b/,
      url,
      string,
      number,
      punctuation: /[(),:]/,
    },
  },
  url,
  selector: {
    pattern: /[^{}\s;](?:[^{};"']|("|')(?:\\[\s\S]|(?!\1)[^\\\n])*\1)*?(?=\s*\{)/,
    inside: {
      attribute: { pattern: /\[[^\]]*\]/, inside: { string } },
      id: /#[\w-]+/,
      class: /\.[\w-]+/,
      'pseudo-class': /::?[\w-]+/,
      tag: /\b[a-z][\w-]*/i,
    },
  },
  // `color:`, `-webkit-user-select:`, `--docent-accent:`.
  property: { pattern: /(^|[{;\s])-{0,2}[a-z][\w-]*(?=\s*:)/i, lookbehind: true },
  string,
  important: /!important\b/i,
  function: /[\w-]+(?=\()/,
  variable: /--[\w-]+/,
  number,
  punctuation: /[(){};:,]/,
};
