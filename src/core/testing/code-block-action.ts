import { waitFor } from '@testing-library/preact';

/**
 * Points at `block` until its "Ask AI" code button appears (in a layer of its own at the end of
 * `<body>`, once the widget's idle scan ran) and returns that layer.
 */
export function findCodeBlockAction(block: Element): Promise<Element> {
  return waitFor(() => {
    block.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    const found = block.ownerDocument.querySelector('body > [data-docent-code-action]');
    if (found === null) throw new Error('no code-block button yet');
    return found;
  });
}
