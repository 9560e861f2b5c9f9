// @vitest-environment happy-dom
import { within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocentChatElement } from './element.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
  vi.restoreAllMocks();
});

async function place(html: string): Promise<DocentChatElement> {
  document.body.innerHTML = html;
  await settle();
  return document.querySelector('docent-chat')!;
}

const widget = (element: DocentChatElement) => within(element.shadowRoot as unknown as HTMLElement);

describe('<docent-chat>', () => {
  it('is registered and starts from its kebab-case attributes', async () => {
    expect(customElements.get('docent-chat')).toBe(DocentChatElement);
    const element = await place(
      '<docent-chat domain="acme" api-key="svc_dsc_public" base-url="https://api.example.com" labels=\'{"launcher":"Ask Acme"}\'></docent-chat>',
    );
    expect(element.shadowRoot?.mode).toBe('open');
    expect(widget(element).getByRole('button', { name: 'Ask Acme' })).toBeTruthy();
    element.docent!.open();
    await widget(element).findByRole('dialog', { name: 'Ask AI' });
  });

  it('takes camelCase properties set right after insertion, before it starts', async () => {
    const element = document.createElement('docent-chat');
    document.body.append(element);
    element.domain = 'acme';
    element.apiKey = 'svc_dsc_public';
    element.baseUrl = 'https://api.example.com';
    element.labels = { launcher: 'Fragen' };
    await settle();
    expect(widget(element).getByRole('button', { name: 'Fragen' })).toBeTruthy();
    expect(element.apiKey).toBe('svc_dsc_public');
  });

  it('applies attribute and property changes live; the open attribute opens and closes the panel', async () => {
    const element = await place('<docent-chat domain="acme" api-key="svc_dsc_public" base-url="https://api.example.com"></docent-chat>');
    element.setAttribute('labels', '{"launcher":"Changed"}');
    expect(await widget(element).findByRole('button', { name: 'Changed' })).toBeTruthy();
    element.setAttribute('open', '');
    await widget(element).findByRole('dialog');
    element.open = false;
    await settle();
    expect(widget(element).queryByRole('dialog')).toBeNull();
  });

  it('logs one error naming the missing attribute', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = await place('<docent-chat api-key="svc_dsc_public"></docent-chat>');
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toContain('domain is required: add domain="your-domain" to <docent-chat>');
    expect(widget(element).queryByRole('button')).toBeNull();
  });

  it('survives being moved and is removed with the element', async () => {
    document.body.innerHTML = '<div id="a"></div><div id="b"></div>';
    const chat = document.createElement('docent-chat');
    chat.setAttribute('domain', 'acme');
    chat.setAttribute('api-key', 'svc_dsc_public');
    document.querySelector('#a')!.append(chat);
    await settle();
    const instance = chat.docent;
    document.querySelector('#b')!.append(chat);
    await settle();
    expect(chat.docent).toBe(instance);
    expect(widget(chat).getByRole('button', { name: 'Ask AI' })).toBeTruthy();
    chat.remove();
    await settle();
    expect(chat.docent).toBeUndefined();
    expect(chat.shadowRoot!.querySelector('[data-docent-root]')).toBeNull();
  });
});
