// @vitest-environment happy-dom
import { expect, it } from 'vitest';

// A host page that loads prism.js with a plain script tag has a `var Prism`: a global that is
// writable but can be neither deleted nor redefined, here asking for the page to be highlighted
// automatically. Set up before the highlighter loads.
const hostPrism = { manual: false, languages: { host: {} } };
Object.defineProperty(globalThis, 'Prism', { value: hostPrism, writable: true, enumerable: true, configurable: false });

it("never reads nor writes the host page's Prism global, and still highlights", async () => {
  const { highlightCode } = await import('./highlight.js');
  const { prism } = await import('./prism.js');

  expect((globalThis as { Prism?: unknown }).Prism).toBe(hostPrism);
  expect(hostPrism).toEqual({ manual: false, languages: { host: {} } });
  expect(prism).not.toBe(hostPrism);
  expect(prism.languages.host).toBeUndefined();
  expect(JSON.stringify(highlightCode('const a = 1;', 'js')?.tokens)).toContain('"type":"keyword"');
});
