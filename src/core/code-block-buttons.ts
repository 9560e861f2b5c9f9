import { codeButtonPosition } from './code-button-placement.js';
import { adjacentTabStop, focusTabStop } from './code-button-focus.js';
import { codeText } from './code-text.js';
import type { ContextItem } from './context-item.js';
import { maximumContextLength } from './context-item.js';
import { sectionId } from './element-id.js';

/** How the code-block button looks and speaks. */
export interface CodeBlockButtonSettings {
  /** Accessible name of the button (`labels.askAboutCode`). */
  label: string;
  /** Visible text of the button (`labels.launcher`). */
  text: string;
  /** Nonce for the button's `<style>` where constructable stylesheets are missing. */
  styleNonce?: string | null;
  /** Page path for the context item. Default: `location.pathname`. */
  path?: () => string;
  /** `z-index` of the button's layer; keep it under the widget's panel. Default 2147482999. */
  zIndex?: number;
}

const buttonStyles = `
:host { all: initial; position: absolute; top: 0; left: 0; width: 0; height: 0; }
button {
  position: absolute; top: 0; left: 0; visibility: hidden; white-space: nowrap;
  font: 500 12px/1 system-ui, -apple-system, "Segoe UI", sans-serif; cursor: pointer;
  padding: 6px 8px; border-radius: 6px; border: 1px solid rgba(127,127,127,.45);
  background: Canvas; color: CanvasText;
}
button[data-visible] { visibility: visible; }
button:focus-visible { outline: 2px solid Highlight; outline-offset: 2px; }
`;

let sharedSheet: CSSStyleSheet | undefined;

function applyButtonStyles(root: ShadowRoot, nonce: string | null | undefined): void {
  if (nonce == null && 'adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    if (sharedSheet === undefined) {
      sharedSheet = new CSSStyleSheet();
      sharedSheet.replaceSync(buttonStyles);
    }
    root.adoptedStyleSheets = [sharedSheet];
    return;
  }
  const style = root.ownerDocument.createElement('style');
  if (nonce != null) style.nonce = nonce;
  style.textContent = buttonStyles;
  root.append(style);
}

/** Marks the layer holding the button (tests and accessibility checks find it by this). */
const hostAttribute = 'data-docent-code-action';

// Widgets on one page share one button: the first attached shows it, the next takes over when it
// detaches. Kept on the document under a global symbol so two copies of the script agree too.
const ownersKey = Symbol.for('docent.code-block-buttons');

/**
 * Gives the page's code blocks (those matching `selector`, now or added later) an "Ask AI"
 * button, shown over the block the reader points at, taps or reaches with Tab, right after the
 * block's own controls, clear of the generator's copy button. The button lives in a layer of its
 * own (a shadow root on an element appended to `<body>`), outside the page's tree: the page's
 * HTML is never changed, so a framework hydrating that HTML later (Docusaurus, VitePress) finds
 * it as it rendered it, and nothing is added before the reader needs it. Clicking calls `onAsk`
 * with a `code` context item: the code as shown (see {@link codeText}), capped, with the page path
 * and the id of the section it is in.
 * @returns a function that removes the button and stops listening.
 */
export function attachCodeBlockButtons(
  document: Document,
  selector: string,
  onAsk: (item: ContextItem) => void,
  settings: CodeBlockButtonSettings,
): () => void {
  const view = document.defaultView;
  const pagePath = settings.path ?? (() => view?.location.pathname ?? '/');
  const owners: object[] = ((document as unknown as Record<symbol, object[]>)[ownersKey] ??= []);
  const owner = {};
  owners.push(owner);

  let layer: { host: HTMLElement; button: HTMLButtonElement } | undefined;
  let active: Element | null = null;
  let hovered: Element | null = null;
  let frame: number | undefined;
  const resizeObserver = view?.ResizeObserver === undefined ? undefined : new view.ResizeObserver(() => schedulePosition());

  function createLayer(): { host: HTMLElement; button: HTMLButtonElement } {
    const host = document.createElement('div');
    host.setAttribute(hostAttribute, '');
    host.style.zIndex = String(settings.zIndex ?? 2147482999);
    const root = host.attachShadow({ mode: 'open' });
    applyButtonStyles(root, settings.styleNonce);
    const button = document.createElement('button');
    button.type = 'button';
    // Reached through the page's Tab order (see onKeyDown), not at the end of <body>.
    button.tabIndex = -1;
    button.textContent = settings.text;
    button.setAttribute('aria-label', settings.label);
    button.addEventListener('click', (event) => {
      event.preventDefault();
      if (active !== null) onAsk(contextItemOf(active));
    });
    root.append(button);
    document.body.append(host);
    return { host, button };
  }

  function contextItemOf(block: Element): ContextItem {
    const code = codeText(block);
    const item: ContextItem = { type: 'code', value: code.slice(0, maximumContextLength), path: pagePath() };
    if (code.length > maximumContextLength) item.truncated = true;
    const elementId = sectionId(block);
    if (elementId !== undefined) item.elementId = elementId;
    return item;
  }

  /** Places the button over the active block, or hides it; true when it shows. */
  function position(): boolean {
    frame = undefined;
    if (layer === undefined) return false;
    const { host, button } = layer;
    const place = active?.isConnected ? codeButtonPosition(active, { width: button.offsetWidth, height: button.offsetHeight }, host) : null;
    if (place === null) {
      button.removeAttribute('data-visible');
      return false;
    }
    const origin = host.getBoundingClientRect();
    button.style.transform = `translate(${Math.round(place.left - origin.left)}px, ${Math.round(place.top - origin.top)}px)`;
    button.setAttribute('data-visible', '');
    return true;
  }

  function schedulePosition(): void {
    if (frame !== undefined || view === null) return;
    frame = view.requestAnimationFrame(position);
  }

  function activate(block: Element | null): void {
    if (block === active) return schedulePosition();
    if (active !== null) resizeObserver?.unobserve(active);
    active = block;
    if (block === null) {
      layer?.button.removeAttribute('data-visible');
      view?.removeEventListener('scroll', schedulePosition, { capture: true });
      view?.removeEventListener('resize', schedulePosition);
      return;
    }
    layer ??= createLayer();
    resizeObserver?.observe(block);
    // Scrolling inside the page (a scrolled container, a sticky header) moves or covers the block.
    view?.addEventListener('scroll', schedulePosition, { capture: true, passive: true });
    view?.addEventListener('resize', schedulePosition, { passive: true });
    schedulePosition();
  }

  const isOwner = () => owners[0] === owner;
  const onButton = () => layer !== undefined && document.activeElement === layer.host;
  const blockOf = (target: EventTarget | null): Element | null =>
    (target as Node | null)?.nodeType === 1 ? (target as Element).closest(selector) : null;
  const focusedBlock = (): Element | null => (onButton() ? active : blockOf(document.activeElement));

  function onPointerOver(event: PointerEvent): void {
    if (!isOwner() || (layer !== undefined && event.target === layer.host)) return;
    hovered = blockOf(event.target);
    activate(hovered ?? focusedBlock());
  }

  function onPointerOut(event: PointerEvent): void {
    // Leaving the window.
    if (!isOwner() || event.relatedTarget !== null) return;
    hovered = null;
    activate(focusedBlock());
  }

  function onFocusIn(event: FocusEvent): void {
    if (!isOwner() || (layer !== undefined && event.target === layer.host)) return;
    activate(blockOf(event.target) ?? hovered);
  }

  function onFocusOut(event: FocusEvent): void {
    if (isOwner() && event.relatedTarget === null) activate(hovered);
  }

  /** Shows the button of `block` and moves focus to it; false when it cannot show. */
  function focusButton(block: Element): boolean {
    const box = block.getBoundingClientRect();
    // At once, even on a site with smooth scrolling: the button is placed right after.
    if (box.top < 0 || box.bottom > (view?.innerHeight ?? box.bottom)) block.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    activate(block);
    if (!position()) return false;
    layer?.button.focus();
    return true;
  }

  // The button's place in the Tab order is right after its block's content: Tab from the block's
  // last control (or from what comes before a block without controls) lands on it, and Tab from
  // it goes on to what follows the block. Focus inside another shadow tree (the widget's panel,
  // a web component) is left to the browser.
  function onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !isOwner()) return;
    const focused = document.activeElement ?? document.body;
    const fromButton = onButton() && active !== null;
    if (!fromButton && focused.shadowRoot != null) return;
    let next = adjacentTabStop(document, selector, fromButton ? { element: active!, end: true } : { element: focused, end: false }, event.shiftKey, layer?.host);
    // A block whose button cannot show (covered by a sticky header, say) is passed over.
    while (next?.end === true) {
      if (focusButton(next.element)) return event.preventDefault();
      next = adjacentTabStop(document, selector, next, event.shiftKey, layer?.host);
    }
    // From elsewhere, the browser's own move is this one.
    if (next !== null && fromButton) {
      event.preventDefault();
      focusTabStop(next, event.shiftKey);
    }
  }

  document.addEventListener('pointerover', onPointerOver, { passive: true });
  document.addEventListener('pointerout', onPointerOut, { passive: true });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  document.addEventListener('keydown', onKeyDown);

  return () => {
    activate(null);
    if (frame !== undefined) view?.cancelAnimationFrame(frame);
    resizeObserver?.disconnect();
    document.removeEventListener('pointerover', onPointerOver);
    document.removeEventListener('pointerout', onPointerOut);
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
    document.removeEventListener('keydown', onKeyDown);
    layer?.host.remove();
    owners.splice(owners.indexOf(owner), 1);
  };
}
