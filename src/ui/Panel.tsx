import type { ComponentChildren, JSX, RefObject } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import type { Labels } from '../core/labels.js';
import { canRestoreFocus, deepActiveElement } from './focus.js';
import { useHostModalOpen } from './host-modal.js';
import { Icon } from './icons.js';
import { usePageShift } from './page-shift.js';

/** Props of {@link Panel}. */
export interface PanelProps {
  /** Whether the panel is shown. It stays mounted while closed, so a streaming answer goes on. */
  open: boolean;
  /** The side of the page the panel is on (the `position` option). Default `right`. */
  position?: 'left' | 'right' | undefined;
  /** The title, which names the dialog. */
  title: string;
  /** Header button labels. */
  labels: Pick<Labels, 'close' | 'newConversation'>;
  /** Closes the panel (the close button and Escape). */
  onClose(): void;
  /** Starts a new conversation. */
  onNewConversation(): void;
  /** Receives focus when the panel opens (the textbox). */
  initialFocusRef: RefObject<HTMLElement>;
  /** Receives focus on close when the element focused before opening is gone (the launcher). */
  fallbackFocusRef?: RefObject<HTMLElement> | undefined;
  /** Move focus into the panel when it is open on mount. Default true; false for `open: true` at page load. */
  focusOnMount?: boolean;
  children: ComponentChildren;
}

/**
 * The assistant panel: a non-modal `dialog` named by its title, with "New conversation" and
 * Close in its header. Escape closes it. On screens 640 px and wider it is a 400 px card in the
 * bottom corner that leaves the page's top bar free (`--docent-panel-top`, default 64 px: the
 * generators' search and theme switch stay in reach); from 1200 px the page is narrowed beside
 * it (`usePageShift`), so its table of contents stays in view too; under 640 px it is full
 * screen. While the page's own modal dialog (its search) is open, the panel hides under it.
 * Opening moves focus to the textbox; closing returns focus to where it was before (or the
 * launcher), but only when focus was in the panel, so closing from code never steals focus.
 */
export function Panel(props: PanelProps): JSX.Element {
  const { open, title, labels } = props;
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const previousFocus = useRef<Element | null>(null);
  const wasOpen = useRef(props.focusOnMount === false ? open : false);
  const behindHostModal = useHostModalOpen(open);
  usePageShift(open, props.position ?? 'right');

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    if (open && !wasOpen.current) {
      const active = deepActiveElement();
      previousFocus.current = active && active !== document.body && !panel.contains(active) ? active : null;
      props.initialFocusRef.current?.focus();
    } else if (!open && wasOpen.current) {
      const active = deepActiveElement();
      const focusWasInPanel =
        active === null || active === document.body || panel.contains(active) || panel.getRootNode() === active.shadowRoot;
      if (focusWasInPanel) {
        const target = canRestoreFocus(previousFocus.current) ? previousFocus.current : props.fallbackFocusRef?.current;
        target?.focus();
      }
      previousFocus.current = null;
    }
    wasOpen.current = open;
  }, [open]);

  function onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
    event.preventDefault();
    props.onClose();
  }

  return (
    <div
      ref={panelRef}
      class={behindHostModal ? 'docent-panel docent-is-behind' : 'docent-panel'}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onKeyDown}
    >
      {/* A div, not <header>: a header outside sectioning elements is a `banner` landmark, and
          the host page has its own; the dialog's title already labels this part. */}
      <div class="docent-panel-header">
        <h2 id={titleId} class="docent-title">
          <span class="docent-title-mark" aria-hidden="true">
            <Icon name="sparkle" size={16} />
          </span>
          {title}
        </h2>
        <div class="docent-header-actions">
          <button
            type="button"
            class="docent-icon-button"
            aria-label={labels.newConversation}
            title={labels.newConversation}
            onClick={props.onNewConversation}
          >
            <Icon name="newConversation" size={17} />
          </button>
          <button type="button" class="docent-icon-button" aria-label={labels.close} title={labels.close} onClick={props.onClose}>
            <Icon name="close" size={18} />
          </button>
        </div>
      </div>
      {props.children}
    </div>
  );
}
