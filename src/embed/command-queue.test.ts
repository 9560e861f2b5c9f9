import { describe, expect, it, vi } from 'vitest';
import { replayQueue } from './command-queue.js';
import type { DocentInstance } from './mount.js';

function recordingInstance(calls: unknown[][]): DocentInstance {
  const record = (name: string) => (...parameters: unknown[]) => void calls.push([name, ...parameters]);
  return {
    open: record('open'),
    close: record('close'),
    toggle: record('toggle'),
    ask: record('ask'),
    addContext: record('addContext'),
    update: record('update'),
    reset: record('reset'),
    destroy: record('destroy'),
    on: record('on') as unknown as DocentInstance['on'],
    off: record('off'),
  } as DocentInstance;
}

function argumentsOf(..._parameters: unknown[]): IArguments {
  // eslint-disable-next-line prefer-rest-params
  return arguments;
}

describe('replayQueue', () => {
  it('replays [method, arguments] entries of the object stub in order', () => {
    const calls: unknown[][] = [];
    const handler = () => {};
    replayQueue(
      [
        ['on', argumentsOf('finish', handler)],
        ['ask', argumentsOf('Why?', { open: false })],
        ['addContext', [{ type: 'code', value: 'x' }]],
        ['open', argumentsOf()],
      ],
      recordingInstance(calls),
    );
    expect(calls).toEqual([
      ['on', 'finish', handler],
      ['ask', 'Why?', { open: false }],
      ['addContext', { type: 'code', value: 'x' }],
      ['open'],
    ]);
  });

  it('replays the arguments of a function stub (Docent("open"))', () => {
    const calls: unknown[][] = [];
    replayQueue([argumentsOf('update', { theme: 'dark' }), argumentsOf('open')], recordingInstance(calls));
    expect(calls).toEqual([['update', { theme: 'dark' }], ['open']]);
  });

  it('skips unknown methods with a warning and survives a throwing call', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls: unknown[][] = [];
    const instance = recordingInstance(calls);
    instance.reset = () => {
      throw new Error('broken');
    };
    replayQueue([['explode', []], ['reset', []], ['open', []], 'garbage'], instance);
    expect(warn.mock.calls[0]![0]).toContain('unknown method "explode"');
    expect(error.mock.calls[0]![0]).toContain('queued reset() failed');
    expect(calls).toEqual([['open']]);
    warn.mockRestore();
    error.mockRestore();
  });

  it('ignores a missing queue', () => {
    expect(() => replayQueue(undefined, recordingInstance([]))).not.toThrow();
  });
});
