import type { JSX } from 'preact';
import type { PageSelection, WidgetStore } from '../core/store.js';
import { Icon } from './icons.js';

/** Props of {@link SelectionPopover}. */
export interface SelectionPopoverProps {
  /** The host page's current selection, or null (then nothing is shown). */
  selection: PageSelection | null;
  /** The button's accessible name (`labels.askAboutSelection`). */
  label: string;
  /** The button's visible text (`labels.launcher`, "Ask AI"); part of the accessible name. */
  text: string;
  /** Attaches the selection and opens the panel. */
  onAsk(): void;
  /** Hides the button (Escape). */
  onDismiss(): void;
}

const gap = 8;
const estimatedHeight = 36;
const halfWidth = 70;

/** Where the button goes: under the selection, or above it near the bottom of the viewport. */
export function popoverPosition(
  rect: PageSelection['rect'],
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const below = rect.bottom + gap;
  const top = below + estimatedHeight > viewport.height ? Math.max(gap, rect.top - gap - estimatedHeight) : below;
  const center = rect.left + rect.width / 2;
  const left = Math.min(Math.max(center, halfWidth + gap), Math.max(halfWidth + gap, viewport.width - halfWidth - gap));
  return { top, left };
}

/**
 * The "Ask AI" button next to text selected in the host page. It is a real button in the
 * widget's tab order (and the shortcut can do the same, see {@link attachSelection}); Escape
 * dismisses it. Pressing it does not clear the page's selection first (mousedown is ignored).
 */
export function SelectionPopover({ selection, label, text, onAsk, onDismiss }: SelectionPopoverProps): JSX.Element | null {
  if (selection === null || selection.text.trim() === '') return null;
  const root = document.documentElement;
  const position = popoverPosition(selection.rect, {
    width: root.clientWidth || window.innerWidth,
    height: root.clientHeight || window.innerHeight,
  });
  return (
    <button
      type="button"
      class="docent-selection-button"
      aria-label={label}
      style={{ top: `${position.top}px`, left: `${position.left}px` }}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onAsk}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onDismiss();
      }}
    >
      <Icon name="sparkle" size={14} />
      <span>{text}</span>
    </button>
  );
}

/**
 * Attaches the store's current page selection as a `textSelection` context item (`value`, the
 * page's path, the `elementId` around it), clears the selection and opens the panel.
 * Returns false when there was no selection. The popover's action; the embed's shortcut
 * handler may call it too, so the keyboard reaches the same feature.
 */
export function attachSelection(store: WidgetStore): boolean {
  const selection = store.selection.peek();
  if (selection === null || selection.text.trim() === '') return false;
  store.addContext({
    type: 'textSelection',
    value: selection.text,
    path: store.currentPath(),
    ...(selection.elementId ? { elementId: selection.elementId } : {}),
  });
  store.selection.value = null;
  store.open();
  return true;
}
