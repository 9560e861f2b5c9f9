// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectionPopover, popoverPosition } from './SelectionPopover.js';

afterEach(cleanup);

const rect = { top: 100, left: 300, bottom: 120, right: 400, width: 100, height: 20 };

describe('SelectionPopover', () => {
  it('shows a keyboard-reachable button for a selection and dismisses with Escape', () => {
    const onAsk = vi.fn();
    const onDismiss = vi.fn();
    render(
      <SelectionPopover selection={{ text: 'words', rect }} label="Ask AI about this selection" text="Ask AI" onAsk={onAsk} onDismiss={onDismiss} />,
    );
    const button = screen.getByRole('button', { name: 'Ask AI about this selection' });
    expect(button.tabIndex).toBe(0);
    fireEvent.click(button);
    expect(onAsk).toHaveBeenCalledOnce();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('shows nothing without a selection', () => {
    render(<SelectionPopover selection={null} label="x" text="Ask AI" onAsk={() => {}} onDismiss={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('sits under the selection, above it near the bottom, and inside the viewport', () => {
    expect(popoverPosition(rect, { width: 1000, height: 800 })).toEqual({ top: 128, left: 350 });
    expect(popoverPosition({ ...rect, top: 770, bottom: 790 }, { width: 1000, height: 800 }).top).toBe(726);
    expect(popoverPosition({ ...rect, left: 0, width: 10 }, { width: 1000, height: 800 }).left).toBe(78);
    expect(popoverPosition({ ...rect, left: 990, width: 10 }, { width: 1000, height: 800 }).left).toBe(922);
  });
});
