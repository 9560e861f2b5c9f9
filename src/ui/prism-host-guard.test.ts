// @vitest-environment happy-dom
import { expect, it } from 'vitest';

// A host page that loads prism.js with a plain script tag has a `var Prism`: a global that is
// writable but can be neither deleted nor redefined. Set up before the highlighter loads.
const hostPrism = { manual: false, languages: { host: {} } };
Object.defineProperty(globalThis, 'Prism', { value: hostPrism, writable: true, enumerable: true, configurable: false });

it("leaves the host page's Prism global as it was, and still highlights", async () => {
  const { highlightCode } = await import('./highlight.js');

  expect((globalThis as { Prism?: unknown }).Prism).toBe(hostPrism);
  expect(hostPrism).toEqual({ manual: false, languages: { host: {} } });
  expect(JSON.stringify(highlightCode('const a = 1;', 'js')?.tokens)).toContain('"type":"keyword"');
});
