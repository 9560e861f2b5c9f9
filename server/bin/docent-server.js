#!/usr/bin/env node
// The `docent-server` command (`docent-server migrate` applies the storage migrations and exits):
// the reference server runs its TypeScript source through tsx.
const { register } = await import('tsx/esm/api');
register();
const { main } = await import(new URL('../src/main.ts', import.meta.url).href);
await main();
