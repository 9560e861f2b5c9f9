// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultLabels } from '../core/labels.js';
import { ContextChips, contextPreview } from './ContextChips.js';

afterEach(cleanup);

describe('ContextChips', () => {
  const items = [
    { type: 'code' as const, value: 'npm install docent\nnpm run build' },
    { type: 'textSelection' as const, value: 'A long passage of selected text. '.repeat(300).slice(0, 8000), truncated: true },
  ];

  it('shows each item with its type, a preview and the truncated note', () => {
    render(<ContextChips items={items} labels={defaultLabels} onRemove={() => {}} />);
    const list = screen.getByRole('list', { name: 'Attached context' });
    const [code, selection] = within(list).getAllByRole('listitem');
    expect(code?.textContent).toContain('Code');
    expect(code?.textContent).toContain('npm install docent npm run build');
    expect(code?.textContent).not.toContain('Truncated');
    expect(selection?.textContent).toContain('Selection');
    expect(selection?.textContent).toContain('Truncated to 8,000 characters');
  });

  it('removes an item with a button named after it', () => {
    const onRemove = vi.fn();
    render(<ContextChips items={items} labels={defaultLabels} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Code “npm install docent npm run build”' }));
    expect(onRemove).toHaveBeenCalledWith(0);
    fireEvent.click(screen.getByRole('button', { name: /^Remove Selection “A long passage/ }));
    expect(onRemove).toHaveBeenLastCalledWith(1);
  });

  it('is read-only without onRemove and renders nothing without items', () => {
    const { container } = render(<ContextChips items={items} labels={defaultLabels} />);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    render(<ContextChips items={[]} labels={defaultLabels} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('previews a value on one line, cut with an ellipsis', () => {
    expect(contextPreview('  a\n\tb  ')).toBe('a b');
    const preview = contextPreview('x'.repeat(100));
    expect(preview).toHaveLength(48);
    expect(preview.endsWith('…')).toBe(true);
  });
});
