// @vitest-environment happy-dom
import { fireEvent, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findCodeBlockAction } from '../core/testing/code-block-action.js';
import { MemoryStorage } from '../core/testing/memory-storage.js';
import { answerChunks, sse } from '../core/testing/scripted-server.js';
import { mount, type DocentInstance } from './mount.js';

const instances: DocentInstance[] = [];

afterEach(() => {
  for (const instance of instances.splice(0)) instance.destroy();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

interface RecordedFetch {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A fetch that records requests and answers with a complete streamed answer. */
function recordingFetch(requests: RecordedFetch[]): typeof fetch {
  return async (input, init) => {
    requests.push({
      url: String(input),
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    });
    return new Response(sse(answerChunks('An answer.', { threadId: 'thread-1' })), {
      headers: { 'content-type': 'text/event-stream' },
    });
  };
}

function start(options: Record<string, unknown> = {}, fetchImplementation?: typeof fetch) {
  const instance = mount(
    document.body,
    { domain: 'acme', apiKey: 'svc_dsc_public', baseUrl: 'https://api.example.com', ...options },
    { environment: { storage: new MemoryStorage(), ...(fetchImplementation ? { fetch: fetchImplementation } : {}) } },
  );
  instances.push(instance);
  const host = document.querySelector<HTMLElement>('[data-docent]');
  return { instance, host, shadow: host?.shadowRoot ?? null };
}

const widget = (shadow: ShadowRoot) => within(shadow as unknown as HTMLElement);

describe('mount', () => {
  it('renders the launcher in an open shadow root with the styles adopted', () => {
    const { host, shadow } = start();
    expect(host).not.toBeNull();
    expect(shadow?.mode).toBe('open');
    expect(widget(shadow!).getByRole('button', { name: 'Ask AI' })).toBeTruthy();
    expect(shadow!.adoptedStyleSheets.length).toBe(1);
    expect(shadow!.querySelector('style')).toBeNull();
  });

  it('uses a <style nonce> when styleNonce is set', () => {
    const { shadow } = start({ styleNonce: 'n0nce' });
    const style = shadow!.querySelector('style');
    expect(style?.nonce).toBe('n0nce');
    expect(style?.textContent).toContain('.docent-root');
    expect(shadow!.adoptedStyleSheets.length).toBe(0);
  });

  it('opens, closes and toggles, with events to handlers and as docent:* window events', async () => {
    const { instance, shadow } = start();
    const seen: string[] = [];
    instance.on('open', () => seen.push('open'));
    const onClose = () => seen.push('close');
    instance.on('close', onClose);
    window.addEventListener('docent:open', () => seen.push('window open'), { once: true });
    instance.open();
    await widget(shadow!).findByRole('dialog', { name: 'Ask AI' });
    instance.toggle();
    instance.off('close', onClose);
    instance.toggle();
    instance.close();
    expect(seen).toEqual(['open', 'window open', 'close', 'open']);
  });

  it('sends ask() with its context through the transport, and reports submit and finish', async () => {
    const requests: RecordedFetch[] = [];
    const { instance, shadow } = start({}, recordingFetch(requests));
    const finished = new Promise((resolve) => instance.on('finish', resolve));
    const submitted: unknown[] = [];
    instance.on('submit', (payload) => submitted.push(payload));
    instance.addContext({ type: 'code', value: 'npm i docent', path: '/docs/install' });
    instance.ask('How do I install it?', { context: [{ type: 'textSelection', value: 'the passage' }] });
    expect(await finished).toEqual({ threadId: 'thread-1', messageId: expect.any(String) });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('https://api.example.com/discovery/v2/assistant/acme/message');
    expect(requests[0]!.headers.authorization).toBe('Bearer svc_dsc_public');
    expect(requests[0]!.body).toMatchObject({
      fp: 'anonymous',
      threadId: null,
      context: [
        { type: 'code', value: 'npm i docent', path: '/docs/install' },
        { type: 'textSelection', value: 'the passage' },
      ],
    });
    expect(submitted).toEqual([{ text: 'How do I install it?', context: expect.any(Array) }]);
    await widget(shadow!).findByText('An answer.');
  });

  it('applies update() live and merges labels', async () => {
    const { instance, shadow } = start({ labels: { send: 'Senden' } });
    instance.update({ labels: { launcher: 'Fragen' } });
    await waitFor(() => expect(widget(shadow!).getByRole('button', { name: 'Fragen' })).toBeTruthy());
    instance.open();
    const dialog = await widget(shadow!).findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Senden' })).toBeTruthy();
  });

  it('warns once about bad values in update() and keeps the previous options', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { instance, shadow } = start();
    instance.update({ theme: 'sepia' as never, position: 'top' as never });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/theme must be one of.*\n.*position must be one of/s);
    expect(shadow!.querySelector('[data-position="right"]')).not.toBeNull();
  });

  it('logs one console error for missing options, shows nothing, and starts once update() completes them', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const instance = mount(document.body, {}, { environment: { storage: new MemoryStorage() } });
    instances.push(instance);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toContain('domain is required');
    expect(error.mock.calls[0]![0]).toContain('apiKey is required');
    expect(document.querySelector('[data-docent]')).toBeNull();
    const opened = vi.fn();
    instance.on('open', opened);
    instance.open();
    instance.update({ domain: 'acme', apiKey: 'svc_dsc_public', baseUrl: 'https://api.example.com' });
    const shadow = document.querySelector('[data-docent]')!.shadowRoot!;
    instance.open();
    await widget(shadow).findByRole('dialog');
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('refuses an admin key with an error naming the risk and renders nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    instances.push(mount(document.body, { domain: 'acme', apiKey: 'svc_admin_secret' }));
    expect(error.mock.calls[0]![0]).toMatch(/admin API key.*secret/s);
    expect(document.querySelector('[data-docent]')).toBeNull();
  });

  it('renders into a given shadow root', () => {
    const element = document.createElement('div');
    document.body.append(element);
    const root = element.attachShadow({ mode: 'open' });
    instances.push(mount(root, { domain: 'acme', apiKey: 'svc_dsc_public', baseUrl: 'https://api.example.com' }));
    expect(widget(root).getByRole('button', { name: 'Ask AI' })).toBeTruthy();
  });

  it('destroy() removes the widget and its listeners', () => {
    const { instance } = start();
    const opened = vi.fn();
    instance.on('open', opened);
    instance.destroy();
    expect(document.querySelector('[data-docent]')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'i', code: 'KeyI', ctrlKey: true });
    instance.open();
    expect(opened).not.toHaveBeenCalled();
  });

  it('with scheduleStep, renders the launcher and then connects the shortcut in the steps it runs', () => {
    const steps: Array<() => void> = [];
    const instance = mount(
      document.body,
      { domain: 'acme', apiKey: 'svc_dsc_public', baseUrl: 'https://api.example.com' },
      { environment: { storage: new MemoryStorage() }, scheduleStep: (step) => steps.push(step) },
    );
    instances.push(instance);
    const opened = vi.fn();
    instance.on('open', opened);
    const shadow = document.querySelector('[data-docent]')!.shadowRoot!;
    expect(shadow.adoptedStyleSheets.length).toBe(1);
    expect(widget(shadow).queryByRole('button', { name: 'Ask AI' })).toBeNull();

    steps.shift()!();
    expect(widget(shadow).getByRole('button', { name: 'Ask AI' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'i', code: 'KeyI', ctrlKey: true });
    expect(opened).not.toHaveBeenCalled();

    steps.shift()!();
    fireEvent.keyDown(document.body, { key: 'i', code: 'KeyI', ctrlKey: true });
    expect(opened).toHaveBeenCalledTimes(1);
    expect(steps).toHaveLength(0);
  });

  it('destroy() before the scheduled steps ran leaves nothing behind when they run', () => {
    const steps: Array<() => void> = [];
    const instance = mount(
      document.body,
      { domain: 'acme', apiKey: 'svc_dsc_public', baseUrl: 'https://api.example.com' },
      { environment: { storage: new MemoryStorage() }, scheduleStep: (step) => steps.push(step) },
    );
    const opened = vi.fn();
    instance.on('open', opened);
    instance.destroy();
    while (steps.length > 0) steps.shift()!();
    expect(document.querySelector('[data-docent]')).toBeNull();
    // No shortcut listener was left behind: the next widget opens with one press, the old none.
    const next = start();
    const nextOpened = vi.fn();
    next.instance.on('open', nextOpened);
    fireEvent.keyDown(document.body, { key: 'i', code: 'KeyI', ctrlKey: true });
    expect(nextOpened).toHaveBeenCalledTimes(1);
    expect(opened).not.toHaveBeenCalled();
  });
});

describe('keyboard', () => {
  it('toggles the panel with the shortcut (Ctrl+I off Apple platforms)', async () => {
    const { shadow } = start();
    fireEvent.keyDown(document.body, { key: 'i', code: 'KeyI', ctrlKey: true });
    await widget(shadow!).findByRole('dialog');
    fireEvent.keyDown(widget(shadow!).getByRole('textbox', { name: 'Message' }), { key: 'i', code: 'KeyI', ctrlKey: true });
    await waitFor(() => expect(widget(shadow!).queryByRole('dialog')).toBeNull());
  });

  it('takes a mod shortcut also while the reader types in a host field, but not a plain key', async () => {
    document.body.innerHTML = '<input id="search">';
    const { instance } = start({ shortcut: '/' });
    const opened = vi.fn();
    instance.on('open', opened);
    const field = document.querySelector('#search')!;
    fireEvent.keyDown(field, { key: '/' });
    expect(opened).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(opened).toHaveBeenCalledTimes(1);
    instance.update({ shortcut: 'mod+k' });
    instance.close();
    fireEvent.keyDown(field, { key: 'k', code: 'KeyK', ctrlKey: true });
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('does nothing with shortcut: false', () => {
    const { instance } = start({ shortcut: false });
    const opened = vi.fn();
    instance.on('open', opened);
    fireEvent.keyDown(document.body, { key: 'i', code: 'KeyI', ctrlKey: true });
    expect(opened).not.toHaveBeenCalled();
  });

  it('keeps keystrokes typed in the widget from the host page’s hotkeys', async () => {
    const { instance, shadow } = start();
    const hostKeys: string[] = [];
    for (const type of ['keydown', 'keyup', 'keypress']) document.addEventListener(type, (event) => hostKeys.push(event.type));
    instance.open();
    const textbox = await widget(shadow!).findByRole('textbox', { name: 'Message' });
    fireEvent.keyDown(textbox, { key: 's' });
    fireEvent.keyPress(textbox, { key: 's' });
    fireEvent.keyUp(textbox, { key: 's' });
    expect(hostKeys).toEqual([]);
    fireEvent.keyDown(document.body, { key: 's' });
    expect(hostKeys).toEqual(['keydown']);
  });
});

describe('page context', () => {
  it('gives code blocks an "Ask AI" button once idle that attaches the code and opens the panel', async () => {
    document.body.innerHTML = '<section id="setup"><pre>npm install docent</pre></section>';
    const { instance, shadow } = start();
    const opened = vi.fn();
    instance.on('open', opened);
    // The button's layer appears, outside the page's tree, once the reader points at a block.
    const host = await findCodeBlockAction(document.querySelector('pre')!);
    const button = host.shadowRoot!.querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe('Ask AI about this code');
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);
    const dialog = await widget(shadow!).findByRole('dialog');
    expect(dialog.textContent).toContain('npm install docent');
  });

  it('adds no code-block buttons with codeBlocks: false, and removes them when turned off', async () => {
    document.body.innerHTML = '<pre>code</pre>';
    const { instance } = start();
    await waitFor(() => {
      document.querySelector('pre')!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      expect(document.querySelector('[data-docent-code-action]')).not.toBeNull();
    });
    instance.update({ codeBlocks: false });
    expect(document.querySelector('[data-docent-code-action]')).toBeNull();
  });
});
