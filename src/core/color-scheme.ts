import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { Theme } from './options.js';

/** The colour scheme the widget renders in. */
export type ColorScheme = 'light' | 'dark';

/** What the widget's colour scheme depends on among its options. */
export interface ColorSchemeOptions {
  theme: Theme;
  /** Matches when the host page is dark; null for the built-in detection. */
  themeSelector?: string | null;
}

// The attributes docs generators mark their scheme with: VitePress `class="dark"`, Docusaurus and
// Starlight `data-theme`, MkDocs Material `data-md-color-scheme` (on <body>: `slate` is dark,
// `default` light), and the usual `data-color-scheme` / `data-mode`.
const darkValues = ['dark', 'slate'];
const lightValues = ['light', 'default'];

/** What one element says about the page's scheme: dark, light, or nothing. */
function schemeOf(element: Element | null): ColorScheme | null {
  if (element === null) return null;
  const values = ['data-theme', 'data-color-scheme', 'data-mode', 'data-md-color-scheme'].map((name) => element.getAttribute(name));
  if (element.classList.contains('dark') || values.some((value) => value !== null && darkValues.includes(value))) return 'dark';
  if (element.classList.contains('light') || values.some((value) => value !== null && lightValues.includes(value))) return 'light';
  return null;
}

/**
 * What the host page says about its own scheme, on `<html>` (VitePress, Docusaurus, Starlight)
 * or else on `<body>` (MkDocs Material): dark, light, or nothing. With a `themeSelector` the
 * page is dark exactly when the selector matches.
 */
export function hostColorScheme(document: Document, themeSelector?: string | null): ColorScheme | null {
  if (themeSelector) return document.querySelector(themeSelector) === null ? 'light' : 'dark';
  return schemeOf(document.documentElement) ?? schemeOf(document.body);
}

/**
 * The widget's colour scheme, computed from the `theme` and `themeSelector` options. For `auto`
 * the host page's own signal wins (see {@link hostColorScheme}; so a site's toggle works), else
 * the reader's `prefers-color-scheme`. Both are followed live, but the `matchMedia` listener and
 * the `MutationObserver` (on the attributes of `<html>` and `<body>`) only run while something is
 * subscribed and the theme is `auto` (signals' `watched`/`unwatched`), so nothing runs at load
 * for a fixed theme.
 */
export function createColorScheme(
  options: ReadonlySignal<ColorSchemeOptions>,
  environment: { window?: Window | undefined } = {},
): ReadonlySignal<ColorScheme> {
  const view = environment.window ?? (typeof window === 'undefined' ? undefined : window);

  let stopSystem: (() => void) | undefined;
  const systemDark = signal(false, {
    watched() {
      const query = view?.matchMedia?.('(prefers-color-scheme: dark)');
      if (query === undefined) return;
      this.value = query.matches;
      const listener = (event: MediaQueryListEvent) => (systemDark.value = event.matches);
      query.addEventListener('change', listener);
      stopSystem = () => query.removeEventListener('change', listener);
    },
    unwatched() {
      stopSystem?.();
      stopSystem = undefined;
    },
  });

  // Counts attribute changes of <html> and <body>; reading it makes the scheme re-read the page.
  let stopPage: (() => void) | undefined;
  const pageChanges = signal(0, {
    watched() {
      const document = view?.document;
      const Observer = (view as (Window & { MutationObserver?: typeof MutationObserver }) | undefined)?.MutationObserver;
      if (document === undefined || Observer === undefined) return;
      const observer = new Observer(() => pageChanges.value++);
      observer.observe(document.documentElement, { attributes: true });
      const observeBody = () => {
        if (document.body === null) return;
        observer.observe(document.body, { attributes: true });
        pageChanges.value++;
      };
      // A script in <head> starts before <body> exists (MkDocs Material marks its scheme there).
      if (document.body === null) document.addEventListener('DOMContentLoaded', observeBody, { once: true });
      else observer.observe(document.body, { attributes: true });
      stopPage = () => {
        observer.disconnect();
        document.removeEventListener('DOMContentLoaded', observeBody);
      };
    },
    unwatched() {
      stopPage?.();
      stopPage = undefined;
    },
  });

  return computed(() => {
    const { theme, themeSelector } = options.value;
    if (theme !== 'auto') return theme;
    const document = view?.document;
    if (document !== undefined) {
      // Read so that the scheme is computed again when the page's attributes change.
      void pageChanges.value;
      const host = hostColorScheme(document, themeSelector);
      if (host !== null) return host;
    }
    return systemDark.value ? 'dark' : 'light';
  });
}
