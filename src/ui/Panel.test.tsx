// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultLabels } from '../core/labels.js';
import { Panel } from './Panel.js';

afterEach(cleanup);

function panel(open: boolean, onClose = () => {}, textbox = createRef<HTMLTextAreaElement>(), fallback = createRef<HTMLButtonElement>()) {
  return (
    <div>
      <button ref={fallback}>Launcher</button>
      <Panel
        open={open}
        title="Docs AI"
        labels={defaultLabels}
        onClose={onClose}
        onNewConversation={() => {}}
        initialFocusRef={textbox}
        fallbackFocusRef={fallback}
      >
        <textarea ref={textbox} aria-label="Message" />
      </Panel>
    </div>
  );
}

describe('Panel', () => {
  it('is a non-modal dialog named by its title, hidden while closed', () => {
    const { rerender } = render(panel(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(panel(true));
    const dialog = screen.getByRole('dialog', { name: 'Docs AI' });
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    expect(screen.getByRole('heading', { name: 'Docs AI' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New conversation' })).toBeTruthy();
    // The host page has its own banner; the panel's header row must not add a second one.
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('closes on Escape and with the close button', () => {
    const onClose = vi.fn();
    render(panel(true, onClose));
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('moves focus to the textbox on open and back to the element focused before on close', async () => {
    const outside = document.createElement('button');
    outside.textContent = 'Page button';
    document.body.append(outside);
    outside.focus();
    const textbox = createRef<HTMLTextAreaElement>();
    const fallback = createRef<HTMLButtonElement>();
    const { rerender } = render(panel(false, () => {}, textbox, fallback));
    rerender(panel(true, () => {}, textbox, fallback));
    await waitFor(() => expect(document.activeElement).toBe(textbox.current));
    rerender(panel(false, () => {}, textbox, fallback));
    await waitFor(() => expect(document.activeElement).toBe(outside));

    outside.remove();
    rerender(panel(true, () => {}, textbox, fallback));
    await waitFor(() => expect(document.activeElement).toBe(textbox.current));
    rerender(panel(false, () => {}, textbox, fallback));
    await waitFor(() => expect(document.activeElement).toBe(fallback.current));
  });

  it('does not take focus back when it was elsewhere on the page at close', async () => {
    const textbox = createRef<HTMLTextAreaElement>();
    const fallback = createRef<HTMLButtonElement>();
    const { rerender } = render(panel(true, () => {}, textbox, fallback));
    await waitFor(() => expect(document.activeElement).toBe(textbox.current));
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    rerender(panel(false, () => {}, textbox, fallback));
    await Promise.resolve();
    expect(document.activeElement).toBe(field);
    field.remove();
  });

  it('narrows the page beside it while open and gives back the page’s own margin on close', () => {
    const style = document.documentElement.style;
    style.setProperty('margin-right', '3px');
    const { rerender } = render(panel(true));
    expect(style.getPropertyValue('margin-right')).toBe('var(--docent-page-inset)');
    expect(style.getPropertyValue('--docent-page-inset')).toContain('424px');
    rerender(panel(false));
    expect(style.getPropertyValue('margin-right')).toBe('3px');
    expect(style.getPropertyValue('--docent-page-inset')).toBe('');
    style.removeProperty('margin-right');
  });

  it('hides under the page’s own search dialog while it is open', async () => {
    render(panel(true));
    const dialog = screen.getByRole('dialog', { name: 'Docs AI' });
    expect(dialog.classList.contains('docent-is-behind')).toBe(false);
    const search = document.createElement('div');
    search.className = 'DocSearch-Container';
    search.innerHTML = '<div class="DocSearch-Modal">Search</div>';
    document.body.append(search);
    await waitFor(() => expect(dialog.classList.contains('docent-is-behind')).toBe(true));
    search.remove();
    await waitFor(() => expect(dialog.classList.contains('docent-is-behind')).toBe(false));
  });
});
