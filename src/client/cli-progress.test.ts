import { describe, expect, it } from 'vitest';
import { startProgress } from './cli-progress.js';

describe('progress indicator', () => {
  it('draws one updating line on a terminal and clears it when stopped', async () => {
    const written: string[] = [];
    const progress = startProgress({ isTTY: true, write: (text: string) => written.push(text) }, 'Job 1: waiting');
    progress.update('Job 1: active');
    await new Promise((resolve) => setTimeout(resolve, 150));
    progress.stop();
    expect(written[0]).toMatch(/^\r\S Job 1: waiting \(0 s\)\x1b\[K$/);
    expect(written.some((line) => line.includes('Job 1: active'))).toBe(true);
    expect(written.at(-1)).toBe('\r\x1b[K');
    const count = written.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(written.length).toBe(count);
  });

  it('writes nothing when the stream is not a terminal (logs, pipes, CI)', () => {
    const written: string[] = [];
    const progress = startProgress({ isTTY: false, write: (text: string) => written.push(text) }, 'Job 1: waiting');
    progress.update('Job 1: active');
    progress.stop();
    expect(written).toEqual([]);
  });
});
