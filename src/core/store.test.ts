import { effect } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import type { DocentUIMessage } from './context-item.js';
import { resolveOptions, type DocentOptions } from './options.js';
import { createWidgetStore } from './store.js';
import { BlockedStorage, MemoryStorage } from './testing/memory-storage.js';

function options(overrides: Partial<DocentOptions> = {}) {
  const resolution = resolveOptions({ domain: 'acme', apiKey: 'svc_dsc_x', baseUrl: 'https://api.example.com', ...overrides });
  if (resolution.options === null) throw new Error(resolution.errors.join('; '));
  return resolution.options;
}

const location = { pathname: '/docs/guide', origin: 'https://docs.example.com' };

const conversation: DocentUIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }], metadata: { context: [{ type: 'code', value: 'x' }] } },
  { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Hello' }, { type: 'source-url', sourceId: 's', url: '/docs/a', title: 'A' }] },
];

describe('persistence across reloads (a fresh store over the same storage)', () => {
  it('restores the thread, the conversation and the draft', () => {
    const storage = new MemoryStorage();
    const first = createWidgetStore(options(), { storage, location });
    first.setThread({ threadId: 't1', threadKey: 'k1' });
    first.saveMessages(conversation);
    first.draft.value = 'half a question';

    const reloaded = createWidgetStore(options(), { storage, location });
    expect(reloaded.thread.value).toEqual({ threadId: 't1', threadKey: 'k1' });
    expect(reloaded.loadMessages()).toEqual(conversation);
    expect(reloaded.draft.value).toBe('half a question');
    expect(reloaded.chatId).toBe(first.chatId);
  });

  it('keeps widgets for different base URLs or domains apart', () => {
    const storage = new MemoryStorage();
    const acme = createWidgetStore(options(), { storage, location });
    acme.setThread({ threadId: 't1', threadKey: null });
    acme.saveMessages(conversation);
    const other = createWidgetStore(options({ domain: 'other' }), { storage, location });
    const elsewhere = createWidgetStore(options({ baseUrl: 'https://proxy.example.com' }), { storage, location });
    for (const store of [other, elsewhere]) {
      expect(store.thread.value).toEqual({ threadId: null, threadKey: null });
      expect(store.loadMessages()).toEqual([]);
      expect(store.chatId).not.toBe(acme.chatId);
    }
    expect(storage.getItem('docent:v1:https://api.example.com:acme:thread')).toBe('{"threadId":"t1","threadKey":null}');
  });

  it('reads corrupt or foreign entries as empty', () => {
    const storage = new MemoryStorage();
    storage.setItem('docent:v1:https://api.example.com:acme:thread', '{not json');
    storage.setItem('docent:v1:https://api.example.com:acme:messages', '[{"id":1}]');
    storage.setItem('docent:v1:https://api.example.com:acme:draft', '42');
    const store = createWidgetStore(options(), { storage, location });
    expect(store.thread.value).toEqual({ threadId: null, threadKey: null });
    expect(store.loadMessages()).toEqual([]);
    expect(store.draft.value).toBe('');
  });

  it('works, forgetting everything, when storage refuses access (sandboxed iframe, private mode)', () => {
    const store = createWidgetStore(options(), { storage: new BlockedStorage(), location });
    store.setThread({ threadId: 't1', threadKey: null });
    store.saveMessages(conversation);
    store.draft.value = 'typed';
    expect(store.thread.value.threadId).toBe('t1');
    expect(store.loadMessages()).toEqual([]);
    store.reset();
    expect(store.thread.value.threadId).toBeNull();
  });

  it('keeps the latest turns when the storage is too full for the whole conversation', () => {
    const storage = new MemoryStorage(700);
    const store = createWidgetStore(options(), { storage, location });
    const long: DocentUIMessage[] = Array.from({ length: 10 }, (_, index) => ({
      id: `m${index}`,
      role: index % 2 === 0 ? 'user' : 'assistant',
      parts: [{ type: 'text', text: `message number ${index} `.repeat(4) }],
    }));
    store.saveMessages(long);
    const kept = store.loadMessages();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(10);
    expect(kept.at(-1)?.id).toBe('m9');
    expect(kept[0]!.role).toBe('user');
  });
});

describe('work at page load', () => {
  it('reads only the panel state at load; the draft, the thread and the conversation when used', () => {
    const storage = new MemoryStorage();
    const reads = vi.spyOn(storage, 'getItem');
    const store = createWidgetStore(options(), { storage, location });
    store.open();
    store.addContext({ type: 'code', value: 'x' });
    void store.colorScheme.value;
    expect(reads.mock.calls).toEqual([['docent:v1:https://api.example.com:acme:open']]);
    void store.draft.value;
    expect(reads).toHaveBeenCalledTimes(2);
    void store.thread.value;
    expect(reads).toHaveBeenCalledTimes(3);
  });
});

describe('actions', () => {
  it('opens, closes and toggles, emitting open and close once per change', () => {
    const store = createWidgetStore(options(), { storage: new MemoryStorage(), location });
    const seen: string[] = [];
    store.events.on('open', () => seen.push('open'));
    store.events.on('close', () => seen.push('close'));
    store.open();
    store.open();
    store.toggle();
    store.toggle();
    store.close();
    expect(seen).toEqual(['open', 'close', 'open', 'close']);
    expect(store.isOpen.value).toBe(false);
  });

  it('starts open with the open option', () => {
    expect(createWidgetStore(options({ open: true }), { storage: new MemoryStorage(), location }).isOpen.value).toBe(true);
  });

  it('starts the next page of the tab with the panel as the reader left it, whatever the open option', () => {
    const storage = new MemoryStorage();
    createWidgetStore(options(), { storage, location }).open();
    expect(createWidgetStore(options(), { storage, location }).isOpen.value).toBe(true);
    createWidgetStore(options(), { storage, location }).close();
    expect(createWidgetStore(options({ open: true }), { storage, location }).isOpen.value).toBe(false);
    // Another domain's panel is its own.
    expect(createWidgetStore(options({ domain: 'other' }), { storage, location }).isOpen.value).toBe(false);
  });

  it('attaches context, caps long values at 8,000 characters and skips duplicates', () => {
    const store = createWidgetStore(options(), { storage: new MemoryStorage(), location });
    expect(store.addContext({ type: 'code', value: 'a'.repeat(9_000), path: '/docs/x', elementId: 'e' })).toBe(true);
    expect(store.addContext({ type: 'textSelection', value: 'short' })).toBe(true);
    expect(store.addContext({ type: 'textSelection', value: 'short' })).toBe(true);
    expect(store.context.value).toEqual([
      { type: 'code', value: 'a'.repeat(8_000), path: '/docs/x', elementId: 'e', truncated: true },
      { type: 'textSelection', value: 'short' },
    ]);
    store.removeContext(0);
    expect(store.context.value).toEqual([{ type: 'textSelection', value: 'short' }]);
  });

  it('refuses invalid context items with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createWidgetStore(options(), { storage: new MemoryStorage(), location });
    expect(store.addContext({ type: 'image', value: 'x' } as never)).toBe(false);
    expect(store.addContext({ type: 'code', value: '  ' })).toBe(false);
    expect(store.context.value).toEqual([]);
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      expect.stringContaining('context item type must be "code" or "textSelection"'),
      expect.stringContaining('context item value must be a non-empty string'),
    ]);
    warn.mockRestore();
  });

  it('ask() queues the question with the attached and the given context and opens the panel', () => {
    const store = createWidgetStore(options(), { storage: new MemoryStorage(), location });
    store.addContext({ type: 'textSelection', value: 'chip' });
    store.ask('  What is this?  ', { context: [{ type: 'code', value: 'x()' }] });
    expect(store.pendingQuestion.value).toEqual({
      text: 'What is this?',
      context: [{ type: 'textSelection', value: 'chip' }, { type: 'code', value: 'x()' }],
    });
    expect(store.context.value).toEqual([]);
    expect(store.isOpen.value).toBe(true);
  });

  it('ask() with open: false leaves the panel closed', () => {
    const store = createWidgetStore(options(), { storage: new MemoryStorage(), location });
    store.ask('Quietly?', { open: false });
    expect(store.isOpen.value).toBe(false);
    expect(store.pendingQuestion.value?.text).toBe('Quietly?');
  });

  it('reset() forgets messages, thread, context and the pending question, and bumps the conversation version', () => {
    const storage = new MemoryStorage();
    const store = createWidgetStore(options(), { storage, location });
    store.saveMessages(conversation);
    store.setThread({ threadId: 't', threadKey: 'k' });
    store.addContext({ type: 'code', value: 'x' });
    store.ask('q', { open: false });
    store.reset();
    expect(store.conversationVersion.value).toBe(1);
    expect(store.loadMessages()).toEqual([]);
    expect(store.thread.value).toEqual({ threadId: null, threadKey: null });
    expect(store.context.value).toEqual([]);
    expect(store.pendingQuestion.value).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('setOptions() to another domain switches to that domain’s stored thread and conversation', () => {
    const storage = new MemoryStorage();
    createWidgetStore(options({ domain: 'other' }), { storage, location }).setThread({ threadId: 'other-thread', threadKey: null });
    const store = createWidgetStore(options(), { storage, location });
    store.setOptions(options({ domain: 'other', theme: 'dark' }));
    expect(store.thread.value.threadId).toBe('other-thread');
    expect(store.conversationVersion.value).toBe(1);
    expect(store.options.value.theme).toBe('dark');
  });

  it('currentPath() is the page path cut to 200 characters', () => {
    const store = createWidgetStore(options(), { storage: new MemoryStorage(), location: { pathname: `/${'p'.repeat(250)}`, origin: '' } });
    expect(store.currentPath()).toHaveLength(200);
  });

  it('gives two stores on one page independent state', () => {
    const storage = new MemoryStorage();
    const one = createWidgetStore(options(), { storage, location });
    const two = createWidgetStore(options({ domain: 'two' }), { storage, location });
    one.open();
    one.addContext({ type: 'code', value: 'x' });
    expect(two.isOpen.value).toBe(false);
    expect(two.context.value).toEqual([]);
  });
});

describe('colorScheme', () => {
  it('follows a fixed theme option', () => {
    const store = createWidgetStore(options({ theme: 'dark' }), { storage: new MemoryStorage(), location });
    expect(store.colorScheme.value).toBe('dark');
    store.setOptions(options({ theme: 'light' }));
    expect(store.colorScheme.value).toBe('light');
  });

  it('is light for auto where there is no window to ask', () => {
    const store = createWidgetStore(options(), { storage: new MemoryStorage(), location });
    const seen: string[] = [];
    const stop = effect(() => void seen.push(store.colorScheme.value));
    stop();
    expect(seen).toEqual(['light']);
  });
});
