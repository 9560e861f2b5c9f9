/**
 * Keeps the host page's `Prism` global out of reach of the Prism core the widget bundles.
 * Importing this module (before `prismjs/components/prism-core.js`) puts a stand-in
 * `{ manual: true }` where the core looks for it, so the core never reads the host's
 * settings and never schedules highlighting of the host's code blocks; {@link restoreHostPrism},
 * called right after the core has loaded, puts back exactly what the host had (or nothing).
 *
 * The core reads and writes `Prism` on the page's global object, and also on `global` when a
 * page defines one (a common Node polyfill), so both are guarded.
 */

type HostObject = Record<PropertyKey, unknown>;

const standIn = { manual: true, disableWorkerMessageHandler: true };

const hosts = new Set<HostObject>([globalThis as unknown as HostObject]);
const globalPolyfill = (globalThis as { global?: unknown }).global;
if (typeof globalPolyfill === 'object' && globalPolyfill !== null) hosts.add(globalPolyfill as HostObject);

const saved = [...hosts].map((host) => ({ host, descriptor: Object.getOwnPropertyDescriptor(host, 'Prism') }));

for (const { host, descriptor } of saved) {
  // `var Prism` in a host script (prism.js itself declares one) is writable but not
  // configurable: assign to it. An accessor or a frozen property is left alone; the core's
  // auto-highlighting is switched off again after it loads (see prism.ts).
  if (descriptor === undefined || descriptor.configurable) {
    Reflect.defineProperty(host, 'Prism', { value: standIn, writable: true, configurable: true });
  } else if ('value' in descriptor && descriptor.writable) {
    host.Prism = standIn;
  }
}

/** Puts back the host page's `Prism` global (or its absence) as it was before the core loaded. */
export function restoreHostPrism(): void {
  for (const { host, descriptor } of saved) {
    if (descriptor === undefined) Reflect.deleteProperty(host, 'Prism');
    else if (descriptor.configurable) Reflect.defineProperty(host, 'Prism', descriptor);
    else if ('value' in descriptor && descriptor.writable) host.Prism = descriptor.value;
  }
}
