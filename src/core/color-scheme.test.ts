// @vitest-environment happy-dom
import { effect, signal } from '@preact/signals-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createColorScheme, hostColorScheme, type ColorSchemeOptions } from './color-scheme.js';
import type { Theme } from './options.js';

afterEach(() => {
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-theme');
  document.body.removeAttribute('data-md-color-scheme');
  document.body.className = '';
});

const options = (theme: Theme, themeSelector: string | null = null) => signal<ColorSchemeOptions>({ theme, themeSelector });

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
    expect(hostColorScheme(document)).toBeNull();
    root.className = 'dark';
    expect(hostColorScheme(document)).toBe('dark');
    root.className = '';
    root.setAttribute('data-theme', 'light');
    expect(hostColorScheme(document)).toBe('light');
  });

  it('reads MkDocs Material’s data-md-color-scheme on <body>, where <html> says nothing', () => {
    document.body.setAttribute('data-md-color-scheme', 'slate');
    expect(hostColorScheme(document)).toBe('dark');
    document.body.setAttribute('data-md-color-scheme', 'default');
    expect(hostColorScheme(document)).toBe('light');
    document.documentElement.setAttribute('data-theme', 'dark');
    expect(hostColorScheme(document)).toBe('dark');
  });

  it('with a themeSelector, is dark exactly when the selector matches', () => {
    document.documentElement.className = 'dark';
    expect(hostColorScheme(document, 'body.night')).toBe('light');
    document.body.className = 'night';
    expect(hostColorScheme(document, 'body.night')).toBe('dark');
  });
});

describe('createColorScheme', () => {
  it('follows prefers-color-scheme live for auto', () => {
    const fake = fakeWindow(false);
    const scheme = createColorScheme(options('auto'), { window: fake.view });
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
    const scheme = createColorScheme(options('auto'), { window: fake.view });
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

  it('follows <body data-md-color-scheme> and a themeSelector live', async () => {
    const fake = fakeWindow(false);
    const settings = options('auto');
    const scheme = createColorScheme(settings, { window: fake.view });
    const seen: string[] = [];
    const stop = effect(() => void seen.push(scheme.value));
    document.body.setAttribute('data-md-color-scheme', 'slate');
    await flush();
    document.body.setAttribute('data-md-color-scheme', 'default');
    await flush();
    settings.value = { theme: 'auto', themeSelector: '[data-bs-theme="dark"]' };
    document.body.setAttribute('data-bs-theme', 'dark');
    await flush();
    document.body.removeAttribute('data-bs-theme');
    await flush();
    stop();
    expect(seen).toEqual(['light', 'dark', 'light', 'dark', 'light']);
  });

  it('ignores the page and the system for a fixed theme and starts no observers', () => {
    const fake = fakeWindow(true);
    const theme = options('light');
    const scheme = createColorScheme(theme, { window: fake.view });
    const stop = effect(() => void scheme.value);
    expect(scheme.value).toBe('light');
    expect(fake.listeners.size).toBe(0);
    theme.value = { theme: 'auto' };
    expect(scheme.value).toBe('dark');
    expect(fake.listeners.size).toBe(1);
    stop();
  });
});
