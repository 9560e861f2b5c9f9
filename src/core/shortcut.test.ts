import { describe, expect, it } from 'vitest';
import { formatShortcut, isApplePlatform, matchesShortcut, parseShortcut } from './shortcut.js';

const key = (init: Partial<Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>>) => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...init,
});

describe('parseShortcut', () => {
  it('reads modifiers and the key', () => {
    expect(parseShortcut('mod+i')).toEqual({ key: 'i', mod: true, ctrl: false, meta: false, alt: false, shift: false });
    expect(parseShortcut('Ctrl+Shift+K')).toEqual({ key: 'k', mod: false, ctrl: true, meta: false, alt: false, shift: true });
    expect(parseShortcut('cmd+option+/')).toMatchObject({ key: '/', meta: true, alt: true });
    expect(parseShortcut('/')).toMatchObject({ key: '/', mod: false });
    expect(parseShortcut('mod++')).toMatchObject({ key: '+', mod: true });
  });

  it('refuses what is not a shortcut', () => {
    for (const text of ['', 'mod+', 'mod', 'hyper+i', 'ctrl+shift']) expect(parseShortcut(text)).toBeNull();
  });
});

describe('matchesShortcut', () => {
  const modI = parseShortcut('mod+i')!;

  it('treats mod as Ctrl off Apple platforms and ⌘ on them', () => {
    expect(matchesShortcut(key({ key: 'i', code: 'KeyI', ctrlKey: true }), modI, false)).toBe(true);
    expect(matchesShortcut(key({ key: 'i', code: 'KeyI', metaKey: true }), modI, false)).toBe(false);
    expect(matchesShortcut(key({ key: 'i', code: 'KeyI', metaKey: true }), modI, true)).toBe(true);
    expect(matchesShortcut(key({ key: 'i', code: 'KeyI', ctrlKey: true }), modI, true)).toBe(false);
  });

  it('needs exactly the modifiers asked for', () => {
    expect(matchesShortcut(key({ key: 'i', ctrlKey: true, shiftKey: true }), modI, false)).toBe(false);
    expect(matchesShortcut(key({ key: 'i', ctrlKey: true, altKey: true }), modI, false)).toBe(false);
    expect(matchesShortcut(key({ key: 'i' }), modI, false)).toBe(false);
    expect(matchesShortcut(key({ key: 'u', ctrlKey: true }), modI, false)).toBe(false);
  });

  it('matches letters by physical key on other layouts', () => {
    expect(matchesShortcut(key({ key: 'ш', code: 'KeyI', ctrlKey: true }), modI, false)).toBe(true);
  });

  it('ignores Shift for symbols typed with it', () => {
    const question = parseShortcut('?')!;
    expect(matchesShortcut(key({ key: '?', shiftKey: true }), question, false)).toBe(true);
  });
});

describe('formatShortcut and isApplePlatform', () => {
  it('shows the shortcut the platform’s way', () => {
    expect(formatShortcut(parseShortcut('mod+i')!, true)).toBe('⌘I');
    expect(formatShortcut(parseShortcut('mod+i')!, false)).toBe('Ctrl+I');
    expect(formatShortcut(parseShortcut('ctrl+shift+k')!, false)).toBe('Ctrl+Shift+K');
  });

  it('recognises Apple platforms', () => {
    expect(isApplePlatform({ platform: 'MacIntel' })).toBe(true);
    expect(isApplePlatform({ platform: '', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).toBe(true);
    expect(isApplePlatform({ platform: 'Win32' })).toBe(false);
    expect(isApplePlatform(undefined)).toBe(false);
  });
});
