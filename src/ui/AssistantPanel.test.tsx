// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerChunks, sse, streamResponse } from '../core/testing/scripted-server.js';
import type { ConversationModule } from './conversation-loader.js';
import { renderAssistant } from './testing/render-assistant.js';
import type { AssistantHarness } from './testing/render-assistant.js';

// The conversation's code arrives when the test says so: the panel must not wait for it.
const release = vi.hoisted(() => {
  let resolve: (module: ConversationModule) => void = () => {};
  const loaded = new Promise<ConversationModule>((done) => (resolve = done));
  return { loaded, resolve: (module: ConversationModule) => resolve(module) };
});
vi.mock('./conversation-loader.js', () => ({
  loadConversation: () => release.loaded,
  // Never idle: the panel is not rendered ahead of the first open.
  preloadStarted: new Promise(() => {}),
  preloadConversation: () => {},
}));

let harness: AssistantHarness | undefined;

afterEach(async () => {
  cleanup();
  await harness?.close();
  harness = undefined;
});

describe('AssistantPanel before the conversation code has loaded', () => {
  it('shows the dialog, the focused textbox and the suggestions, and sends a question typed meanwhile once the code is there', async () => {
    harness = await renderAssistant({ suggestions: ['How do I install it?'] });
    harness.server.respondWith(streamResponse(sse(answerChunks('Run npm install docent.'))));
    fireEvent.click(screen.getByRole('button', { name: 'Ask AI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask AI' });
    const textbox = within(dialog).getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(document.activeElement).toBe(textbox));
    expect(within(dialog).getByRole('log', { name: 'Conversation' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'How do I install it?' })).toBeTruthy();

    fireEvent.input(textbox, { target: { value: 'How do I install it?' } });
    fireEvent.keyDown(textbox, { key: 'Enter' });
    expect((textbox as HTMLTextAreaElement).value).toBe('');
    // Waiting for the chat: no suggestions under a question already asked, nothing sent yet.
    expect(within(dialog).queryByRole('button', { name: 'How do I install it?' })).toBeNull();
    expect(harness.server.requests).toHaveLength(0);

    const module = await vi.importActual<ConversationModule>('./ConversationLog.js');
    await act(async () => release.resolve(module));
    await waitFor(() => expect(within(dialog).getByRole('log').textContent).toContain('Run npm install docent.'));
    expect(harness.server.requests).toHaveLength(1);
    expect(harness.server.requests[0]?.body).toMatchObject({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'How do I install it?' }] }] });
  });
});
