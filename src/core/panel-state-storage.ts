import type { SafeStorage } from './safe-storage.js';

const openKey = (prefix: string) => `${prefix}:open`;

/**
 * Whether the panel was open when this tab last left a page of the site (`<prefix>:open`),
 * so that on a multi-page site the panel stays open across full page loads, and stays closed
 * once the reader closed it. Undefined when nothing usable is stored: the `open` option decides.
 */
export function readPanelOpen(storage: SafeStorage, prefix: string): boolean | undefined {
  const stored = storage.read(openKey(prefix));
  return typeof stored === 'boolean' ? stored : undefined;
}

/** Records that the reader opened or closed the panel in this tab. */
export function writePanelOpen(storage: SafeStorage, prefix: string, open: boolean): void {
  storage.write(openKey(prefix), open);
}
