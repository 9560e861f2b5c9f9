import type { Grammar, TokenStream } from 'prismjs';
import javascript from 'refractor/javascript';
import json from 'refractor/json';
import jsx from 'refractor/jsx';
import markup from 'refractor/markup';
import python from 'refractor/python';
import tsx from 'refractor/tsx';
import typescript from 'refractor/typescript';
import yaml from 'refractor/yaml';
import { bash, shellSession } from './bash-grammar.js';
import { css } from './css-grammar.js';
import { prism } from './prism.js';

// A handful of grammars covers what documentation answers show; each one costs bundle bytes,
// so the list stays short, and CSS and Bash use compact grammars of our own. Markup and CSS
// come first: the JavaScript grammar highlights `<script>` in HTML only if markup is there when
// it loads.
prism.register(markup);
prism.languages.css = css;
prism.languages.bash = bash;
prism.languages['shell-session'] = shellSession;
// The markup grammar's own helper for embedded languages (Prism's CSS grammar makes the same call).
const markupTag = (prism.languages.markup as Record<string, unknown>).tag as MarkupTag;
markupTag.addInlined('style', 'css');
for (const syntax of [javascript, jsx, typescript, tsx, json, python, yaml]) prism.register(syntax);

interface MarkupTag {
  addInlined(tagName: string, language: string): void;
}

/** Fence names and aliases → the Prism grammar that highlights them. Anything else is plain text. */
const grammarNames: Readonly<Record<string, string>> = {
  javascript: 'javascript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  typescript: 'typescript',
  ts: 'typescript',
  mts: 'typescript',
  tsx: 'tsx',
  json: 'json',
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  // A terminal session: `$ command` lines highlighted as shell, the other lines as output.
  console: 'shell-session',
  'shell-session': 'shell-session',
  html: 'markup',
  xml: 'markup',
  svg: 'markup',
  css: 'css',
  python: 'python',
  py: 'python',
  yaml: 'yaml',
  yml: 'yaml',
};

/** A highlighted code block: Prism's tokens and the language's display name. */
export interface HighlightResult {
  /**
   * The code as Prism tokens: strings are plain text; each token has a `type` (`keyword`,
   * `string`, …), an optional `alias` and its `content`, itself a token stream.
   */
  readonly tokens: TokenStream;
  /** The language name the code was highlighted as (the fence's, normalised: `ts`, `bash`). */
  readonly language: string;
}

/**
 * Highlights `code` as `language` (a fence's info string such as `ts`, `sh` or `html`).
 * Returns `null` when the language is missing or not one of the highlighted ones, so the
 * caller shows plain text.
 *
 * @example
 * highlightCode('const a = 1;', 'ts')?.tokens; // [Token { type: 'keyword', content: 'const' }, ' a ', …]
 */
export function highlightCode(code: string, language: string | undefined): HighlightResult | null {
  const name = normaliseLanguage(language);
  const grammarName = name !== undefined && Object.hasOwn(grammarNames, name) ? grammarNames[name] : undefined;
  const grammar: Grammar | undefined = grammarName === undefined ? undefined : prism.languages[grammarName];
  if (name === undefined || grammarName === undefined || grammar === undefined) return null;
  // The hooks are part of a grammar: JSX's merges the text between tags into plain-text tokens.
  const environment: { code: string; grammar: Grammar; language: string; tokens?: TokenStream } = { code, grammar, language: grammarName };
  prism.hooks.run('before-tokenize', environment);
  environment.tokens = prism.tokenize(environment.code, environment.grammar);
  prism.hooks.run('after-tokenize', environment);
  return { tokens: environment.tokens, language: name };
}

/**
 * The first word of a fence info string, lower-cased (`TypeScript title="x"` → `typescript`).
 * `undefined` when the fence names no language.
 */
export function normaliseLanguage(language: string | undefined): string | undefined {
  const first = language?.trim().split(/\s+/)[0]?.toLowerCase();
  return first ? first.replace(/^\{?\.?/, '').replace(/\}$/, '') : undefined;
}
