import { hasCommandModifier, matchesShortcut, parseShortcut, type Shortcut } from '../core/shortcut.js';

/** Whether the reader is typing in `target` (a field, an editor) of the host page. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (target === null || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  // Buttons and checkboxes take no text: a shortcut there is still a shortcut.
  return !/^(button|checkbox|radio|submit|reset|image|file|color|range)$/i.test((element as HTMLInputElement).type);
}

/**
 * Calls `onShortcut` when the shortcut is pressed in the host page. A shortcut without a
 * command modifier (just `/`, say) is ignored while the reader types in a host field.
 * @returns a function that stops listening.
 */
export function listenForShortcut(view: Window, shortcutText: string, onShortcut: () => void): () => void {
  const shortcut = parseShortcut(shortcutText);
  if (shortcut === null) return () => {};
  const listener = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.repeat || !matchesShortcut(event, shortcut)) return;
    if (!hasCommandModifier(shortcut) && isEditableTarget(event.target)) return;
    event.preventDefault();
    onShortcut();
  };
  view.addEventListener('keydown', listener);
  return () => view.removeEventListener('keydown', listener);
}

/**
 * Keeps keystrokes typed inside the widget from reaching the host page's hotkeys (a docs
 * site's `/` search or `s` shortcut must not fire while the reader types a question): key
 * events stop at the shadow host. The widget's own shortcut still toggles the panel there.
 * @returns a function that removes the listeners.
 */
export function isolateKeystrokes(host: Element, shortcut: () => Shortcut | null, onShortcut: () => void): () => void {
  const stop = (event: Event) => {
    const current = shortcut();
    if (
      event.type === 'keydown' &&
      current !== null &&
      hasCommandModifier(current) &&
      !(event as KeyboardEvent).repeat &&
      matchesShortcut(event as KeyboardEvent, current)
    ) {
      event.preventDefault();
      onShortcut();
    }
    event.stopPropagation();
  };
  const types = ['keydown', 'keyup', 'keypress'] as const;
  for (const type of types) host.addEventListener(type, stop);
  return () => {
    for (const type of types) host.removeEventListener(type, stop);
  };
}
