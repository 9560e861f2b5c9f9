import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { escapeHtml } from './escape-html';

// The languages the demo docs use; anything else is shown as escaped plain text.
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('css', css);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('markdown', markdown);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('xml', xml);
hljs.registerLanguage('yaml', yaml);

/**
 * Highlights a code block for the demo site, server-side, as HTML with `hljs-*` class names
 * (no inline styles, so it is safe under a strict Content-Security-Policy).
 *
 * @param code The code, as written in the Markdown fence.
 * @param language The fence's language (`ts`, `html`, `bash`…), or undefined.
 * @returns Escaped HTML, highlighted when the language is known.
 * @example highlightToHtml('const a = 1;', 'ts') // '<span class="hljs-keyword">const</span> a = …'
 */
export function highlightToHtml(code: string, language: string | undefined): string {
  if (language !== undefined && hljs.getLanguage(language) !== undefined) {
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  }
  return escapeHtml(code);
}
