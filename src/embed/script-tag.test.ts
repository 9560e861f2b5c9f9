// @vitest-environment happy-dom
import { within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Puts a configured <script> tag in the page and evaluates the script-tag entry, as the browser would. */
async function load(attributes: Record<string, string>): Promise<void> {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
  vi.resetModules();
  await import('./script-tag.js');
  await startUp();
}

/**
 * Lets the widget start: it does so in tasks of its own (host and styles, first render, the
 * replayed calls, page integrations), each queued behind the one before.
 */
async function startUp(): Promise<void> {
  for (let task = 0; task < 4; task++) await new Promise((resolve) => setTimeout(resolve, 0));
}

const shadow = () => document.querySelector('[data-docent]')?.shadowRoot ?? null;

// The panel's code (chat SDK, Markdown) is evaluated on first open, which can take more than
// findBy's default second on a busy machine; past it, testing-library's timeout message throws
// on a shadow root as an unhandled error. 4 s stays under vitest's 5 s per test.
const panelWait = { timeout: 4_000 };

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  window.Docent?.destroy?.();
  delete window.Docent;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the script tag', () => {
  it('reads its options from data-* attributes and installs window.Docent', async () => {
    await load({
      'data-domain': 'acme',
      'data-api-key': 'svc_dsc_public',
      'data-base-url': 'https://api.example.com',
      'data-labels': '{"launcher":"Ask Acme"}',
      'data-title': 'Acme assistant',
    });
    const root = shadow();
    expect(root).not.toBeNull();
    expect(within(root as unknown as HTMLElement).getByRole('button', { name: 'Ask Acme' })).toBeTruthy();
    expect(window.Docent?.version).toMatch(/^\d+\.\d+\.\d+/);
    window.Docent!.open!();
    await within(root as unknown as HTMLElement).findByRole('dialog', { name: 'Acme assistant' }, panelWait);
  });

  it('replays the calls queued on the stub before it loaded, in order', async () => {
    const seen: string[] = [];
    // The stub from the README.
    const stub: { q: unknown[]; [name: string]: unknown } = { q: [] };
    for (const name of 'open close toggle ask addContext update reset destroy on off'.split(' ')) {
      stub[name] = function (...parameters: unknown[]) {
        // eslint-disable-next-line prefer-rest-params
        stub.q.push([name, arguments]);
        void parameters;
      };
    }
    window.Docent = stub as Window['Docent'];
    (stub.on as (name: string, handler: () => void) => void)('open', () => seen.push('opened'));
    (stub.update as (options: object) => void)({ labels: { launcher: 'Queued label' } });
    (stub.open as () => void)();
    await load({ 'data-domain': 'acme', 'data-api-key': 'svc_dsc_public', 'data-base-url': 'https://api.example.com' });
    expect(seen).toEqual(['opened']);
    const root = shadow() as unknown as HTMLElement;
    await within(root).findByRole('dialog', {}, panelWait);
    // The launcher steps back (hidden, without a name) while the panel is open.
    window.Docent!.close!();
    expect(await within(root).findByRole('button', { name: 'Queued label' })).toBeTruthy();
    expect(window.Docent?.q).toBeUndefined();
  });

  it('installs window.Docent at once and replays calls made on it before the widget started', async () => {
    const script = document.createElement('script');
    script.dataset.domain = 'acme';
    script.dataset.apiKey = 'svc_dsc_public';
    document.head.append(script);
    vi.resetModules();
    await import('./script-tag.js');
    const opened = vi.fn();
    window.Docent!.on!('open', opened);
    window.Docent!.open!();
    expect(shadow()).toBeNull();
    await startUp();
    expect(opened).toHaveBeenCalledTimes(1);
    await within(shadow() as unknown as HTMLElement).findByRole('dialog', {}, panelWait);
  });

  it('logs one clear error for a missing domain and leaves the page alone', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await load({ 'data-api-key': 'svc_dsc_public' });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toContain('data-domain is required: add data-domain="your-domain" to the script tag');
    expect(shadow()).toBeNull();
    // The API exists and does nothing, so the host's own calls do not throw.
    expect(() => window.Docent!.open!()).not.toThrow();
  });

  it('refuses an admin key loudly and starts nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await load({ 'data-domain': 'acme', 'data-api-key': 'svc_secret_admin' });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatch(/data-api-key is an admin API key.*Admin keys are secret/s);
    expect(shadow()).toBeNull();
  });

  it('warns once naming unknown attributes and still starts', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await load({ 'data-domain': 'acme', 'data-api-key': 'svc_dsc_public', 'data-colour': 'red', 'data-theme': 'sepia' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('data-colour');
    expect(warn.mock.calls[0]![0]).toContain('data-theme must be one of');
    expect(shadow()).not.toBeNull();
  });

  it('does nothing the second time it is loaded', async () => {
    await load({ 'data-domain': 'acme', 'data-api-key': 'svc_dsc_public' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await load({ 'data-domain': 'acme', 'data-api-key': 'svc_dsc_public' });
    expect(warn).toHaveBeenCalledWith('[docent] docent.js was loaded twice; the second copy does nothing');
    expect(document.querySelectorAll('[data-docent]')).toHaveLength(1);
  });
});
