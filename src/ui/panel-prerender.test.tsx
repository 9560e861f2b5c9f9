// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadConversation } from './conversation-loader.js';
import { renderAssistant } from './testing/render-assistant.js';
import type { AssistantHarness } from './testing/render-assistant.js';

let harness: AssistantHarness | undefined;

afterEach(async () => {
  cleanup();
  await harness?.close();
  harness = undefined;
});

describe('the panel ahead of the first open', () => {
  it('is rendered closed once the page is idle, so that opening only shows it and focuses the textbox', async () => {
    harness = await renderAssistant({ suggestions: ['How do I install it?'] });
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    // The embedding calls this when the page is idle after its load.
    preloadConversation((callback) => {
      setTimeout(callback, 0);
      return () => {};
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeNull());
    // Closed: not exposed, and nothing asked of the service.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(harness.server.requests).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Ask AI' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask AI' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
    expect(dialog.querySelector('[role="log"]')?.textContent).toContain('How do I install it?');
  }, 30_000);
});
