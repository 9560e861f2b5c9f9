import type { JSX, Ref } from 'preact';
import { Icon } from './icons.js';

/** Props of {@link Launcher}. */
export interface LauncherProps {
  /** The button's text and accessible name (`labels.launcher`, "Ask AI"). */
  label: string;
  /** Whether the panel is open (`aria-expanded`); the button fades out while it is. */
  expanded: boolean;
  /** The shortcut as shown to the reader (`⌘I`, `Ctrl+I`), or null when there is none. */
  shortcutHint: string | null;
  /** The shortcut in `aria-keyshortcuts` form (`Meta+I`), or null. */
  keyShortcuts: string | null;
  /** Toggles the panel. */
  onClick(): void;
  /** The reader is about to use the button (pointer over it, or focus): a chance to preload. */
  onIntent?: () => void;
  /** Focus returns here when the panel closes. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * The floating "Ask AI" pill at the bottom corner of the page (side from the `position`
 * option through the root's `data-position`). Its accessible name is exactly the label: the
 * shortcut hint beside it is hidden from assistive technology and given as `aria-keyshortcuts`.
 */
export function Launcher({ label, expanded, shortcutHint, keyShortcuts, onClick, onIntent, buttonRef }: LauncherProps): JSX.Element {
  return (
    <button
      ref={buttonRef}
      type="button"
      class={expanded ? 'docent-launcher docent-is-expanded' : 'docent-launcher'}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-keyshortcuts={keyShortcuts ?? undefined}
      onClick={onClick}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <Icon name="sparkle" size={18} />
      <span class="docent-launcher-label">{label}</span>
      {shortcutHint ? (
        <kbd class="docent-launcher-shortcut" aria-hidden="true">
          {shortcutHint}
        </kbd>
      ) : null}
    </button>
  );
}
