/**
 * The element that really has focus, looking inside open shadow roots (where
 * `document.activeElement` only gives the shadow host). Null when nothing is focused.
 */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Whether `element` can take focus back: still in the document and not hidden or disabled. */
export function canRestoreFocus(element: Element | null | undefined): element is HTMLElement {
  if (!element || !element.isConnected || !('focus' in element)) return false;
  if ((element as HTMLButtonElement).disabled) return false;
  return !(element as HTMLElement).closest('[hidden]');
}
