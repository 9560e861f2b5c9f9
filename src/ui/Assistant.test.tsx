// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveOptions } from '../core/options.js';
import { createWidgetStore } from '../core/store.js';
import { findCodeBlockAction } from '../core/testing/code-block-action.js';
import { MemoryStorage } from '../core/testing/memory-storage.js';
import { answerChunks, errorResponse, sse, streamResponse } from '../core/testing/scripted-server.js';
import { Assistant } from './Assistant.js';
import { loadConversation } from './conversation-loader.js';
import { heldStream, renderAssistant } from './testing/render-assistant.js';
import type { AssistantHarness } from './testing/render-assistant.js';

let harness: AssistantHarness | undefined;

// The conversation's code is loaded on first open; compiling it for the test run takes a while once.
beforeAll(async () => {
  await loadConversation();
}, 30_000);

afterEach(async () => {
  cleanup();
  await harness?.close();
  harness = undefined;
});

// Links under answers would navigate the test page away; the widget's handlers run first.
beforeEach(() => {
  document.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest?.('a')) event.preventDefault();
  });
});

async function openPanel(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Ask AI' }));
  return screen.findByRole('dialog', { name: 'Ask AI' });
}

function type(text: string): void {
  const textbox = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.input(textbox, { target: { value: text } });
}

function pressEnter(): void {
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter' });
}

async function ask(text: string): Promise<void> {
  type(text);
  pressEnter();
}

describe('Assistant', () => {
  it('opens from the launcher with focus in the textbox and closes with Escape, focus back on the launcher', async () => {
    harness = await renderAssistant({ suggestions: ['How do I install it?'] });
    const launcher = screen.getByRole('button', { name: 'Ask AI' });
    expect(screen.queryByRole('dialog')).toBeNull();
    launcher.focus();
    const dialog = await openPanel();
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
    expect(within(dialog).getByRole('button', { name: 'How do I install it?' })).toBeTruthy();
    expect(within(dialog).getByRole('log', { name: 'Conversation' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(launcher);
    expect(harness.events.map((event) => event.name)).toEqual(['open', 'close']);
  });

  it('sends a suggestion, streams the answer with sources, and announces it once finished', async () => {
    harness = await renderAssistant({ suggestions: ['How do I install it?'] });
    harness.server.respondWith(
      streamResponse(sse(answerChunks('Run **npm install docent** in your project.', { threadId: 'thread-1' }))),
    );
    const dialog = await openPanel();
    fireEvent.click(within(dialog).getByRole('button', { name: 'How do I install it?' }));
    // The log's element is the conversation's once its code is there (a task after the dialog).
    await waitFor(() => expect(within(dialog).getByRole('log').textContent).toContain('Run npm install docent in your project.'));
    const log = within(dialog).getByRole('log');
    expect(log.querySelector('strong')?.textContent).toBe('npm install docent');
    expect(log.getAttribute('aria-live')).toBe('off');

    const request = harness.server.requests[0];
    expect(request?.path).toBe('/discovery/v2/assistant/demo/message');
    expect(request?.headers.authorization).toBe('Bearer svc_dsc_test');
    expect(request?.body).toMatchObject({
      fp: 'anonymous',
      threadId: null,
      currentPath: '/docs/page',
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'How do I install it?' }] }],
    });

    const live = dialog.parentElement?.querySelector('[aria-live="polite"]');
    await waitFor(() => expect(live?.textContent).toBe('Answer ready. Run npm install docent in your project.'));
    const source = within(dialog).getByRole('link', { name: 'Install' });
    expect(source.getAttribute('href')).toBe('/docs/install#requirements');
    fireEvent.click(source);
    const messageId = (harness.events.find((event) => event.name === 'finish')?.payload as { messageId: string }).messageId;
    expect(harness.events.find((event) => event.name === 'source-click')?.payload).toEqual({
      url: '/docs/install#requirements',
      title: 'Install',
      messageId,
    });

    expect(harness.store.thread.value.threadId).toBe('thread-1');
  });

  it('shows Stop while streaming, keeps the textbox usable for the next draft, and keeps the partial answer', async () => {
    harness = await renderAssistant();
    const stream = heldStream();
    harness.server.respondWith(stream.respond);
    await openPanel();
    await ask('Tell me everything');
    await stream.opened;
    stream.send([{ type: 'start' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'First part of ' }]);
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('First part of'));

    const stop = screen.getByRole('button', { name: 'Stop' });
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    const textbox = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(textbox.disabled).toBe(false);
    type('My next question');
    pressEnter();
    expect(harness.server.requests).toHaveLength(1);
    expect(textbox.value).toBe('My next question');

    fireEvent.click(stop);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('log').textContent).toContain('First part of');
    expect(textbox.value).toBe('My next question');
    stream.end();
  });

  it('rates an answer with pressed thumbs and emits feedback with the thread id', async () => {
    harness = await renderAssistant();
    harness.server.respondWith(streamResponse(sse(answerChunks('Yes.', { threadId: 'thread-7' }))));
    await openPanel();
    await ask('Does it work?');
    const up = await screen.findByRole('button', { name: 'Good answer' });
    expect(up.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(up);
    expect(up.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe('false');
    const feedback = harness.events.find((event) => event.name === 'feedback')?.payload as Record<string, unknown>;
    expect(feedback).toMatchObject({ threadId: 'thread-7', value: 'up' });
    expect(typeof feedback.messageId).toBe('string');
    expect(screen.getByText('Thanks for your feedback')).toBeTruthy();
  });

  it('regenerates the last answer', async () => {
    harness = await renderAssistant();
    harness.server.respondWith(
      streamResponse(sse(answerChunks('First answer.', { threadId: 'thread-1' }))),
      streamResponse(sse(answerChunks('Second answer.', { threadId: 'thread-1' }))),
    );
    await openPanel();
    await ask('Question');
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('Second answer.'));
    expect(screen.getByRole('log').textContent).not.toContain('First answer.');
    expect(harness.server.requests[1]?.body).toMatchObject({ threadId: 'thread-1' });
  });

  it('sends attached context chips with the question and shows them in the sent message', async () => {
    harness = await renderAssistant();
    harness.server.respondWith(streamResponse(sse(answerChunks('It installs the package.'))));
    await openPanel();
    act(() => {
      harness!.store.addContext({ type: 'code', value: 'npm install docent', path: '/docs/install', elementId: 'setup' });
      harness!.store.addContext({ type: 'textSelection', value: 'x'.repeat(9000) });
    });
    const chips = screen.getByRole('list', { name: 'Attached context' });
    expect(within(chips).getAllByRole('listitem')).toHaveLength(2);
    expect(within(chips).getByText('Truncated to 8,000 characters')).toBeTruthy();
    fireEvent.click(within(chips).getByRole('button', { name: /^Remove Selection/ }));
    expect(within(screen.getByRole('list', { name: 'Attached context' })).getAllByRole('listitem')).toHaveLength(1);

    await ask('What does this do?');
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('It installs the package.'));
    expect(harness.server.requests[0]?.body).toMatchObject({
      context: [{ type: 'code', value: 'npm install docent', path: '/docs/install', elementId: 'setup' }],
    });
    expect(screen.queryByRole('list', { name: 'Attached context' })?.closest('form')).toBeFalsy();
    expect(within(screen.getByRole('log')).getByText('npm install docent')).toBeTruthy();
    expect(harness.events.find((event) => event.name === 'submit')?.payload).toMatchObject({ text: 'What does this do?' });
  });

  it('restores the conversation after a reload and clears it with New conversation', async () => {
    harness = await renderAssistant();
    harness.server.respondWith(streamResponse(sse(answerChunks('Kept across pages.', { threadId: 'thread-3' }))));
    await openPanel();
    await ask('Will this survive?');
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('Kept across pages.'));
    // The question is saved at once; the finished answer and the thread once the stream ends.
    await waitFor(() => expect(JSON.stringify(harness!.store.loadMessages())).toContain('Kept across pages.'));
    await waitFor(() => expect(harness!.store.thread.value.threadId).toBe('thread-3'));
    cleanup();

    const reloaded = harness.reload();
    // The panel left open is open again on the next page load, without taking focus.
    await screen.findByRole('dialog', { name: 'Ask AI' });
    expect(document.activeElement).toBe(document.body);
    // The stored conversation comes with the log's code, a task after the dialog.
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('Will this survive?'));
    expect(screen.getByRole('log').textContent).toContain('Kept across pages.');
    expect(reloaded.thread.value.threadId).toBe('thread-3');

    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(screen.getByRole('log').textContent).not.toContain('Kept across pages.'));
    expect(reloaded.thread.value.threadId).toBeNull();
    expect(reloaded.loadMessages()).toEqual([]);
  });

  it('shows the conversation of the scope the options point at', async () => {
    harness = await renderAssistant();
    harness.server.respondWith(streamResponse(sse(answerChunks('Answer for demo.'))));
    await openPanel();
    await ask('Question for demo');
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('Answer for demo.'));
    await waitFor(() => expect(JSON.stringify(harness!.store.loadMessages())).toContain('Answer for demo.'));
    expect(harness.store.loadMessages()).toHaveLength(2);
    const demoOptions = harness.store.options.value;
    act(() => harness!.store.setOptions({ ...demoOptions, domain: 'other' }));
    await waitFor(() => expect(screen.getByRole('log').textContent).not.toContain('Answer for demo.'));
    expect(harness.store.loadMessages()).toEqual([]);
    act(() => harness!.store.setOptions(demoOptions));
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('Answer for demo.'));
  });

  it('asks from code, opening the panel and sending at once', async () => {
    harness = await renderAssistant();
    harness.server.respondWith(streamResponse(sse(answerChunks('Answered from ask().'))));
    act(() => harness!.store.ask('Asked by the page', { context: [{ type: 'code', value: 'const a = 1;' }] }));
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('Answered from ask().'));
    expect(screen.getByRole('dialog', { name: 'Ask AI' })).toBeTruthy();
    expect(harness.server.requests[0]?.body).toMatchObject({ context: [{ type: 'code', value: 'const a = 1;' }] });
  });

  it('attaches a page selection from the popover and puts focus in the textbox', async () => {
    harness = await renderAssistant();
    act(() => {
      harness!.store.selection.value = {
        text: 'Selected words',
        elementId: 'intro',
        rect: { top: 100, left: 100, bottom: 120, right: 200, width: 100, height: 20 },
      };
    });
    const button = screen.getByRole('button', { name: 'Ask AI about this selection' });
    expect(button.style.top).toBe('128px');
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Ask AI' })).toBeTruthy();
    expect(harness.store.context.value).toEqual([
      { type: 'textSelection', value: 'Selected words', path: '/docs/page', elementId: 'intro' },
    ]);
    expect(screen.queryByRole('button', { name: 'Ask AI about this selection' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })));
  });

  it('applies the theme options as custom properties and the colour scheme as data-theme', async () => {
    harness = await renderAssistant({ theme: 'dark', accent: '#7c3aed', radius: 6, position: 'left', zIndex: 50 });
    const root = screen.getByRole('button', { name: 'Ask AI' }).closest('.docent-root') as HTMLElement;
    expect(root.dataset.theme).toBe('dark');
    expect(root.dataset.position).toBe('left');
    expect(root.style.getPropertyValue('--docent-accent')).toBe('#7c3aed');
    expect(root.style.getPropertyValue('--docent-radius')).toBe('6px');
    expect(root.style.getPropertyValue('--docent-z-index')).toBe('50');
    expect(root.getAttribute('style')).not.toBeNull();
  });

  it('has no launcher when launcher is false, and opens from code', async () => {
    harness = await renderAssistant({ launcher: false });
    expect(screen.queryByRole('button', { name: 'Ask AI' })).toBeNull();
    act(() => harness!.store.open());
    expect(await screen.findByRole('dialog', { name: 'Ask AI' })).toBeTruthy();
  });
});

describe('Assistant errors', () => {
  async function failWith(respond: Parameters<AssistantHarness['server']['respondWith']>[0]): Promise<HTMLElement> {
    harness = await renderAssistant();
    harness.server.respondWith(respond);
    await openPanel();
    await ask('Why?');
    return screen.findByRole('alert');
  }

  it('says a 401 is a configuration problem', async () => {
    const alert = await failWith(errorResponse(401, 'invalid_api_key', 'The API key is not valid.'));
    expect(alert.textContent).toContain('The assistant is not set up correctly on this site');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(harness!.events.find((event) => event.name === 'error')?.payload).toMatchObject({ kind: 'auth' });
  });

  it('says when to try again after a 429', async () => {
    const alert = await failWith(errorResponse(429, 'rate_limited', 'Slow down.', { 'retry-after': '30' }));
    expect(alert.textContent).toContain('Try again in 30 seconds.');
  });

  it('says the service failed on a 500, and Retry asks again', async () => {
    const alert = await failWith(errorResponse(500, 'internal', 'Boom.'));
    expect(alert.textContent).toContain('The assistant ran into a problem while answering.');
    harness!.server.respondWith(streamResponse(sse(answerChunks('Recovered.'))));
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('Recovered.'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(harness!.server.requests).toHaveLength(2);
    expect((harness!.server.requests[1]?.body as { messages: unknown[] }).messages).toHaveLength(1);
  });

  it('forgets an unknown thread, so Retry starts a new one', async () => {
    harness = await renderAssistant();
    act(() => harness!.store.setThread({ threadId: 'expired', threadKey: null }));
    harness.server.respondWith(errorResponse(404, 'thread_not_found', 'No such thread.'));
    await openPanel();
    await ask('Still there?');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This conversation has expired.');
    expect(harness.server.requests[0]?.body).toMatchObject({ threadId: 'expired' });
    await waitFor(() => expect(harness!.store.thread.value.threadId).toBeNull());
    harness.server.respondWith(streamResponse(sse(answerChunks('New thread.', { threadId: 'fresh' }))));
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('New thread.'));
    expect(harness.server.requests[1]?.body).toMatchObject({ threadId: null });
  });

  it('reports the network being down', async () => {
    harness = await renderAssistant();
    await harness.server.close();
    await openPanel();
    await ask('Anyone there?');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not reach the assistant.');
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('log').textContent).toContain('Anyone there?');
  });

  it('keeps a partial answer when the stream is cut, marks it incomplete and offers Retry', async () => {
    const alert = await failWith(
      streamResponse(
        sse(
          [{ type: 'start' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'The first half' }],
          { done: false },
        ),
      ),
    );
    expect(alert.textContent).toContain('The answer was cut off before it finished.');
    const log = screen.getByRole('log');
    expect(log.textContent).toContain('The first half');
    expect(log.textContent).toContain('This answer is incomplete');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('keeps the draft typed while a request fails', async () => {
    harness = await renderAssistant();
    const stream = heldStream();
    harness.server.respondWith(stream.respond);
    await openPanel();
    await ask('First');
    await stream.opened;
    type('A draft in progress');
    stream.end('data: {"type":"start"}\n\n');
    await screen.findByRole('alert');
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('A draft in progress');
    expect(harness.store.draft.value).toBe('A draft in progress');
  });
});

describe('Assistant on its own page (pageIntegrations)', () => {
  afterEach(() => document.getElementById('install')?.remove());

  it('connects to the page as mount() does: the shortcut toggles the panel, code blocks get an "Ask AI" button', async () => {
    document.body.insertAdjacentHTML('afterbegin', '<pre id="install"><code>npm install docent</code></pre>');
    harness = await renderAssistant({ shortcut: 'ctrl+k' });
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(harness.store.isOpen.value).toBe(true);
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(harness.store.isOpen.value).toBe(false);
    // The code block's button (in a layer of its own) appears once the reader points at the block.
    const layer = await findCodeBlockAction(document.getElementById('install')!);
    const button = layer.shadowRoot!.querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe('Ask AI about this code');
    fireEvent.click(button);
    expect(harness.store.isOpen.value).toBe(true);
    expect(harness.store.context.value.map((item) => item.value)).toEqual(['npm install docent']);
  });

  it('leaves the page alone with pageIntegrations={false}', () => {
    const resolution = resolveOptions({ domain: 'demo', apiKey: 'svc_dsc_test', baseUrl: 'https://api.example.com', shortcut: 'ctrl+k' });
    const store = createWidgetStore(resolution.options!, { storage: new MemoryStorage() });
    render(<Assistant store={store} pageIntegrations={false} />);
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(store.isOpen.value).toBe(false);
    store.dispose();
  });
});
