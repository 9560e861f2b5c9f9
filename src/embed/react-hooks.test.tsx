// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { memo, useSyncExternalStore } from './react-hooks.js';

afterEach(cleanup);

/** A minimal external store, like the chat SDK's: a value and listeners told of each change. */
function createStore(initial: string) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: string) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listenerCount: () => listeners.size,
  };
}

describe('useSyncExternalStore', () => {
  it("renders the store's value and re-renders when it changes, until unmounted", async () => {
    const store = createStore('first');
    function View() {
      return <p>{useSyncExternalStore(store.subscribe, store.get)}</p>;
    }
    const { unmount } = render(<View />);
    expect(screen.getByText('first')).toBeTruthy();

    await act(() => store.set('second'));
    expect(screen.getByText('second')).toBeTruthy();

    unmount();
    expect(store.listenerCount()).toBe(0);
  });

  it('catches a change made between the render and the subscription', async () => {
    const store = createStore('before');
    function View() {
      const value = useSyncExternalStore(store.subscribe, store.get);
      // Changes the store during render, before the effect subscribes.
      if (value === 'before') store.set('during');
      return <p>{value}</p>;
    }
    await act(() => {
      render(<View />);
    });
    expect(screen.getByText('during')).toBeTruthy();
  });
});

describe('memo', () => {
  it('skips a re-render when the props are the same, and renders when one changes', async () => {
    const renders: string[] = [];
    const Item = memo(function Item({ text }: { text: string }) {
      renders.push(text);
      return <li>{text}</li>;
    });
    let setCount: (count: number) => void = () => {};
    let setText: (text: string) => void = () => {};
    function List() {
      const [count, updateCount] = useState(0);
      const [text, updateText] = useState('a');
      setCount = updateCount;
      setText = updateText;
      return (
        <ul data-count={count}>
          <Item text={text} />
        </ul>
      );
    }
    render(<List />);
    await act(() => setCount(1));
    expect(renders).toEqual(['a']);
    await act(() => setText('b'));
    expect(renders).toEqual(['a', 'b']);
    expect(screen.getByText('b')).toBeTruthy();
  });

  it('uses the comparison it is given', async () => {
    const renders: number[] = [];
    const Value = memo(
      function Value({ value }: { value: number }) {
        renders.push(value);
        return <span>{value}</span>;
      },
      (previous, next) => Math.floor(previous.value / 10) === Math.floor(next.value / 10),
    );
    const { rerender } = render(<Value value={1} />);
    rerender(<Value value={5} />);
    rerender(<Value value={12} />);
    expect(renders).toEqual([1, 12]);
  });
});
