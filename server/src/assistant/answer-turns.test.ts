import { expect, test } from 'vitest';
import { AnswerTurns } from './answer-turns';

test('each tick hands out a few starts, then a few turns, first come first served', async () => {
  const turns = new AnswerTurns(4, 2);
  const order: string[] = [];
  const waits = [
    ...Array.from({ length: 10 }, (_, position) => turns.next().then(() => order.push(`turn ${position}`))),
    ...Array.from({ length: 3 }, (_, position) => turns.nextStart().then(() => order.push(`start ${position}`))),
  ];
  expect(turns.waiting).toBe(13);
  await Promise.all(waits);
  // Tick 1: starts 0–1, turns 0–3; tick 2: start 2, turns 4–7; tick 3: turns 8–9.
  expect(order).toEqual([
    'start 0', 'start 1', 'turn 0', 'turn 1', 'turn 2', 'turn 3',
    'start 2', 'turn 4', 'turn 5', 'turn 6', 'turn 7',
    'turn 8', 'turn 9',
  ]);
  expect(turns.waiting).toBe(0);
});

test('a turn is never handed out in the tick that asked for it: the sockets are polled first', async () => {
  const turns = new AnswerTurns();
  let handedOut = false;
  void turns.next().then(() => (handedOut = true));
  await Promise.resolve();
  expect(handedOut).toBe(false);
  await new Promise((resolve) => setImmediate(resolve));
  expect(handedOut).toBe(true);
});

test('the limits must be whole numbers above 0', () => {
  expect(() => new AnswerTurns(0)).toThrow(/turnsPerTick must be a whole number above 0/);
  expect(() => new AnswerTurns(4, 1.5)).toThrow(/startsPerTick must be a whole number above 0/);
});
