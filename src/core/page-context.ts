import type { PageSelection, WidgetStore } from './store.js';

import { sectionId } from './element-id.js';

export { attachCodeBlockButtons } from './code-block-buttons.js';
export { codeText } from './code-text.js';
export { sectionId };

/**
 * Reads the document's current text selection as a {@link PageSelection}, or null when nothing
 * is selected, the selection is only whitespace, or it lies inside `widgetHost` (the reader
 * selecting text of an answer is not asking about the page).
 */
export function readPageSelection(document: Document, widgetHost?: Element): PageSelection | null {
  const selection = document.getSelection();
  if (selection === null || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const anchor = range.commonAncestorContainer;
  if (widgetHost !== undefined && (widgetHost === anchor || widgetHost.contains(anchor))) return null;
  const text = selection.toString().trim();
  if (text === '') return null;
  const bounds = range.getBoundingClientRect();
  const rect = {
    top: bounds.top,
    left: bounds.left,
    bottom: bounds.bottom,
    right: bounds.right,
    width: bounds.width,
    height: bounds.height,
  };
  const elementId = sectionId(anchor);
  return elementId === undefined ? { text, rect } : { text, rect, elementId };
}

/**
 * Keeps `store.selection` in step with the host page's text selection (for the "Ask AI about
 * this selection" affordance). Updates are batched to one per animation frame, since
 * `selectionchange` fires for every pixel of a drag, and the rect follows scrolling.
 * The UI should read `store.selection` on `pointerdown` of its affordance: clicking may clear
 * the page selection before `click`.
 * @param widgetHost the widget's shadow host; selections inside it are ignored.
 * @returns a function that stops tracking and clears `store.selection`.
 */
export function createSelectionTracker(
  store: Pick<WidgetStore, 'selection'>,
  document: Document,
  widgetHost?: Element,
): () => void {
  const view = document.defaultView;
  let frame: number | undefined;
  const update = () => {
    frame = undefined;
    const next = readPageSelection(document, widgetHost);
    const previous = store.selection.peek();
    if (next === null && previous === null) return;
    store.selection.value = next;
  };
  const schedule = () => {
    if (frame !== undefined) return;
    frame = view?.requestAnimationFrame ? view.requestAnimationFrame(update) : (setTimeout(update, 16) as unknown as number);
  };
  const onScroll = () => {
    if (store.selection.peek() !== null) schedule();
  };
  document.addEventListener('selectionchange', schedule);
  view?.addEventListener('scroll', onScroll, { passive: true, capture: true });
  view?.addEventListener('resize', onScroll, { passive: true });
  return () => {
    document.removeEventListener('selectionchange', schedule);
    view?.removeEventListener('scroll', onScroll, { capture: true });
    view?.removeEventListener('resize', onScroll);
    if (frame !== undefined) {
      if (view?.cancelAnimationFrame) view.cancelAnimationFrame(frame);
      else clearTimeout(frame);
    }
    store.selection.value = null;
  };
}
