import type { ComponentChildren, JSX } from 'preact';
import type { TokenStream } from 'prismjs';
import { useMemo } from 'preact/hooks';
import type { Labels } from '../core/labels.js';
import { highlightCode, normaliseLanguage } from './highlight.js';
import { Icon } from './icons.js';
import { useCopy } from './use-copy.js';

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps {
  /** The code, as plain text. */
  code: string;
  /** The fence's info string (`ts`, `bash`, `json title="x"`); none shows plain text. */
  language?: string | undefined;
  /**
   * Whether the block has finished streaming. Highlighting waits for it: highlighting a block
   * on every token would make each chunk cost as much as the whole block.
   */
  complete: boolean;
  /** The copy button's labels. */
  labels: Pick<Labels, 'copyCode' | 'copied'>;
}

/**
 * A code block of an answer: a header with the language and a Copy button, and the code,
 * syntax-highlighted once complete. The highlighter's tokens are rendered as Preact nodes, never
 * as an HTML string.
 */
export function CodeBlock({ code, language, complete, labels }: CodeBlockProps): JSX.Element {
  const highlighted = useMemo(() => (complete ? highlightCode(code, language) : null), [code, language, complete]);
  const { copied, copy } = useCopy();
  const languageName = normaliseLanguage(language);
  const copyLabel = copied ? labels.copied : labels.copyCode;
  return (
    <div class="docent-code">
      <div class="docent-code-header">
        <span class="docent-code-language">{languageName ?? ''}</span>
        <button
          type="button"
          class={copied ? 'docent-code-copy docent-is-copied' : 'docent-code-copy'}
          aria-label={copyLabel}
          title={copyLabel}
          onClick={() => void copy(code)}
        >
          <Icon name={copied ? 'check' : 'copy'} size={14} />
          {copied ? <span>{labels.copied}</span> : null}
        </button>
      </div>
      {/* Focusable so a keyboard can scroll long lines sideways. */}
      <pre class="docent-code-body" tabIndex={0}>
        <code class={highlighted ? `language-${highlighted.language}` : undefined}>
          {highlighted ? renderTokens(highlighted.tokens) : code}
        </code>
      </pre>
    </div>
  );
}

// `<span class="token keyword">`, Prism's class names: the type, then its aliases.
function renderTokens(stream: TokenStream): ComponentChildren {
  if (typeof stream === 'string') return stream;
  if (Array.isArray(stream)) return stream.map(renderTokens);
  const aliases = Array.isArray(stream.alias) ? stream.alias.join(' ') : (stream.alias ?? '');
  return <span class={`token ${stream.type} ${aliases}`.trimEnd()}>{renderTokens(stream.content)}</span>;
}
