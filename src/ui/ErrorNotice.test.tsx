// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssistantError, interruptedErrorText } from '../core/assistant-error.js';
import { defaultLabels } from '../core/labels.js';
import { ErrorNotice } from './ErrorNotice.js';

afterEach(cleanup);

function shown(error: unknown): string {
  render(<ErrorNotice error={error} labels={defaultLabels} onRetry={() => {}} />);
  const text = screen.getByRole('alert').textContent ?? '';
  cleanup();
  return text;
}

describe('ErrorNotice', () => {
  it('tells the reader what happened, by kind', () => {
    expect(shown(new AssistantError('network'))).toContain(defaultLabels.errorNetwork);
    expect(shown(new AssistantError('auth', 'bad key', { status: 401 }))).toContain(defaultLabels.errorAuth);
    expect(shown(new AssistantError('thread-not-found'))).toContain(defaultLabels.errorThreadNotFound);
    expect(shown(new AssistantError('rate-limited', undefined, { retryAfterSeconds: 12 }))).toContain(
      'Too many questions right now. Try again in 12 seconds.',
    );
    expect(shown(new AssistantError('rate-limited'))).toContain(defaultLabels.errorRateLimitedSoon);
    expect(shown(new AssistantError('server'))).toContain(defaultLabels.errorServer);
    expect(shown(new AssistantError('bad-request'))).toContain(defaultLabels.errorBadRequest);
    expect(shown(new Error(interruptedErrorText))).toContain(defaultLabels.errorInterrupted);
    expect(shown(new TypeError('Failed to fetch'))).toContain(defaultLabels.errorNetwork);
  });

  it('offers Retry', () => {
    const onRetry = vi.fn();
    render(<ErrorNotice error={new AssistantError('server')} labels={defaultLabels} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('uses the site’s labels', () => {
    const labels = { ...defaultLabels, errorNetwork: 'Keine Verbindung.', retry: 'Erneut versuchen' };
    render(<ErrorNotice error={new AssistantError('network')} labels={labels} onRetry={() => {}} />);
    expect(screen.getByRole('alert').textContent).toContain('Keine Verbindung.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
