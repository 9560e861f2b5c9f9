/**
 * What the widget's builds give the chat SDK's React bindings for `react`, and the widget's own
 * components for `preact/compat` (see vite.config.ts): the hooks `useChat` calls, from
 * `preact/hooks`, plus `useSyncExternalStore` and `memo`. `preact/compat` itself would bring
 * Suspense, portals, the class-component shims and five global `options` hooks that rewrite
 * React props (about 2.5 kB gzip); `useChat` and the widget use none of them. Unit tests run
 * against `preact/compat` itself (vitest.config.ts), the built widget against this module.
 */
import { createContext, createElement, type Component, type FunctionComponent } from 'preact';
import * as hooks from 'preact/hooks';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';

export { createContext, createElement } from 'preact';
export { useCallback, useContext, useDebugValue, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';

/** A store's current value and how to read it again, kept between renders. */
interface StoreSnapshot<Snapshot> {
  value: Snapshot;
  getSnapshot: () => Snapshot;
}

/**
 * React's `useSyncExternalStore` on Preact: the current snapshot of an external store, with a
 * re-render whenever the store reports a change that altered the snapshot (`Object.is`).
 * Same algorithm as `preact/compat`'s (the server snapshot is not needed in a browser).
 *
 * @example
 * const messages = useSyncExternalStore(chat.subscribe, () => chat.messages);
 */
export function useSyncExternalStore<Snapshot>(subscribe: (onStoreChange: () => void) => () => void, getSnapshot: () => Snapshot): Snapshot {
  const value = getSnapshot();
  const [{ snapshot }, rerender] = useState<{ snapshot: StoreSnapshot<Snapshot> }>({ snapshot: { value, getSnapshot } });
  // Before paint: a store that changed between render and commit must not show a stale frame.
  useLayoutEffect(() => {
    snapshot.value = value;
    snapshot.getSnapshot = getSnapshot;
    if (hasChanged(snapshot)) rerender({ snapshot });
  }, [subscribe, value, getSnapshot]);
  useEffect(() => {
    if (hasChanged(snapshot)) rerender({ snapshot });
    return subscribe(() => {
      if (hasChanged(snapshot)) rerender({ snapshot });
    });
  }, [subscribe]);
  return value;
}

function hasChanged<Snapshot>(snapshot: StoreSnapshot<Snapshot>): boolean {
  try {
    return !Object.is(snapshot.value, snapshot.getSnapshot());
  } catch {
    // A snapshot that throws is re-read by the render, which then throws where React would.
    return true;
  }
}

/**
 * React's `memo` on Preact: `component` re-renders only when `arePropsEqual(previous, next)`
 * is false (default: every prop the same by `===`, as React and `preact/compat` compare).
 *
 * @example
 * const Row = memo(function Row({ text }: { text: string }) { return <li>{text}</li>; });
 */
export function memo<Props extends object>(
  component: FunctionComponent<Props>,
  arePropsEqual: (previous: Readonly<Props>, next: Readonly<Props>) => boolean = shallowEqual,
): FunctionComponent<Props> {
  function Memoised(this: Component<Props>, props: Props) {
    this.shouldComponentUpdate = (nextProps: Readonly<Props>) => !arePropsEqual(this.props, nextProps);
    return createElement(component, props);
  }
  Memoised.displayName = `Memo(${component.displayName ?? component.name})`;
  return Memoised;
}

function shallowEqual(previous: object, next: object): boolean {
  const previousRecord = previous as Record<string, unknown>;
  const nextRecord = next as Record<string, unknown>;
  for (const key in previousRecord) if (!(key in nextRecord)) return false;
  for (const key in nextRecord) if (previousRecord[key] !== nextRecord[key]) return false;
  return true;
}

/**
 * The default-import form (`import React from 'react'`) that `swr`, under the SDK's
 * `useCompletion`, uses; the widget never calls that code, so the bundler drops this too.
 */
export default { ...hooks, createContext, createElement, useSyncExternalStore, memo };
