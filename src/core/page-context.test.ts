// @vitest-environment happy-dom
import { signal } from '@preact/signals-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContextItem } from './context-item.js';
import { attachCodeBlockButtons, createSelectionTracker, readPageSelection, sectionId } from './page-context.js';
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

describe('sectionId', () => {
  it('is the id of the heading that opens the section, not of a layout wrapper', () => {
    document.body.innerHTML =
      '<div id="VPContent"><main><h1 id="page">Page</h1><p id="intro">Intro</p><h2 id="install">Install</h2><p><b>text</b></p>' +
      '<h3>No id</h3><p class="deep">deeper</p><div class="sl-heading-wrapper"><h2 id="wrapped">Wrapped</h2></div><p class="after">after</p></main></div>';
    expect(sectionId(document.querySelector('b')!.firstChild)).toBe('install');
    expect(sectionId(document.querySelector('#intro'))).toBe('page');
    // A heading without an id belongs to the section of the heading above it.
    expect(sectionId(document.querySelector('.deep'))).toBe('install');
    // Starlight wraps its headings in a <div>.
    expect(sectionId(document.querySelector('.after'))).toBe('wrapped');
    expect(sectionId(document.querySelector('#install')!.firstChild)).toBe('install');
  });

  it('is undefined where no heading with an id comes before, even inside elements with ids', () => {
    document.body.innerHTML = '<nav><h2 id="sidebar">Guide</h2></nav><main id="content"><p>text</p><h2 id="later">Later</h2></main>';
    expect(sectionId(document.querySelector('p'))).toBeUndefined();
  });
});

describe('selection tracking', () => {
  it('reads the selected text and the id of the element around it', () => {
    document.body.innerHTML = '<article><h2 id="install">Install</h2><p>Run <code>npm install docent</code> first.</p></article>';
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
    document.body.innerHTML = '<h2 id="guide">Guide</h2><div id="wrapper"><p>Selectable sentence here.</p></div>';
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

describe('code-block button', () => {
  const layers = () => [...document.querySelectorAll('[data-docent-code-action]')];
  const buttonOf = (layer: Element) => layer.shadowRoot!.querySelector('button')!;
  const pointAt = (element: Element) => element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));

  it('changes nothing in the page until the reader points at a block, then offers one named button', () => {
    document.body.innerHTML = '<section><h2 id="setup">Setup</h2><pre><code>npm install docent\n</code></pre></section><pre id="two">echo hi</pre>';
    const before = document.body.innerHTML;
    const asked: ContextItem[] = [];
    const detach = attach(document, 'pre', (item) => asked.push(item), settings);
    expect(document.body.innerHTML).toBe(before);
    expect(layers()).toHaveLength(0);

    pointAt(document.querySelector('code')!);
    expect(layers()).toHaveLength(1);
    // The layer is outside the page's tree: appended to <body>, never inside a block.
    expect(layers()[0]!.parentElement).toBe(document.body);
    const button = buttonOf(layers()[0]!);
    expect(button.getAttribute('aria-label')).toBe('Ask AI about this code');
    expect(button.type).toBe('button');
    button.click();
    pointAt(document.querySelector('#two')!);
    button.click();
    expect(asked).toEqual([
      { type: 'code', value: 'npm install docent', path: '/docs/install', elementId: 'setup' },
      { type: 'code', value: 'echo hi', path: '/docs/install', elementId: 'setup' },
    ]);
    detach();
    expect(layers()).toHaveLength(0);
    pointAt(document.querySelector('#two')!);
    expect(layers()).toHaveLength(0);
  });

  it('shows one button when a second widget on the page asks for the same blocks', () => {
    document.body.innerHTML = '<pre>code</pre>';
    const first = attach(document, 'pre', () => {}, settings);
    attach(document, 'pre', () => {}, settings);
    pointAt(document.querySelector('pre')!);
    expect(layers()).toHaveLength(1);
    // When the first goes, the second takes over.
    first();
    pointAt(document.querySelector('pre')!);
    expect(layers()).toHaveLength(1);
  });

  it('sends the code as shown, line by line, for <div>-per-line markup', () => {
    document.body.innerHTML =
      '<pre><code><div class="token-line">const a = 1;<br></div><div class="token-line"><br></div><div class="token-line">a++;<br></div></code></pre>';
    const asked: ContextItem[] = [];
    attach(document, 'pre', (item) => asked.push(item), settings);
    pointAt(document.querySelector('pre')!);
    buttonOf(layers()[0]!).click();
    expect(asked[0]!.value).toBe('const a = 1;\n\na++;');
  });

  it('caps long code at 8,000 characters and marks it truncated', () => {
    document.body.innerHTML = `<pre>${'x'.repeat(8_500)}</pre>`;
    const asked: ContextItem[] = [];
    attach(document, 'pre', (item) => asked.push(item), settings);
    pointAt(document.querySelector('pre')!);
    buttonOf(layers()[0]!).click();
    expect(asked[0]!.value).toHaveLength(8_000);
    expect(asked[0]!.truncated).toBe(true);
  });

  it('works for blocks added later and only for matching blocks', () => {
    document.body.innerHTML = '<main></main>';
    attach(document, 'pre.code', () => {}, settings);
    const later = document.createElement('div');
    later.innerHTML = '<pre class="code">added</pre><pre>plain</pre>';
    document.querySelector('main')!.append(later);
    pointAt(later.querySelector('pre:not(.code)')!);
    expect(layers()).toHaveLength(0);
    pointAt(later.querySelector('pre.code')!);
    expect(layers()).toHaveLength(1);
  });
});
