import type { Grammar, TokenObject } from 'prismjs';

// Where a word is a shell word of its own: the start of the text or a line, or after a space,
// `;`, `|`, `&` or `(`. Prism emulates the lookbehind with this first group (no native
// lookbehind, which older Safari cannot parse).
const wordStart = '(^|[\\s;|&(])';
const wordEnd = '(?=$|[\\s;|&)])';
const keywords = 'case|do|done|elif|else|esac|fi|for|function|if|in|select|then|until|while';
const builtins = 'alias|cd|command|declare|echo|eval|exec|exit|export|local|printf|pwd|read|readonly|return|set|shift|source|test|trap|type|unset|wait';
const word = (words: string): TokenObject => ({ pattern: RegExp(`${wordStart}(?:${words})${wordEnd}`), lookbehind: true });

const plainVariables = [/\$\{[^}]*\}/, /\$(?:\w+|[!#?*@$])/];
// `$(command)`, whose inside is Bash again (set below, once the grammar exists).
const commandSubstitution: TokenObject = { pattern: /\$\((?:\([^()]*\)|[^()])*\)/, greedy: true };
const variable = [commandSubstitution, ...plainVariables];

/**
 * A compact Bash grammar for Prism. Prism's own grammar recognises commands from a list of
 * about 300 names and costs 2.5 kB gzip, a fifth of the highlighter; this one recognises a
 * command by its place instead (the first word of a line, or after `|`, `&&`, `;`, `$(`,
 * `then`, `do`, `sudo`, or variable assignments), so it also marks commands that no list has,
 * such as `docent`.
 *
 * Token types follow Prism's names: `comment`, `shebang`, `string`, `variable`, `assign-left`,
 * `function` (a command), `keyword`, `builtin`, `boolean`, `parameter` (`-X`, `--data`),
 * `number`, `operator`, `punctuation`, and `argument` (the first word of a continued line,
 * left uncoloured).
 */
export const bash: Grammar = {
  // The first word of a line continued from the one before (a `\` at its end) is an argument,
  // not a command.
  argument: { pattern: /(\\\n[ \t]*)[^\s\\"'$-][^\s\\]*/, lookbehind: true, greedy: true, inside: { variable: plainVariables } },
  // Before strings and comments, over the whole text: matching commands later would cut the
  // text into pieces whose starts look like line starts. Commands found inside a string or a
  // comment are undone when the string or comment is matched (both are greedy).
  function: {
    pattern: RegExp(
      `((?:^|\\n|[;&|(\`]|\\$\\()[ \\t]*(?:\\$[ \\t]+)?(?:\\w+=(?:"[^"]*"|'[^']*'|[^\\s;&|])*[ \\t]+|(?:then|do|else|if|elif|while|until|sudo|time|exec|xargs|!)[ \\t]+)*)(?!(?:${keywords}|${builtins})${wordEnd})[a-z_.~/][\\w./+-]*`,
      'i',
    ),
    lookbehind: true,
    greedy: true,
  },
  shebang: /^#!.*/,
  comment: { pattern: /(^|\s)#.*/, lookbehind: true, greedy: true },
  string: [
    // A here-document, from `<<EOF` to the line `EOF`.
    { pattern: /(<<-?[ \t]*)(["']?)(\w+)\2[^\n]*\n[\s\S]*?\n[ \t]*\3(?=\n|$)/, lookbehind: true, greedy: true },
    { pattern: /"(?:\\[\s\S]|\$\((?:\([^()]*\)|[^()])*\)|[^"\\])*"/, greedy: true, inside: { variable } },
    { pattern: /'[^']*'/, greedy: true },
  ],
  variable,
  'assign-left': { pattern: /(^|[\s;|&(])\w+(?=\+?=)/, lookbehind: true, alias: 'variable' },
  keyword: word(keywords),
  builtin: word(builtins),
  boolean: word('true|false'),
  parameter: { pattern: /(^|\s)--?[\w-]+/, lookbehind: true, alias: 'variable' },
  number: { pattern: /(^|[\s=])\d+(?:\.\d+)?(?=$|[\s;|&)])/, lookbehind: true },
  operator: /&&|\|\||[<>]{1,2}|[|&=!]/,
  punctuation: /[{}[\];()\\]/,
};

// Inside `$(…)`, everything Bash has but a nested `$(…)`, which would match the whole again.
commandSubstitution.inside = Object.fromEntries(
  Object.entries(bash).map(([name, patterns]) => [name, name === 'variable' ? plainVariables : patterns]),
);

/**
 * A terminal session (fences named `console`): lines starting with a `$` or `#` prompt
 * (optionally after `user@host:path`) are commands, highlighted as Bash; the others are output.
 *
 * Token types: `command` (with `shell-symbol` for the prompt and `bash` for the command),
 * `output`.
 */
export const shellSession: Grammar = {
  command: {
    // Up to the end of the line, or of the last line continued with `\`.
    pattern: /^[ \t]*(?:[\w.-]+@[\w.-]+(?::[^\s$#]*)?)?[$#][ \t](?:[^\\\n]|\\[\s\S])*/m,
    inside: {
      'shell-symbol': /^[^$#]*[$#]/,
      bash: { pattern: /[\s\S]+/, inside: bash },
    },
  },
  output: /^.+/m,
};
