// @vitest-environment happy-dom
import { signal } from '@preact/signals-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContextItem } from './context-item.js';
import { attachCodeBlockButtons, createSelectionTracker, nearestElementId, readPageSelection } from './page-context.js';
import type { PageSelection } from './store.js';

const detachers: Array<() => void> = [];
const attach = (...parameters: Parameters<typeof attachCodeBlockButtons>) => {
  const detach = attachCodeBlockButtons(...parameters);
  detachers.push(detach);
  return detach;
};

afterEach(() => {
  for (const detach of detachers.splice(0)) detach();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  document.getSelection()?.removeAllRanges();
});

const settings = { label: 'Ask AI about this code', text: 'Ask AI', path: () => '/docs/install' };

function select(node: Node, start: number, end: number): void {
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 40));

describe('nearestElementId', () => {
  it('finds the id of the node or its nearest ancestor', () => {
    document.body.innerHTML = '<section id="outer"><div><p id="inner"><b>text</b></p></div></section><p>none</p>';
    expect(nearestElementId(document.querySelector('b')!.firstChild)).toBe('inner');
    expect(nearestElementId(document.querySelector('div'))).toBe('outer');
    expect(nearestElementId(document.querySelectorAll('p')[1]!)).toBeUndefined();
  });
});

describe('selection tracking', () => {
  it('reads the selected text and the id of the element around it', () => {
    document.body.innerHTML = '<article id="install"><p>Run <code>npm install docent</code> first.</p></article>';
    select(document.querySelector('p')!.firstChild!, 0, 3);
    expect(readPageSelection(document)).toMatchObject({ text: 'Run', elementId: 'install' });
  });

  it('ignores empty selections and selections inside the widget', () => {
    document.body.innerHTML = '<p id="a">   </p><div id="widget"><p>answer text</p></div>';
    select(document.querySelector('#a')!.firstChild!, 0, 3);
    expect(readPageSelection(document)).toBeNull();
    const widget = document.querySelector('#widget')!;
    select(widget.querySelector('p')!.firstChild!, 0, 6);
    expect(readPageSelection(document, widget)).toBeNull();
    expect(readPageSelection(document)).toMatchObject({ text: 'answer' });
  });

  it('keeps store.selection in step with the page and clears it when stopped', async () => {
    document.body.innerHTML = '<div id="guide"><p>Selectable sentence here.</p></div>';
    const store = { selection: signal<PageSelection | null>(null) };
    const stop = createSelectionTracker(store, document);
    select(document.querySelector('p')!.firstChild!, 0, 10);
    await nextFrame();
    expect(store.selection.value).toMatchObject({ text: 'Selectable', elementId: 'guide' });
    document.getSelection()!.removeAllRanges();
    await nextFrame();
    expect(store.selection.value).toBeNull();
    select(document.querySelector('p')!.firstChild!, 11, 19);
    await nextFrame();
    expect(store.selection.value?.text).toBe('sentence');
    stop();
    expect(store.selection.value).toBeNull();
    select(document.querySelector('p')!.firstChild!, 0, 10);
    await nextFrame();
    expect(store.selection.value).toBeNull();
  });
});

describe('code-block buttons', () => {
  const buttonsOf = () =>
    [...document.querySelectorAll('[data-docent-code-action]')].map((host) => host.shadowRoot!.querySelector('button')!);

  it('gives each code block a named button in its own shadow root that attaches a code item', () => {
    document.body.innerHTML = '<section id="setup"><pre><code>npm install docent\n</code></pre></section><pre id="two">echo hi</pre>';
    const asked: ContextItem[] = [];
    const detach = attach(document, 'pre', (item) => asked.push(item), settings);
    const buttons = buttonsOf();
    expect(buttons).toHaveLength(2);
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Ask AI about this code');
    expect(buttons[0]!.type).toBe('button');
    // The block's text is unchanged by the button.
    expect(document.querySelector('pre')!.textContent).toBe('npm install docent\n');
    buttons[0]!.click();
    buttons[1]!.click();
    expect(asked).toEqual([
      { type: 'code', value: 'npm install docent', path: '/docs/install', elementId: 'setup' },
      { type: 'code', value: 'echo hi', path: '/docs/install', elementId: 'two' },
    ]);
    detach();
    expect(buttonsOf()).toHaveLength(0);
  });

  it('does not add a second button when a second widget on the page asks for the same blocks', () => {
    document.body.innerHTML = '<pre>code</pre>';
    attach(document, 'pre', () => {}, settings);
    attach(document, 'pre', () => {}, settings);
    expect(buttonsOf()).toHaveLength(1);
  });

  it('equips a page with many blocks in slices of a few milliseconds, without a long task', async () => {
    document.body.innerHTML = '<pre>code</pre>'.repeat(100);
    let now = 0;
    // Every clock reading is 10 ms later: each slice does one batch and yields.
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 10));
    attach(document, 'pre', () => {}, settings);
    expect(buttonsOf()).toHaveLength(16);
    await vi.waitFor(() => expect(buttonsOf()).toHaveLength(100));
  });

  it('keeps the click from reaching the host page’s handlers on the block', () => {
    document.body.innerHTML = '<pre>code</pre>';
    let hostClicks = 0;
    document.querySelector('pre')!.addEventListener('click', () => hostClicks++);
    attach(document, 'pre', () => {}, settings);
    buttonsOf()[0]!.click();
    expect(hostClicks).toBe(0);
  });

  it('caps long code at 8,000 characters and marks it truncated', () => {
    document.body.innerHTML = `<pre>${'x'.repeat(8_500)}</pre>`;
    const asked: ContextItem[] = [];
    attach(document, 'pre', (item) => asked.push(item), settings);
    buttonsOf()[0]!.click();
    expect(asked[0]!.value).toHaveLength(8_000);
    expect(asked[0]!.truncated).toBe(true);
  });

  it('shows the button while the block is hovered or holds focus', () => {
    document.body.innerHTML = '<pre tabindex="0">code</pre>';
    attach(document, 'pre', () => {}, settings);
    const block = document.querySelector('pre')!;
    const host = document.querySelector('[data-docent-code-action]')!;
    expect(host.hasAttribute('data-visible')).toBe(false);
    block.dispatchEvent(new Event('focusin'));
    expect(host.hasAttribute('data-visible')).toBe(true);
  });

  it('attaches to blocks added later and forgets removed ones, and only to matching blocks', async () => {
    document.body.innerHTML = '<main></main>';
    const detach = attach(document, 'pre.code', () => {}, settings);
    const later = document.createElement('div');
    later.innerHTML = '<pre class="code">added</pre><pre>plain</pre>';
    document.querySelector('main')!.append(later);
    await nextFrame();
    expect(buttonsOf()).toHaveLength(1);
    later.remove();
    await nextFrame();
    detach();
    expect(later.querySelector('[data-docent-code-action]')).toBeNull();
  });

  it('makes a static block relative for the button and restores it on detach', () => {
    document.body.innerHTML = '<pre>code</pre><pre style="position: absolute">other</pre>';
    const detach = attach(document, 'pre', () => {}, settings);
    const [plain, positioned] = document.querySelectorAll('pre');
    expect(plain!.style.position).toBe('relative');
    expect(positioned!.style.position).toBe('absolute');
    detach();
    expect(plain!.style.position).toBe('');
    expect(positioned!.style.position).toBe('absolute');
  });
});
