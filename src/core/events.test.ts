// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createEmitter, type DocentEventMap } from './events.js';

describe('createEmitter', () => {
  it('calls handlers in order and stops calling removed ones', () => {
    const events = createEmitter<DocentEventMap>({ target: null });
    const seen: string[] = [];
    const first = ({ threadId }: DocentEventMap['finish']) => seen.push(`first ${threadId}`);
    const stopSecond = events.on('finish', () => seen.push('second'));
    events.on('finish', first);
    events.emit('finish', { threadId: 't1', messageId: 'm1' });
    stopSecond();
    events.off('finish', first);
    events.emit('finish', { threadId: 't2', messageId: 'm2' });
    expect(seen).toEqual(['second', 'first t1']);
  });

  it('dispatches docent:<event> CustomEvents on window with the payload as detail', () => {
    const events = createEmitter<DocentEventMap>();
    const received: unknown[] = [];
    const listener = (event: Event) => received.push((event as CustomEvent).detail);
    window.addEventListener('docent:source-click', listener);
    events.emit('source-click', { url: '/docs/a', title: 'A', messageId: 'm' });
    window.removeEventListener('docent:source-click', listener);
    expect(received).toEqual([{ url: '/docs/a', title: 'A', messageId: 'm' }]);
  });

  it('keeps going when a handler throws, and reports it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events = createEmitter<DocentEventMap>({ target: null });
    const seen: string[] = [];
    events.on('open', () => {
      throw new Error('broken host listener');
    });
    events.on('open', () => seen.push('still called'));
    events.emit('open', {});
    expect(seen).toEqual(['still called']);
    expect(error).toHaveBeenCalledWith('[docent] a "open" event handler threw:', expect.any(Error));
    error.mockRestore();
  });

  it('clear() removes every handler', () => {
    const events = createEmitter<DocentEventMap>({ target: null });
    const handler = vi.fn();
    events.on('close', handler);
    events.clear();
    events.emit('close', {});
    expect(handler).not.toHaveBeenCalled();
  });
});
