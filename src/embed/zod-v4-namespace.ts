/**
 * zod 4's public API minus `toJSONSchema`, for the script-tag bundle's `zod/v4` stand-in
 * (`zod-v4-without-json-schema.ts`, which explains why).
 */
// The real module, by path: the `zod/v4` specifier itself points at the stand-in in that build.
export * from '../../node_modules/zod/v4/classic/external.js';

/** Not available in the script-tag bundle. */
export function toJSONSchema(): never {
  throw new Error('zod toJSONSchema is not included in the Docent script-tag bundle');
}
