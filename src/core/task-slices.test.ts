import { describe, expect, it } from 'vitest';
import { createTaskSlicer } from './task-slices.js';

/** Resolves after the current task and everything queued before it (a macrotask). */
const newTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createTaskSlicer', () => {
  it('lets the current task go on while it is within the budget', () => {
    let time = 0;
    const slicer = createTaskSlicer({ budgetMilliseconds: 10, now: () => time });
    expect(slicer.pause()).toBeNull();
    time = 9;
    expect(slicer.pause()).toBeNull();
  });

  it('over the budget, waits for a new task, where a new slice starts', async () => {
    let time = 0;
    const slicer = createTaskSlicer({ budgetMilliseconds: 10, now: () => time });
    slicer.pause();
    time = 12;
    const pause = slicer.pause();
    expect(pause).not.toBeNull();
    let resumed = false;
    void pause!.then(() => (resumed = true));
    // Promise callbacks alone never get past it: only the end of the task does.
    for (let turn = 0; turn < 20; turn++) await Promise.resolve();
    expect(resumed).toBe(false);
    await pause;
    time = 13;
    expect(slicer.pause()).toBeNull();
  });

  it('starts a new slice in every new task, paused or not', async () => {
    let time = 0;
    let endTask = () => {};
    // The end of the task is told explicitly: in Node, a MessageChannel message and a timer
    // have no fixed order, so waiting on a timer would not prove the task had ended.
    const waitForNewTask = () => new Promise<void>((resolve) => (endTask = resolve));
    const slicer = createTaskSlicer({ budgetMilliseconds: 10, now: () => time, waitForNewTask });
    slicer.pause();
    endTask();
    await newTask();
    time = 100;
    expect(slicer.pause()).toBeNull();
    time = 105;
    expect(slicer.pause()).toBeNull();
  });
});
