#!/usr/bin/env node
// The `docent-server` command: the reference server runs its TypeScript source through tsx.
const { register } = await import('tsx/esm/api');
register();
const { main } = await import(new URL('../src/main.ts', import.meta.url).href);
await main();
