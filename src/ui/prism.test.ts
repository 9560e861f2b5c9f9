// @vitest-environment happy-dom
import { expect, it } from 'vitest';

// A host `Prism` global that cannot be swapped out (frozen, not configurable) and that asks for
// the page to be highlighted automatically. Set up before the highlighter loads.
const hostPrism = Object.freeze({ manual: false });
Object.defineProperty(globalThis, 'Prism', { value: hostPrism, writable: false, enumerable: true, configurable: false });

it('switches off automatic highlighting even when the host Prism could not be hidden from the core', async () => {
  const { prism } = await import('./prism.js');

  // The core reads the host's `manual: false` here; it checks the flag again right before it
  // would highlight the page (on DOMContentLoaded or the next frame), and finds it set.
  expect(prism.manual).toBe(true);
  expect((globalThis as { Prism?: unknown }).Prism).toBe(hostPrism);
});
