/**
 * Runs `callback` when the browser is idle (at the latest after `timeout` ms), so work the
 * reader does not need at once (scanning code blocks, tracking selections) never adds to a
 * long task at page load.
 * @returns a function that cancels the callback if it has not run yet.
 */
export function whenIdle(callback: () => void, timeout = 2_000): () => void {
  const view = typeof window === 'undefined' ? undefined : window;
  if (view?.requestIdleCallback !== undefined) {
    const handle = view.requestIdleCallback(callback, { timeout });
    return () => view.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 1);
  return () => clearTimeout(handle);
}
