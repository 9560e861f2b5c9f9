import type { ContextItem } from './context-item.js';
import { maximumContextLength } from './context-item.js';
import { nearestElementId } from './element-id.js';

/** How the code-block buttons look and speak. */
export interface CodeBlockButtonSettings {
  /** Accessible name of each button (`labels.askAboutCode`). */
  label: string;
  /** Visible text of each button (`labels.launcher`). */
  text: string;
  /** Nonce for the button's `<style>` where constructable stylesheets are missing. */
  styleNonce?: string | null;
  /** Page path for the context item. Default: `location.pathname`. */
  path?: () => string;
}

// Shown on hover or keyboard focus of the block; always shown where there is no hover (touch).
// Shown at once, not faded in: half-faded text fails contrast (and motion needs no opt-out).
const buttonStyles = `
:host { all: initial; position: absolute; right: 8px; bottom: 8px; z-index: 1; }
button {
  font: 500 12px/1 system-ui, -apple-system, "Segoe UI", sans-serif; cursor: pointer;
  padding: 6px 8px; border-radius: 6px; border: 1px solid rgba(127,127,127,.45);
  background: Canvas; color: CanvasText; opacity: 0;
}
:host([data-visible]) button, button:focus-visible { opacity: 1; }
button:focus-visible { outline: 2px solid Highlight; outline-offset: 2px; }
@media (hover: none) { button { opacity: 1; } }
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

/** The custom attribute marking our button hosts, so they are recognised and never nested. */
const hostAttribute = 'data-docent-code-action';

/** Runs `callback` in a later task (an idle one where supported); returns a cancel function. */
function later(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 1_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 0);
  return () => clearTimeout(handle);
}

/**
 * Gives every code block matching `selector` an "Ask AI" button, now and for blocks added
 * later (a `MutationObserver` on the document). Each button lives in its own small shadow root,
 * so the host's CSS cannot break it and it cannot break the host; it shows on hover and
 * keyboard focus and is in the tab order. Clicking it calls `onAsk` with a `code` context item
 * (the block's text, capped, with the page path and the nearest element id).
 * @returns a function that removes every button and stops watching.
 */
export function attachCodeBlockButtons(
  document: Document,
  selector: string,
  onAsk: (item: ContextItem) => void,
  settings: CodeBlockButtonSettings,
): () => void {
  const attached = new Map<Element, () => void>();
  const view = document.defaultView;
  const pagePath = settings.path ?? (() => document.defaultView?.location.pathname ?? '/');

  /** Equips one block; `position` is its computed position, read before any block was changed. */
  function attach(block: Element, position: string): void {
    const host = document.createElement('span');
    host.setAttribute(hostAttribute, '');
    const root = host.attachShadow({ mode: 'open' });
    applyButtonStyles(root, settings.styleNonce);
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = settings.text;
    button.setAttribute('aria-label', settings.label);
    root.append(button);

    button.addEventListener('click', (event) => {
      // The host page's own handlers on the block (copy-on-click, say) must not fire.
      event.stopPropagation();
      event.preventDefault();
      const code = (block.textContent ?? '').replace(/\n$/, '');
      const item: ContextItem = { type: 'code', value: code.slice(0, maximumContextLength), path: pagePath() };
      if (code.length > maximumContextLength) item.truncated = true;
      const elementId = nearestElementId(block);
      if (elementId !== undefined) item.elementId = elementId;
      onAsk(item);
    });

    const show = () => host.setAttribute('data-visible', '');
    const hide = () => {
      if (!block.matches(':hover') && !block.contains(document.activeElement)) host.removeAttribute('data-visible');
    };
    block.addEventListener('pointerenter', show);
    block.addEventListener('pointerleave', hide);
    block.addEventListener('focusin', show);
    block.addEventListener('focusout', hide);

    // The button is positioned against the block; a static block is made relative, and
    // restored on detach.
    const element = block as HTMLElement;
    const madeRelative = position === 'static' || position === '';
    if (madeRelative) element.style.position = 'relative';
    block.prepend(host);

    attached.set(block, () => {
      host.remove();
      if (madeRelative) element.style.position = '';
      block.removeEventListener('pointerenter', show);
      block.removeEventListener('pointerleave', hide);
      block.removeEventListener('focusin', show);
      block.removeEventListener('focusout', hide);
    });
  }

  // Blocks wait here and are equipped in slices of a few milliseconds, so a page with hundreds
  // of code blocks never sees a long task; in each slice all styles are read before any block
  // is changed, so the browser computes layout once per slice, not once per block.
  const waiting: Element[] = [];
  let scheduled: (() => void) | undefined;
  const sliceMilliseconds = 8;

  function equipWaiting(): void {
    scheduled = undefined;
    const started = performance.now();
    do {
      const slice = waiting.splice(0, 16).filter((block) => block.isConnected && !isEquipped(block));
      const positions = slice.map((block) => (view === null ? 'static' : view.getComputedStyle(block).position));
      slice.forEach((block, index) => attach(block, positions[index]!));
    } while (waiting.length > 0 && performance.now() - started < sliceMilliseconds);
    if (waiting.length > 0) scheduled = later(equipWaiting);
  }

  function isEquipped(block: Element): boolean {
    // Also skips blocks that another widget on the page has already equipped.
    return (
      attached.has(block) ||
      block.closest(`[${hostAttribute}]`) !== null ||
      block.querySelector(`:scope > [${hostAttribute}]`) !== null
    );
  }

  function scan(root: ParentNode): void {
    if (root instanceof Element && root.matches(selector)) waiting.push(root);
    waiting.push(...root.querySelectorAll(selector));
    if (scheduled === undefined && waiting.length > 0) equipWaiting();
  }

  scan(document);
  const Observer = document.defaultView?.MutationObserver;
  const observer =
    Observer === undefined
      ? undefined
      : new Observer((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (node.nodeType === 1 && !(node as Element).hasAttribute(hostAttribute)) scan(node as Element);
            }
            for (const node of record.removedNodes) {
              for (const [block, detach] of attached) {
                if (node === block || node.contains(block)) {
                  detach();
                  attached.delete(block);
                }
              }
            }
          }
        });
  observer?.observe(document.body ?? document.documentElement, { childList: true, subtree: true });

  return () => {
    scheduled?.();
    waiting.length = 0;
    observer?.disconnect();
    for (const detach of attached.values()) detach();
    attached.clear();
  };
}
