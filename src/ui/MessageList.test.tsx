// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import type { ChatStatus } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocentUIMessage } from '../core/context-item.js';
import { defaultLabels } from '../core/labels.js';
import { MessageList } from './MessageList.js';

afterEach(cleanup);

const question: DocentUIMessage = { id: 'q', role: 'user', parts: [{ type: 'text', text: 'How?' }] };
const answer = (text: string): DocentUIMessage => ({ id: 'a', role: 'assistant', parts: [{ type: 'text', text }] });

function list(messages: DocentUIMessage[], status: ChatStatus) {
  return (
    <MessageList
      messages={messages}
      status={status}
      labels={defaultLabels}
      incompleteMessageId={null}
      feedback={{}}
      onFeedback={() => {}}
      onRegenerate={() => {}}
      onSourceClick={() => {}}
      empty={<p>Nothing yet</p>}
    />
  );
}

function liveRegion(): HTMLElement {
  return document.querySelector('[aria-live="polite"]') as HTMLElement;
}

describe('MessageList', () => {
  it('is a log that does not announce streamed tokens, and announces the finished answer once', () => {
    const { rerender } = render(list([question], 'submitted'));
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(log.getAttribute('aria-live')).toBe('off');
    expect(screen.getByRole('status').textContent).toBe('Thinking…');
    for (const text of ['Use', 'Use the', 'Use the **launcher**.']) rerender(list([question, answer(text)], 'streaming'));
    expect(liveRegion().textContent).toBe('');
    expect(screen.queryByRole('status')).toBeNull();
    rerender(list([question, answer('Use the **launcher**.')], 'ready'));
    expect(liveRegion().textContent).toBe('Answer ready. Use the launcher.');
    rerender(list([question, answer('Use the **launcher**.')], 'ready'));
    expect(liveRegion().textContent).toBe('Answer ready. Use the launcher.');
    // The next question clears it, so an identical next answer is announced again.
    rerender(list([question, answer('Use the **launcher**.'), { ...question, id: 'q2' }], 'submitted'));
    expect(liveRegion().textContent).toBe('');
  });

  it('announces nothing when the answer ended before its first word (stopped or failed)', () => {
    const { rerender } = render(list([question], 'submitted'));
    rerender(list([question, answer('')], 'streaming'));
    rerender(list([question, answer('')], 'ready'));
    expect(liveRegion().textContent).toBe('');
  });

  it('shows the empty state without messages and hides the actions while streaming', () => {
    const { rerender } = render(list([], 'ready'));
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    rerender(list([question, answer('Partial')], 'streaming'));
    expect(screen.queryByText('Nothing yet')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy answer' })).toBeNull();
    rerender(list([question, answer('Done')], 'ready'));
    expect(screen.getByRole('button', { name: 'Copy answer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy();
  });

  it('follows new text at the bottom, but not once the reader scrolls up', async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const { rerender } = render(list([question, answer('One')], 'streaming'));
    const log = screen.getByRole('log');
    let height = 1000;
    let top = 0;
    Object.defineProperty(log, 'scrollHeight', { get: () => height });
    Object.defineProperty(log, 'clientHeight', { get: () => 400 });
    Object.defineProperty(log, 'scrollTop', { get: () => top, set: (value: number) => (top = Math.min(value, height - 400)) });

    rerender(list([question, answer('One two')], 'streaming'));
    await nextFrame();
    expect(top).toBe(600);
    fireEvent.scroll(log);

    height = 1400;
    rerender(list([question, answer('One two three')], 'streaming'));
    await nextFrame();
    expect(top).toBe(1000);
    fireEvent.scroll(log);

    top = 300;
    fireEvent.scroll(log);
    height = 1800;
    rerender(list([question, answer('One two three four')], 'streaming'));
    await nextFrame();
    expect(top).toBe(300);

    top = 1390;
    fireEvent.scroll(log);
    height = 2000;
    rerender(list([question, answer('One two three four five')], 'streaming'));
    await nextFrame();
    expect(top).toBe(1600);
  });
});
