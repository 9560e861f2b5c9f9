// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseShortcut } from '../core/shortcut.js';
import { ariaKeyShortcut } from './Assistant.js';
import { Launcher } from './Launcher.js';

afterEach(cleanup);

describe('Launcher', () => {
  it('is a button named exactly by its label, with the shortcut as a hint', () => {
    const onClick = vi.fn();
    render(<Launcher label="Ask AI" expanded={false} shortcutHint="Ctrl+I" keyShortcuts="Control+I" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Ask AI' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+I');
    expect(button.textContent).toContain('Ctrl+I');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('writes shortcuts in aria-keyshortcuts form per platform', () => {
    const shortcut = parseShortcut('mod+shift+k')!;
    expect(ariaKeyShortcut(shortcut, false)).toBe('Control+Shift+K');
    expect(ariaKeyShortcut(shortcut, true)).toBe('Meta+Shift+K');
  });
});
