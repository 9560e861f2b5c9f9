// Installs signals' Preact integration: a component that reads `signal.value` re-renders when it changes.
import '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ResolvedOptions } from '../core/options.js';
import { formatShortcut, isApplePlatform, parseShortcut } from '../core/shortcut.js';
import type { Shortcut } from '../core/shortcut.js';
import type { WidgetStore } from '../core/store.js';
import { connectToPage } from '../embed/page-integrations.js';
import { Launcher } from './Launcher.js';
import { AssistantPanel } from './AssistantPanel.js';
import { loadConversation, preloadStarted } from './conversation-loader.js';
import { SelectionPopover, attachSelection } from './SelectionPopover.js';

/** Props of {@link Assistant}. */
export interface AssistantProps {
  /** The widget instance's state (`createWidgetStore(options)`); one store per widget. */
  store: WidgetStore;
  /**
   * Connects the widget to the page it is rendered in, as `mount()` does: the `shortcut` option
   * toggles the panel, text selected in the page offers "Ask AI" (`selection`), code blocks get
   * an "Ask AI" button (`codeBlocks`), and keys typed in the widget do not reach the page's own
   * hotkeys. Each follows its option live. Default true; `mount()` passes false because it
   * connects the page itself, one step after the first render.
   */
  pageIntegrations?: boolean;
}

const defaultZIndex = 2147483000;

/**
 * The theme options as CSS custom properties on the root element, set through the style
 * property (CSSOM, allowed under a strict CSP, unlike a style attribute). Options left at
 * their defaults are not set, so `--docent-*` variables from the host page's CSS apply.
 */
export function themeVariables(options: ResolvedOptions): Record<string, string> {
  const variables: Record<string, string> = {};
  if (options.accent) variables['--docent-accent'] = options.accent;
  if (options.radius) variables['--docent-radius'] = options.radius;
  if (options.font) variables['--docent-font'] = options.font;
  if (options.zIndex !== defaultZIndex) variables['--docent-z-index'] = String(options.zIndex);
  return variables;
}

/** A shortcut in `aria-keyshortcuts` form, e.g. `Control+I` (or `Meta+I` on Apple platforms). */
export function ariaKeyShortcut(shortcut: Shortcut, apple: boolean = isApplePlatform()): string {
  const parts = [
    shortcut.ctrl || (shortcut.mod && !apple) ? 'Control' : '',
    shortcut.meta || (shortcut.mod && apple) ? 'Meta' : '',
    shortcut.alt ? 'Alt' : '',
    shortcut.shift ? 'Shift' : '',
    shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key,
  ];
  return parts.filter(Boolean).join('+');
}

/**
 * The whole widget for one store: the launcher, the panel with the conversation, and the
 * "Ask AI" button next to text selected in the page. At page load only the launcher is
 * rendered; the panel on first open (or the first `ask()`), or earlier, closed, when the page
 * is idle after its load and the conversation's heavy code starts loading in slices there
 * (`conversation-loader.ts`). With `pageIntegrations` (the default) it also connects to the
 * page: shortcut, ask-about-selection, code-block buttons (`src/embed/page-integrations.ts`).
 *
 * @example render(<Assistant store={createWidgetStore(options)} />, shadowRoot)
 */
export function Assistant({ store, pageIntegrations = true }: AssistantProps): JSX.Element {
  const options = store.options.value;
  const isOpen = store.isOpen.value;
  const colorScheme = store.colorScheme.value;
  const hasPendingQuestion = store.pendingQuestion.value !== null;
  const selection = options.selection ? store.selection.value : null;
  const rootRef = useRef<HTMLDivElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const openAtLoad = useRef(isOpen && !hasPendingQuestion);
  const panelStarted = useRef(false);
  const [prepared, setPrepared] = useState(false);
  if (isOpen || hasPendingQuestion || prepared) panelStarted.current = true;
  const [focusRequest, setFocusRequest] = useState(0);
  const shortcut = useMemo(() => (options.shortcut ? parseShortcut(options.shortcut) : null), [options.shortcut]);

  // When the page is idle after its load, the closed panel is rendered too, in a task of its
  // own: the first open then only shows it and moves focus.
  useEffect(() => {
    let mounted = true;
    void preloadStarted.then(() => setTimeout(() => mounted && setPrepared(true), 0));
    return () => {
      mounted = false;
    };
  }, []);

  useEffect(() => {
    const root = rootRef.current;
    if (!pageIntegrations || root === null) return;
    // Keystrokes are kept from the page at the shadow host, or at this element in a light DOM.
    const rootNode = root.getRootNode();
    const host = 'host' in rootNode && rootNode.host instanceof Element ? rootNode.host : root;
    return connectToPage(store, host);
  }, [store, pageIntegrations]);

  return (
    <div
      ref={rootRef}
      class="docent-root"
      data-theme={colorScheme}
      data-position={options.position}
      style={themeVariables(options)}
    >
      {options.launcher ? (
        <Launcher
          buttonRef={launcherRef}
          label={options.labels.launcher}
          expanded={isOpen}
          shortcutHint={shortcut ? formatShortcut(shortcut) : null}
          keyShortcuts={shortcut ? ariaKeyShortcut(shortcut) : null}
          onClick={() => store.toggle()}
          // Pointing at the launcher starts loading the conversation's code if the idle preload
          // has not; a failure is reported by the panel, which waits for the same load.
          onIntent={() => void loadConversation().catch(() => {})}
        />
      ) : null}
      {panelStarted.current ? (
        <AssistantPanel
          store={store}
          open={isOpen}
          launcherRef={launcherRef}
          focusOnMount={!openAtLoad.current}
          focusRequest={focusRequest}
        />
      ) : null}
      <SelectionPopover
        selection={isOpen ? null : selection}
        label={options.labels.askAboutSelection}
        text={options.labels.launcher}
        onAsk={() => {
          if (attachSelection(store)) setFocusRequest((count) => count + 1);
        }}
        onDismiss={() => (store.selection.value = null)}
      />
    </div>
  );
}

