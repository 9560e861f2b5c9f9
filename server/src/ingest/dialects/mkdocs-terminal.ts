import type { Code } from 'mdast';
import { markChanged } from '../mdast-edits';

// Languages of terminal sessions and their output; HTML, XML, templates and the like never qualify.
const terminalLanguages = new Set(['', 'console', 'shell', 'sh', 'bash', 'zsh', 'fish', 'shell-session', 'sh-session', 'terminal', 'text', 'txt', 'plain', 'plaintext', 'output', 'ansi', 'pycon', 'powershell', 'ps1', 'pwsh', 'bat', 'cmd']);
const colourTag = /<font\b[^<>]*\bcolor\s*=|<span\b[^<>]*\bstyle\s*=/i;
const styleTag = /<\/?(?:font|span)\b[^<>]*>|<\/?(?:b|i|u|em|strong)>/gi;
const entity = /&(apos|quot|lt|gt|amp|#39);/g;
const entityText: Record<string, string> = { apos: "'", quot: '"', lt: '<', gt: '>', amp: '&', '#39': "'" };

/**
 * Turns terminal output written as coloured HTML back into the text it shows. Typer's and
 * FastAPI's docs record their console sessions with `<font color="#A5A5A1">…</font>` and
 * `<span style="color: green;">` tags and HTML entities (`&apos;name&apos;`) inside ```` ```console ````
 * blocks, which their Termynal script renders as HTML; read as code, every line would be markup.
 *
 * Only a block of a terminal language (`console`, `bash`, `text`, none…) that holds at least one
 * colour tag (`<font color=…>` or `<span style=…>`) is changed: its `font`/`span` tags and bare
 * `<b>`, `<i>`, `<u>`, `<em>`, `<strong>` tags are dropped (their text kept), then `&lt;`, `&gt;`,
 * `&quot;`, `&apos;`, `&#39;` and `&amp;` are decoded. HTML code samples, and terminal blocks
 * that merely mention a tag, stay as written.
 *
 * @returns whether the code changed (it is then marked for re-serialization).
 */
export function cleanTerminalMarkup(node: Code): boolean {
  if (!terminalLanguages.has((node.lang ?? '').toLowerCase()) || !colourTag.test(node.value)) return false;
  const value = node.value.replace(styleTag, '').replace(entity, (_match, name: string) => entityText[name] ?? _match);
  if (value === node.value) return false;
  node.value = value;
  markChanged(node);
  return true;
}
