// Importing signals' Preact integration lets this component re-render when the draft changes.
import '@preact/signals';
import type { Signal } from '@preact/signals';
import type { JSX, Ref, RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ContextItem } from '../core/context-item.js';
import type { Labels } from '../core/labels.js';
import { ContextChips } from './ContextChips.js';
import type { ContextChipLabels } from './ContextChips.js';
import { Icon } from './icons.js';

/** Props of {@link Composer}. */
export interface ComposerProps {
  /** The reader's draft (the store's `draft`, kept per tab so nothing typed is lost). */
  draft: Signal<string>;
  /** Context items attached to the next question. */
  context: readonly ContextItem[];
  /** Removes an attached item. */
  onRemoveContext(index: number): void;
  /** Labels of the input, the buttons and the chips. */
  labels: Pick<Labels, 'inputName' | 'placeholder' | 'send' | 'stop'> & ContextChipLabels;
  /** The line under the input; empty hides it. */
  disclaimer: string;
  /** A question is on its way or streaming: Send waits, Stop is offered, typing goes on. */
  busy: boolean;
  /** Sends the draft (only called with a non-empty draft while not busy). */
  onSubmit(): void;
  /** Stops the streaming answer. */
  onStop(): void;
  /** The textarea, focused when the panel opens. */
  textareaRef?: Ref<HTMLTextAreaElement>;
}

const maximumHeight = 200;

/**
 * The message input: attached context chips, a `textarea` named "Message" (Enter sends,
 * Shift+Enter starts a new line), the Send button, or Stop while an answer streams (the
 * textarea stays usable for the next question), and the disclaimer line.
 */
export function Composer(props: ComposerProps): JSX.Element {
  const { draft, labels, busy } = props;
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const textareaRef = (props.textareaRef ?? ownRef) as RefObject<HTMLTextAreaElement>;
  const text = draft.value;
  const canSend = !busy && text.trim() !== '';

  // Grow with the text up to a limit, then scroll. Set through the style property (CSP-safe).
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(textarea.scrollHeight, maximumHeight)}px`;
  }, [text]);

  function submit(): void {
    if (canSend) props.onSubmit();
  }

  function onKeyDown(event: KeyboardEvent): void {
    // keyCode 229: a key handled by an input method editor, still composing.
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  }

  return (
    <form
      class="docent-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div class="docent-composer-box">
        <ContextChips
          items={props.context}
          labels={labels}
          onRemove={props.onRemoveContext}
          onRemovedLast={() => textareaRef.current?.focus()}
        />
        <div class="docent-composer-row">
          <textarea
            ref={textareaRef}
            class="docent-input"
            rows={1}
            aria-label={labels.inputName}
            placeholder={labels.placeholder}
            value={text}
            onInput={(event) => (draft.value = event.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
          {/* Distinct keys: reusing one <button> would turn the pressed Stop into a submit
              button before the click's default action runs, sending the draft. */}
          {busy ? (
            <button key="stop" type="button" class="docent-send docent-is-stop" aria-label={labels.stop} title={labels.stop} onClick={props.onStop}>
              <Icon name="stop" size={14} />
            </button>
          ) : (
            <button key="send" type="submit" class="docent-send" aria-label={labels.send} title={labels.send} disabled={!canSend}>
              <Icon name="send" size={16} />
            </button>
          )}
        </div>
      </div>
      {props.disclaimer ? <p class="docent-disclaimer">{props.disclaimer}</p> : null}
    </form>
  );
}
