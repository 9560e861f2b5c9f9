import type { DocentUIMessage } from './context-item.js';
import type { SafeStorage } from './safe-storage.js';

const messagesKey = (prefix: string) => `${prefix}:messages`;

function isMessage(value: unknown): value is DocentUIMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { id, role, parts } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    (role === 'user' || role === 'assistant' || role === 'system') &&
    Array.isArray(parts) &&
    parts.every((part) => typeof part === 'object' && part !== null && typeof (part as { type?: unknown }).type === 'string')
  );
}

/**
 * The stored conversation under `<prefix>:messages`, so it survives reloads and navigation in
 * the tab. Anything that is not a list of messages (corrupt, another version) reads as empty.
 */
export function readMessages(storage: SafeStorage, prefix: string): DocentUIMessage[] {
  const stored = storage.read(messagesKey(prefix));
  if (!Array.isArray(stored) || !stored.every(isMessage)) return [];
  return stored;
}

/**
 * Stores the conversation. When the storage is full the oldest messages are dropped until it
 * fits, so a long conversation keeps its latest turns rather than nothing.
 */
export function writeMessages(storage: SafeStorage, prefix: string, messages: readonly DocentUIMessage[]): void {
  if (messages.length === 0) {
    storage.remove(messagesKey(prefix));
    return;
  }
  for (let start = 0; start < messages.length; start += 2) {
    if (storage.write(messagesKey(prefix), messages.slice(start))) return;
  }
  storage.remove(messagesKey(prefix));
}

/** Forgets the stored conversation. */
export function clearMessages(storage: SafeStorage, prefix: string): void {
  storage.remove(messagesKey(prefix));
}
