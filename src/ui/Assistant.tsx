// Installs signals' Preact integration: a component that reads `signal.value` re-renders when it changes.
import '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ResolvedOptions } from '../core/options.js';
import { formatShortcut, isApplePlatform, parseShortcut } from '../core/shortcut.js';
import type { Shortcut } from '../core/shortcut.js';
import type { WidgetStore } from '../core/store.js';
import { Launcher } from './Launcher.js';
import type { AssistantPanel as AssistantPanelComponent } from './AssistantPanel.js';
import { SelectionPopover, attachSelection } from './SelectionPopover.js';

/** Props of {@link Assistant}. */
export interface AssistantProps {
  /** The widget instance's state (`createWidgetStore(options)`); one store per widget. */
  store: WidgetStore;
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

type PanelModule = typeof import('./AssistantPanel.js');
let panelModule: Promise<PanelModule> | undefined;

/**
 * Loads the panel's code (the chat SDK, Markdown, highlighting) once per page. The root calls
 * it on first open, or earlier when the reader points at or focuses the launcher, so the page's
 * load never pays for it.
 */
export function loadPanel(): Promise<PanelModule> {
  panelModule ??= import('./AssistantPanel.js');
  return panelModule;
}

/** The panel component once `needed` has been true and its module has loaded; null before. */
function useLazyPanel(needed: boolean): typeof AssistantPanelComponent | null {
  const [component, setComponent] = useState<typeof AssistantPanelComponent | null>(null);
  useEffect(() => {
    if (!needed || component !== null) return;
    let mounted = true;
    loadPanel().then(
      (module) => {
        if (mounted) setComponent(() => module.AssistantPanel);
      },
      (error: unknown) => console.error('[docent] the assistant panel failed to load:', error),
    );
    return () => {
      mounted = false;
    };
  }, [needed]);
  return component;
}

/**
 * The whole widget for one store: the launcher, the panel with the conversation, and the
 * "Ask AI" button next to text selected in the page. The panel's code is loaded and the
 * conversation started on first open (or the first `ask()`), so at page load only the
 * launcher is rendered. (The shortcut
 * and keeping keystrokes from the host page's hotkeys are the embedding's job, `src/embed`.)
 *
 * @example render(<Assistant store={createWidgetStore(options)} />, shadowRoot)
 */
export function Assistant({ store }: AssistantProps): JSX.Element {
  const options = store.options.value;
  const isOpen = store.isOpen.value;
  const colorScheme = store.colorScheme.value;
  const hasPendingQuestion = store.pendingQuestion.value !== null;
  const selection = options.selection ? store.selection.value : null;
  const launcherRef = useRef<HTMLButtonElement>(null);
  const openAtLoad = useRef(isOpen && !hasPendingQuestion);
  const panelStarted = useRef(false);
  if (isOpen || hasPendingQuestion) panelStarted.current = true;
  const AssistantPanel = useLazyPanel(panelStarted.current);
  const [focusRequest, setFocusRequest] = useState(0);
  const shortcut = useMemo(() => (options.shortcut ? parseShortcut(options.shortcut) : null), [options.shortcut]);

  return (
    <div
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
          onIntent={() => void loadPanel()}
        />
      ) : null}
      {AssistantPanel ? (
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

