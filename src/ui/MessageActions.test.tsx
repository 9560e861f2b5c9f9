// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultLabels } from '../core/labels.js';
import { MessageActions } from './MessageActions.js';

afterEach(cleanup);

describe('MessageActions', () => {
  it('copies the answer and says so', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<MessageActions text="The answer." feedback={undefined} onFeedback={() => {}} labels={defaultLabels} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy answer' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith('The answer.');
    expect(screen.getByRole('status').textContent).toBe('Copied');
  });

  it('shows the rating as pressed toggle buttons and reports choices', () => {
    const onFeedback = vi.fn();
    render(<MessageActions text="x" feedback="down" onFeedback={onFeedback} labels={defaultLabels} />);
    expect(screen.getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Good answer' }));
    expect(onFeedback).toHaveBeenCalledWith('up');
    expect(screen.getByRole('status').textContent).toBe('Thanks for your feedback');
  });

  it('offers Regenerate only when asked to', () => {
    const onRegenerate = vi.fn();
    const { rerender } = render(<MessageActions text="x" feedback={undefined} onFeedback={() => {}} labels={defaultLabels} />);
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    rerender(<MessageActions text="x" feedback={undefined} onFeedback={() => {}} onRegenerate={onRegenerate} labels={defaultLabels} />);
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(onRegenerate).toHaveBeenCalledOnce();
  });
});
