/**
 * Build-time stand-in for `zod/v4` in the script-tag bundle only (see vite.config.ts): zod 4
 * as it is, minus `toJSONSchema`. The chat SDK converts schemas to JSON Schema only to describe
 * tools to a model, and only when asked for a schema's `jsonSchema`; the widget does neither,
 * so the converter (about 3 kB gzip) is dead weight there. Calling it throws. `z` stays a real
 * module namespace, so the bundler still drops every part of zod the SDK does not use.
 */
import * as z from './zod-v4-namespace.js';

export * from './zod-v4-namespace.js';
export { z };
export default z;
