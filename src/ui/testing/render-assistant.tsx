import { render } from '@testing-library/preact';
import type { ServerResponse } from 'node:http';
import { Assistant } from '../Assistant.js';
import type { DocentEventMap } from '../../core/events.js';
import { resolveOptions } from '../../core/options.js';
import { createWidgetStore } from '../../core/store.js';
import type { WidgetStore } from '../../core/store.js';
import { MemoryStorage } from '../../core/testing/memory-storage.js';
import { startScriptedServer } from '../../core/testing/scripted-server.js';

/** What {@link renderAssistant} gives a test. */
export interface AssistantHarness {
  /** The real local HTTP server the widget talks to (same origin as the test page). */
  server: Awaited<ReturnType<typeof startScriptedServer>>;
  store: WidgetStore;
  /** The tab's storage, to render a second widget over it (a reload). */
  storage: MemoryStorage;
  /** Every event the widget emitted, in order. */
  events: Array<{ name: keyof DocentEventMap; payload: unknown }>;
  /** Renders another widget over the same storage and server, like the page after a reload. */
  reload(): WidgetStore;
  close(): Promise<void>;
}

const eventNames: Array<keyof DocentEventMap> = ['open', 'close', 'submit', 'finish', 'error', 'feedback', 'source-click'];

/**
 * Renders `<Assistant>` in the happy-dom page with the real store and transport, talking to
 * a real HTTP server on 127.0.0.1. The page is moved to the server's origin so the browser's
 * fetch treats it as same-origin, as the widget is on a docs site with a same-origin proxy.
 */
export async function renderAssistant(options: Record<string, unknown> = {}): Promise<AssistantHarness> {
  const server = await startScriptedServer();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.url}/docs/page`);
  const storage = new MemoryStorage();
  const events: AssistantHarness['events'] = [];
  const resolution = resolveOptions({ domain: 'demo', apiKey: 'svc_dsc_test', baseUrl: server.url, ...options });
  if (resolution.options === null) throw new Error(resolution.errors.join('\n'));
  const resolved = resolution.options;
  const stores: WidgetStore[] = [];
  const start = (): WidgetStore => {
    const store = createWidgetStore(resolved, {
      storage,
      location: { pathname: '/docs/page', origin: server.url },
    });
    for (const name of eventNames) store.events.on(name, (payload) => events.push({ name, payload }));
    stores.push(store);
    render(<Assistant store={store} />);
    return store;
  };
  const store = start();
  return {
    server,
    store,
    storage,
    events,
    reload: start,
    async close() {
      for (const each of stores) each.dispose();
      await server.close();
    },
  };
}

/**
 * A streamed response the test controls: headers go out at once, then each `send` writes
 * server-sent events, and `end` closes the body (with or without a `finish`).
 */
export function heldStream(): {
  respond: (response: ServerResponse) => void;
  send(chunks: unknown[]): void;
  end(text?: string): void;
  opened: Promise<void>;
} {
  let target: ServerResponse | undefined;
  let markOpened: () => void = () => {};
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  return {
    respond(response) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' });
      response.flushHeaders();
      target = response;
      markOpened();
    },
    send(chunks) {
      target?.write(chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join(''));
    },
    end(text = '') {
      target?.end(text);
    },
    opened,
  };
}
