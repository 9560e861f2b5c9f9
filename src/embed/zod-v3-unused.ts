/**
 * Build-time stand-in for `zod/v3` in the script-tag bundle only (see vite.config.ts).
 * The chat SDK imports zod 3 for one purpose: turning zod 3 schemas into JSON Schema. Every
 * schema the widget's code paths meet is zod 4 (the SDK's own chunk schemas), so that branch
 * never runs in the bundle, and zod 3 (about 13 kB gzip) would be dead weight. The npm build
 * leaves zod to the consumer and does not use this file.
 */
export const ZodFirstPartyTypeKind: Readonly<Record<string, string>> = Object.freeze({});
