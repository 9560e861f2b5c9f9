/**
 * A keyboard shortcut such as `mod+i`, parsed once. `mod` is ⌘ on Apple platforms and Ctrl
 * elsewhere.
 */
export interface Shortcut {
  /** The key, lowercased (`"i"`, `"k"`, `"/"`, `"f1"`). */
  key: string;
  /** ⌘ on Apple platforms, Ctrl elsewhere. */
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

const modifierNames: Record<string, keyof Omit<Shortcut, 'key'>> = {
  mod: 'mod',
  ctrl: 'ctrl',
  control: 'ctrl',
  meta: 'meta',
  cmd: 'meta',
  command: 'meta',
  alt: 'alt',
  option: 'alt',
  shift: 'shift',
};

/**
 * Parses `mod+i`, `ctrl+shift+k`, `/`… (case-insensitive, `+`-separated, the key last).
 * @returns the shortcut, or null when the text is not a shortcut.
 */
export function parseShortcut(text: string): Shortcut | null {
  const parts = text.toLowerCase().split('+').map((part) => part.trim());
  // "mod++" means mod and the plus key.
  if (parts.length >= 2 && parts.at(-1) === '' && parts.at(-2) === '') parts.splice(-2, 2, '+');
  const key = parts.pop();
  if (key === undefined || key === '' || key in modifierNames) return null;
  const shortcut: Shortcut = { key, mod: false, ctrl: false, meta: false, alt: false, shift: false };
  for (const part of parts) {
    const modifier = modifierNames[part];
    if (modifier === undefined) return null;
    shortcut[modifier] = true;
  }
  return shortcut;
}

/** Whether the platform is an Apple one, where `mod` means ⌘. */
export function isApplePlatform(navigatorLike: { platform?: string; userAgent?: string } | undefined =
  typeof navigator === 'undefined' ? undefined : navigator): boolean {
  if (navigatorLike === undefined) return false;
  return /mac|iphone|ipad|ipod/i.test(navigatorLike.platform || navigatorLike.userAgent || '');
}

/** Whether a shortcut uses a modifier other than Shift (then it may fire while typing in a field). */
export function hasCommandModifier(shortcut: Shortcut): boolean {
  return shortcut.mod || shortcut.ctrl || shortcut.meta || shortcut.alt;
}

/**
 * Whether a keyboard event is the shortcut. Compares `event.key` (and `event.code` for letters
 * and digits, so `mod+i` works on non-Latin layouts and when Alt changes the character).
 */
export function matchesShortcut(
  event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
  shortcut: Shortcut,
  apple: boolean = isApplePlatform(),
): boolean {
  const wantCtrl = shortcut.ctrl || (shortcut.mod && !apple);
  const wantMeta = shortcut.meta || (shortcut.mod && apple);
  if (event.ctrlKey !== wantCtrl || event.metaKey !== wantMeta || event.altKey !== shortcut.alt) return false;
  // Shift is only compared when the key is a letter: "?" needs Shift on most layouts.
  const isLetter = /^[a-z]$/.test(shortcut.key);
  if ((isLetter || shortcut.shift) && event.shiftKey !== shortcut.shift) return false;
  const key = (event.key ?? '').toLowerCase();
  if (key === shortcut.key) return true;
  const code = event.code ?? '';
  if (isLetter) return code === `Key${shortcut.key.toUpperCase()}`;
  if (/^[0-9]$/.test(shortcut.key)) return code === `Digit${shortcut.key}`;
  return false;
}

/** How to show a shortcut to the reader, e.g. `⌘ I` on a Mac and `Ctrl+I` elsewhere. */
export function formatShortcut(shortcut: Shortcut, apple: boolean = isApplePlatform()): string {
  const key = shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key[0]!.toUpperCase() + shortcut.key.slice(1);
  if (apple) {
    const symbols = [
      shortcut.ctrl ? '⌃' : '',
      shortcut.alt ? '⌥' : '',
      shortcut.shift ? '⇧' : '',
      shortcut.meta || shortcut.mod ? '⌘' : '',
    ].join('');
    return `${symbols}${key}`;
  }
  const names = [
    shortcut.ctrl || shortcut.mod ? 'Ctrl' : '',
    shortcut.meta ? 'Meta' : '',
    shortcut.alt ? 'Alt' : '',
    shortcut.shift ? 'Shift' : '',
  ].filter(Boolean);
  return [...names, key].join('+');
}
