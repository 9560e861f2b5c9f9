import { describe, expect, test } from 'vitest';

// Server-side rendering (Next, Nuxt, Astro, VitePress, Docusaurus) imports the package in Node,
// where there is no DOM. The built files are checked the same way by e2e/consumers.
describe('every entry imports in Node without a DOM', () => {
  test('there is no DOM here', () => {
    expect(typeof HTMLElement).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  test('docent/element exports the element class and registers nothing', async () => {
    const element = await import('./element.js');
    expect(typeof element.DocentChatElement).toBe('function');
    expect(typeof customElements).toBe('undefined');
  });

  test('docent exports mount and the Assistant component', async () => {
    const entry = await import('./index.js');
    expect(typeof entry.mount).toBe('function');
    expect(typeof entry.Assistant).toBe('function');
  });

  test('docent/client exports the clients', async () => {
    const client = await import('./client/index.js');
    expect(typeof client.createAssistantClient).toBe('function');
  });
});
