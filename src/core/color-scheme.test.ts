// @vitest-environment happy-dom
import { effect, signal } from '@preact/signals-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createColorScheme, hostColorScheme } from './color-scheme.js';
import type { Theme } from './options.js';

afterEach(() => {
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-theme');
});

/** A window whose `prefers-color-scheme: dark` the test switches, with the real document. */
function fakeWindow(prefersDark: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const query = {
    matches: prefersDark,
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
  };
  const view = { document, MutationObserver, matchMedia: () => query } as unknown as Window;
  return {
    view,
    listeners,
    setPrefersDark(matches: boolean) {
      query.matches = matches;
      for (const listener of listeners) listener({ matches });
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('hostColorScheme', () => {
  it('reads class="dark", data-theme and their light forms on <html>', () => {
    const root = document.documentElement;
    expect(hostColorScheme(root)).toBeNull();
    root.className = 'dark';
    expect(hostColorScheme(root)).toBe('dark');
    root.className = '';
    root.setAttribute('data-theme', 'light');
    expect(hostColorScheme(root)).toBe('light');
  });
});

describe('createColorScheme', () => {
  it('follows prefers-color-scheme live for auto', () => {
    const fake = fakeWindow(false);
    const scheme = createColorScheme(signal<Theme>('auto'), { window: fake.view });
    const seen: string[] = [];
    const stop = effect(() => void seen.push(scheme.value));
    fake.setPrefersDark(true);
    expect(seen).toEqual(['light', 'dark']);
    stop();
    // Nothing listens once nobody reads the scheme.
    expect(fake.listeners.size).toBe(0);
  });

  it('lets the host page’s <html class="dark"> / data-theme win, live', async () => {
    const fake = fakeWindow(false);
    const scheme = createColorScheme(signal<Theme>('auto'), { window: fake.view });
    const seen: string[] = [];
    const stop = effect(() => void seen.push(scheme.value));
    document.documentElement.classList.add('dark');
    await flush();
    document.documentElement.classList.remove('dark');
    await flush();
    fake.setPrefersDark(true);
    document.documentElement.setAttribute('data-theme', 'light');
    await flush();
    stop();
    expect(seen).toEqual(['light', 'dark', 'light', 'dark', 'light']);
  });

  it('ignores the page and the system for a fixed theme and starts no observers', () => {
    const fake = fakeWindow(true);
    const theme = signal<Theme>('light');
    const scheme = createColorScheme(theme, { window: fake.view });
    const stop = effect(() => void scheme.value);
    expect(scheme.value).toBe('light');
    expect(fake.listeners.size).toBe(0);
    theme.value = 'auto';
    expect(scheme.value).toBe('dark');
    expect(fake.listeners.size).toBe(1);
    stop();
  });
});
