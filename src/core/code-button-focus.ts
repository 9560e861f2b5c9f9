/**
 * A place in the Tab order: an element (`end: false`) or, for a code block (`end: true`), the
 * spot right after its content, where its "Ask AI" button belongs in the order although the
 * button itself lives outside the page's tree.
 */
export interface TabStop {
  element: Element;
  end: boolean;
}

const tabbableSelector =
  'a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable]:not([contenteditable="false"])';

function isTabbable(element: Element): boolean {
  const html = element as HTMLElement & { disabled?: boolean };
  if (html.tabIndex < 0 || html.disabled === true || element.matches('input[type="hidden"]')) return false;
  return typeof html.checkVisibility === 'function' ? html.checkVisibility({ visibilityProperty: true }) : html.getClientRects().length > 0;
}

/** The first (or, `backwards`, the last) tabbable element of `element`'s open shadow tree. */
function tabbableInShadow(element: Element, backwards: boolean): HTMLElement | undefined {
  const inside = [...(element.shadowRoot?.querySelectorAll(tabbableSelector) ?? [])].filter(isTabbable);
  return (backwards ? inside.at(-1) : inside[0]) as HTMLElement | undefined;
}

/**
 * Moves focus to `stop` (an element found by {@link adjacentTabStop}): the element itself, or for
 * a web component (the widget's own launcher), the first or last tabbable element inside it.
 */
export function focusTabStop(stop: TabStop, backwards: boolean): void {
  const target = isTabbable(stop.element) ? (stop.element as HTMLElement) : tabbableInShadow(stop.element, backwards);
  target?.focus();
}

/** Negative when `first` comes before `second` in the Tab order of the document. */
function compare(first: TabStop, second: TabStop): number {
  if (first.element === second.element) return Number(first.end) - Number(second.end);
  const relation = first.element.compareDocumentPosition(second.element);
  // Inside an element means after its start and before its end.
  if (relation & 16 /* CONTAINED_BY */) return first.end ? 1 : -1;
  if (relation & 8 /* CONTAINS */) return second.end ? -1 : 1;
  return relation & 4 /* FOLLOWING */ ? -1 : 1;
}

/**
 * The Tab stop that comes after `from` (before it with `backwards`) when every visible code
 * block matching `selector` has a stop at its end: the page's own tabbable elements, web
 * components with tabbable elements inside, and the code blocks' ends, in document order. Null
 * when there is none.
 * @param exclude the element holding the buttons, which is no stop of its own.
 */
export function adjacentTabStop(document: Document, selector: string, from: TabStop, backwards: boolean, exclude?: Element): TabStop | null {
  const stops: TabStop[] = [];
  for (const element of document.querySelectorAll(tabbableSelector)) {
    if (element !== exclude && isTabbable(element)) stops.push({ element, end: false });
  }
  // Web components with controls in their shadow tree, such as the widget's launcher.
  for (const element of document.querySelectorAll('*')) {
    if (element !== exclude && element.shadowRoot != null && !element.matches(tabbableSelector) && tabbableInShadow(element, backwards) !== undefined) {
      stops.push({ element, end: false });
    }
  }
  for (const block of document.querySelectorAll(selector)) {
    if (block.getClientRects().length > 0) stops.push({ element: block, end: true });
  }
  let best: TabStop | null = null;
  for (const stop of stops) {
    const order = compare(stop, from) * (backwards ? -1 : 1);
    if (order > 0 && (best === null || compare(stop, best) * (backwards ? -1 : 1) < 0)) best = stop;
  }
  return best;
}
