import type { JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ContextItem } from '../core/context-item.js';
import type { Labels } from '../core/labels.js';
import { formatLabel } from '../core/labels.js';
import { Icon } from './icons.js';

/** The labels the chips use. */
export type ContextChipLabels = Pick<
  Labels,
  'contextHeading' | 'contextSelection' | 'contextCode' | 'contextRemove' | 'contextTruncated'
>;

/** Props of {@link ContextChips}. */
export interface ContextChipsProps {
  /** The attached items. */
  items: readonly ContextItem[];
  /** Chip labels. */
  labels: ContextChipLabels;
  /** Removes the item at `index`; without it the chips are read-only (in a sent message). */
  onRemove?: (index: number) => void;
  /** Called after the last chip was removed by its button, to put focus somewhere useful. */
  onRemovedLast?: () => void;
}

const previewLength = 48;

/** A one-line preview of a context value: whitespace collapsed, cut with an ellipsis. */
export function contextPreview(value: string): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > previewLength ? `${line.slice(0, previewLength - 1)}…` : line;
}

/**
 * The context items attached to a question, as chips: a type icon, the type's label and a
 * preview of the value, a visible note when the value was cut, and (in the composer) a remove
 * button named after the chip, e.g. "Remove Selection “npm install docent”".
 */
export function ContextChips({ items, labels, onRemove, onRemovedLast }: ContextChipsProps): JSX.Element | null {
  const list = useRef<HTMLUListElement>(null);
  // The removed chip's button had focus; without this, focus would fall to the host page's body.
  const removedIndex = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = removedIndex.current;
    if (index === null) return;
    removedIndex.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('.docent-chip-remove');
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else onRemovedLast?.();
  }, [items]);

  if (items.length === 0) return null;
  return (
    <ul class="docent-chips" aria-label={labels.contextHeading} ref={list}>
      {items.map((item, index) => {
        const typeLabel = item.type === 'code' ? labels.contextCode : labels.contextSelection;
        const preview = contextPreview(item.value);
        return (
          <li key={`${index}:${item.type}:${preview}`} class="docent-chip" data-type={item.type}>
            <Icon name={item.type === 'code' ? 'code' : 'quote'} size={14} />
            <span class="docent-chip-type">{typeLabel}</span>
            <span class={item.type === 'code' ? 'docent-chip-preview docent-is-code' : 'docent-chip-preview'} title={item.value.slice(0, 500)}>
              {preview}
            </span>
            {item.truncated ? <span class="docent-chip-note">{labels.contextTruncated}</span> : null}
            {onRemove ? (
              <button
                type="button"
                class="docent-chip-remove"
                aria-label={formatLabel(labels.contextRemove, { label: `${typeLabel} “${preview}”` })}
                onClick={() => {
                  removedIndex.current = index;
                  onRemove(index);
                }}
              >
                <Icon name="close" size={12} />
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
