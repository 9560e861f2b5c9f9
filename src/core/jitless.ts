/**
 * Turns off zod's JIT before the chat SDK is evaluated. zod compiles object parsers with
 * `new Function` and, to find out whether it may, probes `new Function("")` when a schema is
 * built; on a site whose Content-Security-Policy forbids `unsafe-eval` that probe is reported as
 * a CSP violation. Jitless parsing is slower only for very large objects, which stream chunks
 * are not. Import this module first in every entry that bundles `ai`.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
