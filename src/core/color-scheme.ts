import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { Theme } from './options.js';

/** The colour scheme the widget renders in. */
export type ColorScheme = 'light' | 'dark';

/** What the host page says about its own scheme on `<html>`: dark, light, or nothing. */
export function hostColorScheme(root: Element): ColorScheme | null {
  const attributes = [root.getAttribute('data-theme'), root.getAttribute('data-color-scheme'), root.getAttribute('data-mode')];
  if (root.classList.contains('dark') || attributes.includes('dark')) return 'dark';
  if (root.classList.contains('light') || attributes.includes('light')) return 'light';
  return null;
}

/**
 * The widget's colour scheme, computed from the `theme` option. For `auto` the host page's
 * `<html class="dark">` / `data-theme="dark"` wins (so a site toggle works), else the reader's
 * `prefers-color-scheme`. Both are followed live, but the `matchMedia` listener and the
 * `MutationObserver` only run while something is subscribed and the theme is `auto`
 * (signals' `watched`/`unwatched`), so nothing runs at load for a fixed theme.
 */
export function createColorScheme(
  theme: ReadonlySignal<Theme>,
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

  let stopHost: (() => void) | undefined;
  const host = signal<ColorScheme | null>(null, {
    watched() {
      const root = view?.document?.documentElement;
      const Observer = (view as (Window & { MutationObserver?: typeof MutationObserver }) | undefined)?.MutationObserver;
      if (root === undefined || Observer === undefined) return;
      this.value = hostColorScheme(root);
      const observer = new Observer(() => (host.value = hostColorScheme(root)));
      observer.observe(root, { attributes: true, attributeFilter: ['class', 'data-theme', 'data-color-scheme', 'data-mode'] });
      stopHost = () => observer.disconnect();
    },
    unwatched() {
      stopHost?.();
      stopHost = undefined;
    },
  });

  return computed(() => {
    const chosen = theme.value;
    if (chosen !== 'auto') return chosen;
    return host.value ?? (systemDark.value ? 'dark' : 'light');
  });
}
