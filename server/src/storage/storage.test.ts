import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { applyMigrations, openDatabase, type DocentDatabase } from './database';
import { RateLimitStore, windowBounds, type RateLimitRule } from './rate-limit-store';
import { ThreadStore } from './thread-store';

const folders: string[] = [];
const databases: DocentDatabase[] = [];
function freshFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'docent-storage-'));
  folders.push(folder);
  return folder;
}
function open(folder: string): DocentDatabase {
  const database = openDatabase(folder);
  databases.push(database);
  return database;
}
afterEach(() => {
  for (const database of databases.splice(0)) if (database.open) database.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('openDatabase and applyMigrations', () => {
  test('uses WAL and applies each module statement once, in order, across reopenings', () => {
    const folder = freshFolder();
    const first = open(folder);
    expect(first.pragma('journal_mode', { simple: true })).toBe('wal');
    applyMigrations(first, 'notes', ['CREATE TABLE notes (text TEXT)']);
    first.close();
    const second = open(folder);
    applyMigrations(second, 'notes', ['CREATE TABLE notes (text TEXT)', 'ALTER TABLE notes ADD COLUMN author TEXT']);
    second.prepare('INSERT INTO notes (text, author) VALUES (?, ?)').run('hi', 'me');
    expect(second.prepare('SELECT module, step FROM migrations ORDER BY step').all()).toEqual([
      { module: 'notes', step: 0 },
      { module: 'notes', step: 1 },
    ]);
  });
});

describe('ThreadStore', () => {
  test('creates unguessable URL-safe ids and keeps messages across a reopen', () => {
    const folder = freshFolder();
    let now = 1_000;
    const threads = new ThreadStore(open(folder), () => now);
    const thread = threads.createThread({ domain: 'demo', fp: 'anonymous' });
    expect(thread.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(threads.createThread({ domain: 'demo', fp: 'anonymous' }).id).not.toBe(thread.id);
    threads.addMessage({ threadId: thread.id, role: 'user', text: 'Q', fp: 'anonymous', currentPath: '/docs/', context: [{ type: 'code', value: 'x' }] });
    now = 2_000;
    threads.addMessage({ threadId: thread.id, role: 'assistant', text: 'A', fp: 'anonymous', currentPath: null, context: [] });
    databases[0]?.close();

    const reopened = new ThreadStore(open(folder));
    expect(reopened.findThread(thread.id)).toEqual({ ...thread, updatedAt: 2_000 });
    expect(reopened.listMessages(thread.id)).toEqual([
      { threadId: thread.id, role: 'user', text: 'Q', fp: 'anonymous', currentPath: '/docs/', context: [{ type: 'code', value: 'x' }], createdAt: 1_000 },
      { threadId: thread.id, role: 'assistant', text: 'A', fp: 'anonymous', currentPath: null, context: [], createdAt: 2_000 },
    ]);
    expect(reopened.findThread('nope')).toBeUndefined();
  });
});

describe('RateLimitStore', () => {
  const rules = (ipLimit: number): RateLimitRule[] => [
    { bucket: 'key:k', limit: 5, window: 'month' },
    { bucket: 'ip:1.2.3.4', limit: ipLimit, window: 'day' },
  ];

  test('windows follow the UTC calendar', () => {
    const now = Date.UTC(2025, 1, 14, 13, 45);
    expect(windowBounds('hour', now)).toEqual({ start: Date.UTC(2025, 1, 14, 13), end: Date.UTC(2025, 1, 14, 14) });
    expect(windowBounds('day', now)).toEqual({ start: Date.UTC(2025, 1, 14), end: Date.UTC(2025, 1, 15) });
    expect(windowBounds('month', now)).toEqual({ start: Date.UTC(2025, 1, 1), end: Date.UTC(2025, 2, 1) });
  });

  test('reports the tightest counter, refuses past a limit without charging the others, and resets with the window', () => {
    const store = new RateLimitStore(open(freshFolder()));
    const now = Date.UTC(2025, 1, 14, 13);
    const first = store.consume(rules(2), now);
    expect(first).toEqual({ allowed: true, binding: { rule: rules(2)[1], remaining: 1, resetAt: Date.UTC(2025, 1, 15) } });
    expect(store.consume(rules(2), now).binding.remaining).toBe(0);
    expect(store.consume(rules(2), now)).toMatchObject({ allowed: false, binding: { remaining: 0, resetAt: Date.UTC(2025, 1, 15) } });
    // The refused request did not use up the monthly key quota: 2 of 5 used, so 3 remain before this one.
    const nextDay = store.consume(rules(2), Date.UTC(2025, 1, 15, 1));
    expect(nextDay.allowed).toBe(true);
    expect(store.consume([rules(2)[0]!], Date.UTC(2025, 1, 15, 1)).binding.remaining).toBe(1);
  });

  test('counters survive a reopen', () => {
    const folder = freshFolder();
    const now = Date.UTC(2025, 1, 14, 13);
    new RateLimitStore(open(folder)).consume(rules(2), now);
    databases[0]?.close();
    expect(new RateLimitStore(open(folder)).consume(rules(2), now).binding.remaining).toBe(0);
  });
});
