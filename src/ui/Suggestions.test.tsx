// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suggestions } from './Suggestions.js';

afterEach(cleanup);

describe('Suggestions', () => {
  it('offers the starter questions as buttons that send them', () => {
    const onPick = vi.fn();
    render(<Suggestions title="Ask AI" heading="Try asking" suggestions={['How do I install it?', 'Can I theme it?']} onPick={onPick} />);
    expect(screen.getByRole('region', { name: 'Try asking' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Can I theme it?' }));
    expect(onPick).toHaveBeenCalledWith('Can I theme it?');
  });

  it('shows only the welcome without suggestions', () => {
    render(<Suggestions title="Ask AI" heading="Try asking" suggestions={[]} onPick={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Ask AI')).toBeTruthy();
  });
});
