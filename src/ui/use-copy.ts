import { useEffect, useRef, useState } from 'preact/hooks';
import { copyText } from './copy-text.js';

/** How long the "Copied" confirmation stays, in milliseconds. */
export const copiedFeedbackMilliseconds = 2000;

/**
 * State for a copy button: `copy(text)` copies and sets `copied` to `true` for
 * {@link copiedFeedbackMilliseconds}, so the button can say "Copied".
 *
 * @example
 * const { copied, copy } = useCopy();
 * <button onClick={() => copy(code)}>{copied ? labels.copied : labels.copyCode}</button>
 */
export function useCopy(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy(text: string): Promise<void> {
    const done = await copyText(text);
    if (!done) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), copiedFeedbackMilliseconds);
  }
  return { copied, copy };
}
