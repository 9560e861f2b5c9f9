import { describe, expect, it } from 'vitest';
import { loadConversation, preloadConversation } from './conversation-loader.js';

describe('conversation-loader', () => {
  it('preloads one slice per idle callback, and loadConversation does not wait for the idle callbacks', async () => {
    const idleCallbacks: Array<() => void> = [];
    preloadConversation((callback) => {
      idleCallbacks.push(callback);
      return () => {};
    });
    // Nothing runs until the page is idle.
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks.shift()!();
    // The next slice waits for an idle callback of its own, requested once the first has loaded.
    await expect.poll(() => idleCallbacks.length, { timeout: 20_000 }).toBe(1);

    const module = await loadConversation();
    expect(typeof module.ConversationLog).toBe('function');
    expect(await loadConversation()).toBe(module);
  }, 30_000);
});
