import { createLowlight } from 'lowlight';
import type { Root } from 'hast';
import bash from 'highlight.js/lib/languages/bash';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import shell from 'highlight.js/lib/languages/shell';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { css } from './css-grammar.js';

// A handful of grammars covers what documentation answers show; each one costs bundle bytes,
// so the list stays short (CSS uses a compact grammar of our own). Unknown languages are
// shown unhighlighted.
const lowlight = createLowlight({ bash, css, javascript, json, python, shell, typescript, xml, yaml });

/** A highlighted code block: the HAST tree and the language's display name. */
export interface HighlightResult {
  /** The highlighted code as a HAST root whose elements are `span`s with `hljs-*` classes. */
  readonly tree: Root;
  /** The language name the code was highlighted as (the fence's, normalised: `ts`, `bash`). */
  readonly language: string;
}

/**
 * Highlights `code` as `language` (a fence's info string such as `ts`, `sh` or `html`).
 * Returns `null` when the language is missing or not registered, so the caller shows plain text.
 *
 * @example
 * highlightCode('const a = 1;', 'ts')?.tree; // { type: 'root', children: [span.hljs-keyword, …] }
 */
export function highlightCode(code: string, language: string | undefined): HighlightResult | null {
  const name = normaliseLanguage(language);
  if (!name || !lowlight.registered(name)) return null;
  return { tree: lowlight.highlight(name, code), language: name };
}

/**
 * The first word of a fence info string, lower-cased (`TypeScript title="x"` → `typescript`).
 * `undefined` when the fence names no language.
 */
export function normaliseLanguage(language: string | undefined): string | undefined {
  const first = language?.trim().split(/\s+/)[0]?.toLowerCase();
  return first ? first.replace(/^\{?\.?/, '').replace(/\}$/, '') : undefined;
}
