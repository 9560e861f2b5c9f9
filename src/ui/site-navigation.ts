/**
 * Whether `href` is a page of the site the widget is on: the same origin as the page, whether
 * written as a path (`/docs/install`) or as an absolute URL (sources with the server's `siteUrl`).
 * Such links navigate in place; links to other sites open in a new tab.
 */
export function isSameSite(href: string, page: Pick<Location, 'href' | 'origin'> = location): boolean {
  try {
    return new URL(href, page.href).origin === page.origin;
  } catch {
    return false;
  }
}

/**
 * A link's click on a page of the same site: navigates in place ({@link navigateInPlace})
 * unless the click asks for the browser's own handling or something else already took it.
 */
export function followInPlace(event: MouseEvent, href: string): void {
  if (event.defaultPrevented || isModifiedClick(event)) return;
  event.preventDefault();
  navigateInPlace(href);
}

/** Whether a click asks for the browser's own handling: a new tab or window, a download. */
export function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * Goes to a page of the same site in this tab, through the site's client-side router when it
 * has one, so a single-page docs site keeps its state and does not reload.
 *
 * The link in the widget sits in a shadow root, where a site's router never sees it: routers
 * that listen for clicks on the document (VitePress, MkDocs Material's instant loading, Astro's
 * view transitions) read `event.target.closest('a')`, and from the document the target is the
 * widget's host element. So a plain click is dispatched on a temporary link in the page itself:
 * such a router takes it (and prevents its default), otherwise the browser follows the link as
 * any link of the page. Docusaurus's router (React Router) handles only its own link
 * components, so there a `pushState` and the `popstate` its history listens to stand in for the
 * click. Other sites get a full page load, which a multi-page site needs anyway.
 */
export function navigateInPlace(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.hidden = true;
  const historyRouter = document.getElementById('__docusaurus') !== null;
  // Runs after the page's own window listeners (added before this one): if none took the
  // click, a history-listening router is told instead of letting the browser load the page.
  const takeOver = (event: Event): void => {
    if (event.target !== link || event.defaultPrevented) return;
    // A new anchor on the same page is the browser's own (in-document) navigation.
    const otherPage = link.pathname !== location.pathname || link.search !== location.search;
    if (historyRouter && otherPage) {
      event.preventDefault();
      history.pushState(null, '', link.href);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }
  };
  addEventListener('click', takeOver);
  document.body.append(link);
  try {
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, button: 0, view: window }));
  } finally {
    link.remove();
    removeEventListener('click', takeOver);
  }
}
