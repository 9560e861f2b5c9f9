import { useEffect, useState } from 'preact/hooks';

// The docs generators' own search dialogs, and any modal dialog of the page: DocSearch
// (VitePress, Docusaurus, many others), VitePress's local search, MkDocs Material's search
// (a checkbox toggle), `aria-modal` dialogs, and modal `<dialog>`s (Starlight's search; a
// selector of its own, as a browser without `:modal` rejects the whole list it is in).
const hostModalSelectors = ['.DocSearch-Modal,.VPLocalSearchBox,[data-md-toggle=search]:checked,[aria-modal=true]', 'dialog:modal'];

/** Whether one of the page's own modal dialogs (its search, usually) is open in `document`. */
export function hostModalOpen(document: Document): boolean {
  return hostModalSelectors.some((selector) => {
    try {
      // A toggle is hidden by design; a dialog counts only while it is rendered.
      return [...document.querySelectorAll(selector)].some((element) => element.tagName === 'INPUT' || element.getClientRects().length > 0);
    } catch {
      return false;
    }
  });
}

/**
 * Whether the page's own modal dialog is open, watched only while `active` (the panel is open):
 * a mutation observer on the page (which does not see into the widget's shadow root, so the
 * widget's own updates never wake it) and `change` events for MkDocs' search toggle.
 */
export function useHostModalOpen(active: boolean): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!active) {
      setOpen(false);
      return;
    }
    const check = () => setOpen(hostModalOpen(document));
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['open', 'class', 'hidden', 'aria-modal'],
    });
    // Capture: MkDocs Material dispatches a change event that does not bubble.
    document.addEventListener('change', check, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('change', check, true);
    };
  }, [active]);
  return open;
}
